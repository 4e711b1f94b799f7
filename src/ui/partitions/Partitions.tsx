import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevealAfterRun } from '../common/useRevealAfterRun';
import { kernelLabel, kernelSummary } from '../../i18n/kernels';
import { KernelCode } from '../common/KernelSource';
import { kStripBand } from '../../core/kernels';
import { ceilDiv } from '../../core/shape';
import { stripLoads, tiledLoads } from '../../core/traffic';
import { kClockLabels } from '../../i18n/words';
import { runKernels } from '../../state/runs';
import { checkKernels, useDerived, verifiedFor } from '../../state/selectors';
import { useApp } from '../../state/store';
import { numberFormat, say } from '../../i18n';
import { allTrusted, runTrustHere } from '../../state/trust';
import { fmtInt, fmtMs } from '../common/format';
import { untimeableRun } from '../common/timing';
import { TrustMarks } from '../common/TrustMarks';

const kMaxBands = 24;
const kPartitionKernels = ['tiled', 'strip'] as const;
const kStripKernel = kPartitionKernels[1];

/**
 * The two partitions of C of C side by side: row strips (each workgroup a band of whole rows)
 * against the checkerboard (each workgroup a square tile), with the global loads each needs from
 * the traffic model and the measured times of both kernels at the same shape.
 */
