/* eslint-disable i18next/no-literal-string -- i18n-pending: this file's words are not in the catalogues yet */
import { useApp } from '../state/store';
import { kClockLabels } from '../core/clock';
import { belongs } from '../state/selectors';
import { fmtInt, isBelowResolution } from './format';
import { naiveLoads, tiledLoads } from '../core/traffic';
import { untimeableRun } from './timing';

/** Naive vs tiled for the same configuration, and the global loads each makes (2·M·N·K vs ≈ 2·M·N·K / TILE). */
export function Comparison() {
  const naive = useApp((s) => s.results.naive);
  const tiled = useApp((s) => s.results.tiled);
  if (!naive?.run || !tiled?.run || naive.status !== 'verified' || tiled.status !== 'verified') return null;
  const a = naive.config;
  const b = tiled.config;
  // The naive result must belong to the tiled run's configuration (the one rule; naive ignores the tile).
  if (!belongs(naive, 'naive', b)) return null;
  const ratio = naive.run.stats.median / tiled.run.stats.median;
  const sameClock = naive.run.clock === tiled.run.clock;
  const { m, k, n } = a.shape;
  const t = b.tile;
  // A run too small to time (near the clock's step, or spread over 50%) gives no ratio worth printing.
  const tooSmall = [naive.run, tiled.run].some((r) => untimeableRun(r) !== undefined);
  const nLoads = naiveLoads(a.shape);
  const tLoads = tiledLoads(b.shape, t);
  return (
    <section className="panel comparison" data-testid="comparison" aria-label="Naive versus tiled">
      <p>
        <strong>
          {!Number.isFinite(ratio) || isBelowResolution(naive.run.stats.median) || isBelowResolution(tiled.run.stats.median)
            ? `Tiled (tile ${t}) and naive ran below the clock's resolution: too fast to compare`
            : tooSmall
              ? `Tiled (tile ${t}) and naive: too small to time meaningfully, so no speed ratio (see the cards)`
              : `Tiled (tile ${t}) was ${ratio >= 1 ? `${ratio.toFixed(2)}× faster` : `${(1 / ratio).toFixed(2)}× slower`} than naive`}
        </strong>{' '}
        on {m}×{k}×{n} — medians, {sameClock ? kClockLabels[naive.run.clock] : 'different clocks (compare with care)'}, both verified.
      </p>
      <p className="small">
        Global-memory element loads (traffic model): naive {fmtInt(nLoads)} (2·M·N·K); tiled {fmtInt(tLoads)} (M·K·⌈N/{t}⌉ + K·N·⌈M/{t}⌉: each
        element is loaded once per workgroup that needs it and reused {t} times from workgroup memory) — {(nLoads / tLoads).toFixed(1)}× fewer.
      </p>
    </section>
  );
}
