import { Trans, useTranslation } from 'react-i18next';
import { naiveLoads, tiledLoads } from '../../core/traffic';
import { isPlanFailure, tiledMapping } from '../../core/tiling';
import { kClockLabels } from '../../i18n/words';
import { numberFormat } from '../../i18n';
import { verifiedFor } from '../../state/selectors';
import { useApp } from '../../state/store';
import { fmtBytes, fmtInt, fmtMs } from '../common/format';
import { distrustHeadline, untimeableRun } from '../common/timing';
import { useState } from 'react';
import { kKernels } from '../../core/kernels';
import { timeableSize } from '../../core/trust';
import { runKernels } from '../../state/runs';
import { applyConfig } from '../../state/store';
import { useSoftwareAdapter } from '../common/useSoftware';

const kStrong = { strong: <strong /> };
/** The traffic formulas (notation, the same in every language). */
const kNaiveFormula = '2·M·N·K';
const tiledFormula = (tile: number) => `M·K·⌈N/${tile}⌉ + K·N·⌈M/${tile}⌉ ≈ 2·M·N·K/${tile}`;

/** What tiling buys (traffic model vs the measured times) and why TILE_WIDTH is what it is (PMPP chapter 4). */
export function TilingWhy() {
  const { t } = useTranslation();
  const trace = useApp((s) => s.trace);
  const gpu = useApp((s) => s.gpu);
  const results = useApp((s) => s.results);
  const [speedup, setSpeedup] = useState<number | undefined>(undefined);
  const softwareNamed = useSoftwareAdapter();
  if (!trace || gpu.state !== 'ready') return null;
  const { shape, tile } = trace.config;
  const limits = gpu.info.limits;
  const nl = naiveLoads(shape);
  const tl = tiledLoads(shape, tile);
  // Results of the traced configuration only (the one rule).
  const naive = verifiedFor(results, 'naive', trace.config);
  const tiled = verifiedFor(results, 'tiled', trace.config);
  const mapping = tiledMapping(tile, limits);
  const storage = 2 * tile * tile * 4;
  // A time too near the clock's step or too spread is shown, but never as a speed to compare.
  const software = gpu.info.isFallbackAdapter || softwareNamed;
  const untrusted = [naive, tiled].some((r) => r && untimeableRun(r.run, software) !== undefined);
  const measured = (r: typeof naive) =>
    r ? (
      <>
        <span className="num">{fmtMs(r.run.stats.median)}</span>
        {t('why.measured', { clock: kClockLabels[r.run.clock], n: r.run.stats.n })}
        {untimeableRun(r.run, software) && <em data-testid="why-untrusted"> {t('why.untrustedMark', { tooSmall: distrustHeadline(r.run, software) })}</em>}
      </>
    ) : (
      t('why.notRun')
    );
  const invocations = { tile, want: fmtInt(tile * tile), allowed: fmtInt(limits.maxComputeInvocationsPerWorkgroup) };
  const h100 = (kKernels.tiled.reference!.dawn / kKernels.naive.reference!.dawn).toFixed(1);
  const fewer = numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(nl / tl);
  const atSpeedup = speedup !== undefined && shape.m === speedup && shape.k === speedup && shape.n === speedup;
  return (
    <section className="panel" aria-labelledby="why-heading" data-testid="tiling-why">
      <h2 id="why-heading">{t('why.heading')}</h2>
      {/* On a software adapter: said once, first, why the times cannot show the speed-up, with the model and the H100 reference (issue #34). */}
      {software && (
        <p className="speed-software-note" data-testid="speed-software-note">
          {t('why.software', { fewer, ratio: h100 })}
        </p>
      )}
      <table className="why-table">
        <caption className="small">{t('why.caption', { shape: `${shape.m}×${shape.k}×${shape.n}` })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('why.colKernel')}</th>
            <th scope="col">{t('why.colLoads')}</th>
            <th scope="col">{t('why.colFormula')}</th>
            <th scope="col">{t('why.colMedian')}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{t('why.naive')}</th>
            <td>{fmtInt(nl)}</td>
            <td>{kNaiveFormula}</td>
            <td>{measured(naive)}</td>
          </tr>
          <tr>
            <th scope="row">{t('why.tiled', { tile })}</th>
            <td>{fmtInt(tl)}</td>
            <td>{tiledFormula(tile)}</td>
            <td>{measured(tiled)}</td>
          </tr>
        </tbody>
      </table>
      {!software && <p className="small">{t('why.fewer', { ratio: fewer })}</p>}
      {/* Not on a software adapter (its note says why), and not once the speed-up run has answered it. */}
      {untrusted && !software && !atSpeedup && <p className="small" data-testid="why-untrusted-note">{t('why.untrustedNote')}</p>}
      {(() => {
        // See the speed-up: one action runs both kernels at a size this GPU can time, chosen from
        // naive's measured rate here (even an untrusted one gives the scale).
        const size = timeableSize(naive?.run.gflops ?? tiled?.run.gflops ?? 0);
        return (
          <div className="speedup" data-testid="speedup">
            {/* Offered after a run too small to time, and after any run smaller than the size this GPU can time well (a slow or busy adapter can time the default example, noisily). */}
            {/* On a software adapter no size shows what tiling buys: said, and the phase walk-through offered instead of a run (issue #45). */}
            {software && !atSpeedup && (
              <div data-testid="speedup-software">
                <p className="small">{t('why.speedupSoftwareWhy')}</p>
                <button
                  type="button"
                  data-testid="speedup-walkthrough"
                  onClick={() => {
                    const stepper = document.querySelector<HTMLElement>('[data-testid="phase-stepper"]');
                    const next = stepper?.querySelector<HTMLElement>('[data-testid="phase-next"]');
                    stepper?.scrollIntoView({ block: 'start' });
                    next?.focus({ preventScroll: true });
                  }}
                >
                  {t('why.speedupWalkthrough')}
                </button>
              </div>
            )}
            {!software && (untrusted || shape.m * shape.k * shape.n < size ** 3) && !atSpeedup && (
              <button
                type="button"
                data-testid="speedup-run"
                onClick={() => {
                  setSpeedup(size);
                  applyConfig({ m: String(size), k: String(size), n: String(size) });
                  void runKernels(['naive', 'tiled']);
                }}
              >
                {t('why.speedupRun', { size })}
              </button>
            )}
            {atSpeedup && naive && tiled && (
              <p tabIndex={-1} data-testid="speedup-ratio" data-trusted={untrusted || software ? 'false' : 'true'} data-ratio={untrusted || software ? '' : String(naive.run.stats.median / tiled.run.stats.median)}>
                {software
                  ? t('why.speedupSoftwareRun', { size: speedup, naive: fmtMs(naive.run.stats.median), tiled: fmtMs(tiled.run.stats.median) })
                  : untrusted
                  ? t('why.speedupUntrusted', { size: speedup })
                  : t('why.speedupRatio', {
                      size: speedup,
                      ratio: numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(naive.run.stats.median / tiled.run.stats.median),
                      naive: fmtMs(naive.run.stats.median),
                      tiled: fmtMs(tiled.run.stats.median),
                      naiveLoads: fmtInt(nl / (shape.m * shape.n)),
                      tiledLoads: fmtInt(Math.round(tl / (shape.m * shape.n))),
                    })}
              </p>
            )}
          </div>
        );
      })()}
      <h3>{t('why.limitsHeading')}</h3>
      <ol className="reasons">
        <li>
          <Trans t={t} i18nKey="why.memory" values={{ tile, bytes: fmtBytes(storage), allowed: fmtBytes(limits.maxComputeWorkgroupStorageSize) }} components={kStrong} />
        </li>
        <li>
          {!isPlanFailure(mapping) && mapping.rowsPerInvocation > 1 ? (
            <Trans t={t} i18nKey="why.invocationsRows" values={{ ...invocations, invocations: fmtInt(mapping.invocations), rows: mapping.rowsPerInvocation }} components={kStrong} />
          ) : (
            <Trans t={t} i18nKey="why.invocations" values={invocations} components={kStrong} />
          )}
        </li>
        <li>
          <Trans t={t} i18nKey="why.reuse" values={{ tile }} components={kStrong} />
        </li>
        <li>
          <Trans t={t} i18nKey="why.cache" components={kStrong} />
        </li>
        <li>
          <Trans t={t} i18nKey="why.prefetch" components={kStrong} />
        </li>
      </ol>
    </section>
  );
}