export function Partitions() {
  const results = useApp((s) => s.results);
  const { t } = useTranslation('viz');
  const { t: tRun } = useTranslation('run');
  const { parsed, errors } = checkKernels(useDerived(), kPartitionKernels);
  // The measured times and the verdict, brought into view when the run ends (hooks before the early return).
  const figures = useRef<HTMLDivElement>(null);
  useRevealAfterRun(figures, kPartitionKernels.some((id) => results[id]?.status === 'running'));
  const runButton = (
    <div className="run-buttons">
      <button type="button" className="primary" data-testid="run-strip" data-main-action onClick={() => void runKernels(kPartitionKernels)}>
        {t('partitions.run')}
      </button>
    </div>
  );
  // Invalid sizes: the panel stays, and says what to fix (Run says it again and runs nothing).
  if (!parsed) {
    return (
      <section className="panel" aria-labelledby="part-heading" data-testid="partitions" data-valid="false">
        <h2 id="part-heading">{t('partitions.heading')}</h2>
        <div className="field-error" role="alert" data-testid="partitions-error">
          <p>⚠ {t('partitions.invalid')}</p>
          <ul>
            {Object.entries(errors).map(([field, message]) => (
              <li key={field}>{say(message)}</li>
            ))}
          </ul>
        </div>
        {runButton}
      </section>
    );
  }
  const { shape, tile } = parsed;
  const bands = ceilDiv(shape.m, kStripBand);
  const shown = Math.min(bands, kMaxBands);
  const tilesX = ceilDiv(shape.n, tile);
  const tilesY = ceilDiv(shape.m, tile);
  const st = verifiedFor(results, 'strip', parsed);
  const tl = verifiedFor(results, 'tiled', parsed);
  const sLoads = stripLoads(shape, kStripBand);
  const tLoads = tiledLoads(shape, tile);
  const ratio = numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 });
  // The trust rule over each measured time: marked when it is not a speed, and no ratio unless both are.
  const stTrust = st ? runTrustHere(st.run) : undefined;
  const tlTrust = tl ? runTrustHere(tl.run) : undefined;
  const measured = (r: typeof st, v: typeof stTrust) =>
    r ? (
      <>
        <span data-speed="here">
          <span className="num">{fmtMs(r.run.stats.median)}</span>
          {t('partitions.measured', { clock: kClockLabels[r.run.clock], n: r.run.stats.n })}
          <TrustMarks verdict={v} />
        </span>
      </>
    ) : (
      t('partitions.notRun')
    );
  const ratio2 = (x: number) => ratio.format(x);
  const stripWhole = tRun('source.wholeWith', { label: kernelLabel(kStripKernel), summary: kernelSummary(kStripKernel) });
  const speed =
    !st || !tl ? undefined
    : allTrusted([stTrust, tlTrust]) ? (
        st.run.stats.median < tl.run.stats.median ? t('partitions.stripsFaster', { x: ratio2(tl.run.stats.median / st.run.stats.median) }) : t('partitions.checkerFaster', { x: ratio2(st.run.stats.median / tl.run.stats.median) })
      )
    : t('partitions.untrusted', { why: [...new Set([st, tl].flatMap((r) => untimeableRun(r.run) ?? []))].join(tRun('timing.reasonSeparator')) });
  return (
    <section className="panel" aria-labelledby="part-heading" data-testid="partitions" data-valid="true">
      <h2 id="part-heading">{t('partitions.heading')}</h2>
      <p className="small">{t('partitions.intro', { m: shape.m, k: shape.k, n: shape.n })}</p>
      {runButton}
      <div className="partition-figures">
        <figure>
          <figcaption>{t('partitions.strips', { bands: fmtInt(bands), band: kStripBand, n: shape.n })}</figcaption>
          <div className="strips" data-testid="strip-map">
            {Array.from({ length: shown }, (_, i) => (
              <div key={i} className="strip" data-testid={`strip-band-${i}`} data-workgroup={`${i},0`} data-rows={`${i * kStripBand}-${Math.min(shape.m, (i + 1) * kStripBand) - 1}`}>
                {t('partitions.band', { i, r0: i * kStripBand, r1: Math.min(shape.m, (i + 1) * kStripBand) - 1 })}
              </div>
            ))}
            {bands > shown && <div className="small">{t('partitions.moreBands', { n: fmtInt(bands - shown) })}</div>}
          </div>
        </figure>
        <figure>
          <figcaption>{t('partitions.checker', { workgroups: fmtInt(tilesX * tilesY), tile, tilesY, tilesX })}</figcaption>
          <div className="checker" style={{ gridTemplateColumns: `repeat(${Math.min(tilesX, 16)}, 1fr)` }}>
            {Array.from({ length: Math.min(tilesY, 16) * Math.min(tilesX, 16) }, (_, i) => (
              <div key={i} className="tile c">
                ({i % Math.min(tilesX, 16)},{Math.floor(i / Math.min(tilesX, 16))})
              </div>
            ))}
          </div>
          {(tilesX > 16 || tilesY > 16) && <p className="small">{t('partitions.firstTiles')}</p>}
        </figure>
      </div>
      <div ref={figures}>
        <table className="why-table">
          <thead>
            <tr>
              <th scope="col">{t('partitions.colPartition')}</th>
              <th scope="col">{t('partitions.colLoads')}</th>
              <th scope="col">{t('partitions.colA')}</th>
              <th scope="col">{t('partitions.colB')}</th>
              <th scope="col">{t('partitions.colMedian')}</th>
            </tr>
          </thead>
          <tbody>
            <tr data-testid="partition-strip">
              <th scope="row">{t('partitions.rowStrips', { band: kStripBand })}</th>
              <td>{fmtInt(sLoads)}</td>
              <td>{t('partitions.stripA', { n: fmtInt(ceilDiv(shape.n, 256)) })}</td>
              <td>{t('partitions.stripB', { n: fmtInt(bands) })}</td>
              <td>{measured(st, stTrust)}</td>
            </tr>
            <tr data-testid="partition-tiled">
              <th scope="row">{t('partitions.rowChecker', { tile })}</th>
              <td>{fmtInt(tLoads)}</td>
              <td>{t('partitions.checkerA', { n: fmtInt(tilesX) })}</td>
              <td>{t('partitions.checkerB', { n: fmtInt(tilesY) })}</td>
              <td>{measured(tl, tlTrust)}</td>
            </tr>
          </tbody>
        </table>
        <details data-testid="strip-source">
          <summary>{stripWhole}</summary>
          <KernelCode id={kStripKernel} />
        </details>
        <p className="small">
          {sLoads > tLoads ? t('partitions.fewer', { x: ratio.format(sLoads / tLoads) }) : t('partitions.noMore', { x: ratio.format(tLoads / sLoads) })}
        </p>
        {speed && (
          <p className="small" data-testid="partitions-speed">
            {speed}
          </p>
        )}
      </div>
    </section>
  );
}
