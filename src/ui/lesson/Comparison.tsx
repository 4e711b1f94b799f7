import { Trans, useTranslation } from 'react-i18next';
import { useApp } from '../../state/store';
import { belongs } from '../../state/selectors';
import { fmtInt, isBelowResolution } from '../common/format';
import { naiveLoads, tiledLoads } from '../../core/traffic';
import { numberFormat } from '../../i18n';
import { distrustReason, untimeableRun } from '../common/timing';
import { useSoftwareAdapter } from '../common/useSoftware';

/** A ratio with two or one decimals ("2.35", "8.0"), in the language in use. */
const fixed = (x: number, digits: number) => numberFormat({ minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(x);

/** Naive vs tiled for the same configuration, and the global loads each makes (2·M·N·K vs ≈ 2·M·N·K / TILE). */
export function Comparison() {
  const { t } = useTranslation('run');
  const naive = useApp((s) => s.results.naive);
  const tiled = useApp((s) => s.results.tiled);
  const software = useSoftwareAdapter();
  if (!naive?.run || !tiled?.run || naive.status !== 'verified' || tiled.status !== 'verified') return null;
  const a = naive.config;
  const b = tiled.config;
  // The naive result must belong to the tiled run's configuration (the one rule; naive ignores the tile).
  if (!belongs(naive, 'naive', b)) return null;
  const ratio = naive.run.stats.median / tiled.run.stats.median;
  const sameClock = naive.run.clock === tiled.run.clock;
  const { m, k, n } = a.shape;
  const tile = b.tile;
  // A run too small to time (near the clock's step, or spread over 50%) gives no ratio worth printing.
  const tooSmall = [naive.run, tiled.run].some((r) => untimeableRun(r, software) !== undefined);
  // Called too small only when a time is near the clock's step; a run that only spread is noisy.
  const nearClock = [naive.run, tiled.run].some((r) => distrustReason(r) === 'untimeable');
  const nLoads = naiveLoads(a.shape);
  const tLoads = tiledLoads(b.shape, tile);
  const headline =
    !Number.isFinite(ratio) || isBelowResolution(naive.run.stats.median) || isBelowResolution(tiled.run.stats.median)
      ? t('comparison.belowResolution', { tile })
      : tooSmall
        ? t(software ? 'comparison.software' : nearClock ? 'comparison.tooSmall' : 'comparison.tooNoisy', { tile })
        : ratio >= 1
          ? t('comparison.faster', { tile, ratio: fixed(ratio, 2) })
          : t('comparison.slower', { tile, ratio: fixed(1 / ratio, 2) });
  return (
    <section className="panel comparison" data-testid="comparison" aria-label={t('comparison.label')}>
      <p>
        <Trans
          t={t}
          i18nKey="comparison.line"
          values={{ headline, m, k, n, clock: sameClock ? t(`clock.label.${naive.run.clock}`) : t('comparison.differentClocks') }}
          components={{ b: <strong /> }}
        />
      </p>
      <p className="small">{t('comparison.loads', { naive: fmtInt(nLoads), tiled: fmtInt(tLoads), tile, fewer: fixed(nLoads / tLoads, 1) })}</p>
    </section>
  );
}