/** The data flow of the strip/checkerboard partitions lesson, annotated with this run's times. */
export function DataFlow() {
  const { t } = useTranslation();
  const tiled = useApp((s) => s.results.tiled);
  const trace = useApp((s) => s.trace);
  const software = useSoftwareAdapter();
  if (!trace) return null;
  const run = tiled?.run;
  const tile = trace.config.tile;
  // Each place with the step that leaves it: [place, its note, the step out, the step's note].
  const stages: Array<[string, string, string?, string?]> = [
    [t('flow.host'), t('flow.hostNote'), t('flow.upload'), run ? t('flow.wallClock', { time: fmtMs(run.uploadMs) }) : ''],
    [t('flow.global'), t('flow.globalNote'), t('flow.phase'), t('flow.phaseNote', { tile })],
    [t('flow.workgroup'), t('flow.workgroupNote', { bytes: fmtBytes(2 * tile * tile * 4) }), t('flow.mac'), run ? t(untimeableRun(run, software) ? 'flow.macNoteUntrusted' : 'flow.macNote', { time: fmtMs(run.stats.median), clock: kClockLabels[run.clock], why: distrustHeadline(run, software) }) : ''],
    [t('flow.registers'), t('flow.registersNote'), t('flow.store'), t('flow.storeNote')],
    [t('flow.global'), t('flow.globalC'), t('flow.readBack'), run ? t('flow.wallClock', { time: fmtMs(run.readbackMs) }) : ''],
    [t('flow.host'), t('flow.hostC')],
  ];
  return (
    <section className="panel" aria-labelledby="flow-heading" data-testid="data-flow">
      <h2 id="flow-heading">{t('flow.heading')}</h2>
      <ol className="flow">
        {stages.map(([what, note, step, stepNote], i) => (
          <li key={i} className="stage">
            <div className="box">
              <strong>{what}</strong>
              {note && <span className="small"> {note}</span>}
            </div>
            {step && (
              <div className="arrow">
                <strong>{step}</strong>
                {stepNote && <span className="small"> {stepNote}</span>}
              </div>
            )}
          </li>
        ))}
      </ol>
      <p className="small">{t('flow.order')}</p>
    </section>
  );
}
