import { Trans, useTranslation } from 'react-i18next';
import { fmtGbs, fmtGflops, fmtInt, fmtMs, fmtPercent } from '../common/format';
import { numberFormat, say } from '../../i18n';
import { CancelRun, isCancelled } from '../common/CancelRun';
import { kFmaChains, kH100Roofline, mmaFlops, roofShare, rooflineChart, rooflineEstimateSeconds, rooflineSizes, type RungPoint } from '../../core/roofline';
import { spreadPercent } from '../../core/stats';
import { notDrawn, runTrustHere, type Trust } from '../../state/trust';
import { TrustMarks } from '../common/TrustMarks';
import { runRooflineView, tensorRoofNeeds } from '../../state/roofline';
import { useApp } from '../../state/store';
import { kernelLabel } from '../../i18n/kernels';
import { isKernelId } from '../../core/kernels';
import { H, M, PH, PW, W, legendAnchors, px, py, rooflineLayout } from './rooflineLayout';

const kParts = { n: <span className="num" /> };
const fixed = (x: number, digits: number) => numberFormat({ minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(x);

/** The log-log chart: this GPU's roofs (solid; its tensor roof dotted, where measured), the H100 reference (dashed), each measured rung (a point). */
function Chart({ bandwidthGbs, fmaGflops, tensor, rungs, roofTrusted }: { bandwidthGbs: number; fmaGflops: number; tensor?: { gflops: number; trusted: boolean; verified: boolean }; rungs: readonly RungPoint[]; roofTrusted: boolean }) {
  const { t } = useTranslation('run');
  const c = rooflineChart({ bandwidthGbs, fmaGflops, ...(tensor ? { tensorGflops: tensor.gflops } : {}) }, { bandwidthGbs: kH100Roofline.bandwidthGbs, fmaGflops: kH100Roofline.fmaGflops }, rungs);
  const path = (pts: ReadonlyArray<readonly [number, number]>) => pts.map(([x, y], i) => `${i ? 'L' : 'M'}${px(x).toFixed(1)},${py(y).toFixed(1)}`).join(' ');
  const xAt = (k: number) => (k - c.xMin) / (c.xMax - c.xMin);
  const yAt = (k: number) => (k - c.yMin) / (c.yMax - c.yMin);
  const intensityTick = (k: number) => (k < 0 ? fixed(10 ** k, -k) : fmtInt(10 ** k));
  // Whole powers of ten in GFLOP/s below 1000, TFLOP/s above (the unit written on every tick).
  const rateTick = (k: number) => (k >= 3 ? `${fmtInt(10 ** (k - 3))} TFLOP/s` : `${k < 0 ? fixed(10 ** k, -k) : fmtInt(10 ** k)} GFLOP/s`);
  // Each point's name beside its own marker, on a side clear of every marker, name and legend word
  // (trusted first; ui/ladder/rooflineLayout); every point keeps its name in its tooltip and in the list under the chart.
  const legend = { reference: t('roofline.legendReference'), here: roofTrusted ? t('roofline.legendHere') : t('roofline.legendHereUntrusted'), ...(c.tensor ? { tensor: t('roofline.legendTensor') } : {}) };
  const layout = rooflineLayout(c, (p) => p.label ?? p.id, legend);
  const anchors = legendAnchors(c, legend);
  return (
    <svg
      className="roofline-chart"
      data-testid="roofline-chart"
      data-bandwidth-gbs={bandwidthGbs}
      data-fma-gflops={fmaGflops}
      data-tensor-gflops={c.tensor ? tensor?.gflops : undefined}
      data-rungs={rungs.map((r) => r.id).join(' ')}
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={t('roofline.chartAria')}
    >
      <rect x={M.left} y={M.top} width={PW} height={PH} className="roofline-plot" />
      {c.xTicks.map((k) => (
        <g key={`x${k}`}>
          <line x1={px(xAt(k))} x2={px(xAt(k))} y1={M.top} y2={M.top + PH} className="roofline-grid" />
          <text x={px(xAt(k))} y={M.top + PH + 22} textAnchor="middle" className="roofline-tick">
            {intensityTick(k)}
          </text>
        </g>
      ))}
      {c.yTicks.map((k) => (
        <g key={`y${k}`}>
          <line x1={M.left} x2={M.left + PW} y1={py(yAt(k))} y2={py(yAt(k))} className="roofline-grid" />
          <text x={M.left - 8} y={py(yAt(k)) + 5} textAnchor="end" className="roofline-tick">
            {rateTick(k)}
          </text>
        </g>
      ))}
      <text x={M.left + PW / 2} y={H - 12} textAnchor="middle" className="roofline-axis">
        {t('roofline.xAxis')}
      </text>
      <path d={path(c.reference.points)} className="roofline-ref" data-testid="roofline-roof-reference" />
      <path d={path(c.here.points)} className="roofline-here" data-testid="roofline-roof-here" data-trusted={roofTrusted} />
      <text x={anchors.reference.x} y={anchors.reference.y} textAnchor="start" className="roofline-label ref">
        {legend.reference}
      </text>
      <text x={anchors.here.x} y={anchors.here.y} textAnchor="end" className="roofline-label here">
        {legend.here}
      </text>
      {c.tensor && (
        <>
          <path d={path(c.tensor.points)} className="roofline-tensor" data-testid="roofline-roof-tensor" data-trusted={tensor?.trusted} data-verified={tensor?.verified} />
          {anchors.tensor && (
            <text x={anchors.tensor.x} y={anchors.tensor.y} textAnchor="end" className="roofline-label tensor">
              {legend.tensor}
            </text>
          )}
        </>
      )}
      {c.points.map((p, i) => (
        <g key={p.id} data-testid={`roofline-point-${p.id}`} data-trusted={p.trusted}>
          <title>{t('roofline.pointTitle', { name: p.label ?? p.id, rate: fmtGflops(p.gflops), ai: fixed(p.intensity, 1) })}</title>
          {p.label !== undefined ? (
            // Not a rung: a diamond (filled when trusted), so shape, not colour alone, tells it apart.
            <path d={`M${px(p.x)} ${py(p.y) - 9} L${px(p.x) + 9} ${py(p.y)} L${px(p.x)} ${py(p.y) + 9} L${px(p.x) - 9} ${py(p.y)} Z`} className={p.trusted ? 'roofline-yours' : 'roofline-yours-untrusted'} />
          ) : p.trusted ? (
            <circle cx={px(p.x)} cy={py(p.y)} r={7} className="roofline-point" />
          ) : (
            <rect x={px(p.x) - 6} y={py(p.y) - 6} width={12} height={12} className="roofline-point untrusted" />
          )}
          {layout[i]!.label && (
            <text x={layout[i]!.label!.box.left} y={(layout[i]!.label!.box.top + layout[i]!.label!.box.bottom) / 2} dominantBaseline="central" className="roofline-point-label" data-side={layout[i]!.label!.side}>
              {p.label ?? p.id}
            </text>
          )}
        </g>
      ))}
    </svg>
  );
}

/** A rung's point with its verdict under the trust rule (state/trust runTrustHere), for its marks. */
export type VerdictPoint = RungPoint & { readonly verdict?: Trust };

/**
 * The measured roofline of this GPU, under the ladder: the run button, the chart and what each figure
 * is. A point whose figure is no speed at all (untimeable, or a software adapter's: core/trust
 * notDrawn) is not drawn; the list under the chart names it with its marks (issue #46).
 */
export function Roofline({ rungs }: { rungs: readonly VerdictPoint[] }) {
  const { t } = useTranslation('run');
  const gpu = useApp((s) => s.gpu);
  const busy = useApp((s) => s.busy);
  const status = useApp((s) => s.rooflineStatus);
  const stage = useApp((s) => s.rooflineStage);
  const error = useApp((s) => s.rooflineError);
  const r = useApp((s) => s.rooflineResult);
  // No GPU here: the probes have nothing to measure (the ladder's note above says why).
  const noGpu = gpu.state === 'unavailable';
  const sizes = gpu.state === 'ready' ? rooflineSizes({ isFallbackAdapter: gpu.info.isFallbackAdapter, ...gpu.info.limits }) : undefined;
  // Whether this GPU gets a tensor roof: the tensor-core rung's own needs (its features, its subgroup size).
  const tensorHere = gpu.state === 'ready' && tensorRoofNeeds(gpu.info) === undefined;
  const clock = (c: string) => t(`clock.label.${c as 'gpu-timestamp' | 'wall-clock'}`);
  const verdict = (ok: boolean, wrong: number) => (ok ? t('roofline.verified') : t('roofline.notVerified', { wrong: fmtInt(wrong) }));
  const spread = (s: { median: number; min: number; max: number }) => fmtPercent(spreadPercent(s));
  // What every verified probe's line says after its figure: runs, spread, clock, the check.
  const probeValues = (p: { timing: NonNullable<typeof r>['copy']['timing']; verified: boolean; mismatches: number }) => ({
    n: p.timing.stats.n,
    spread: spread(p.timing.stats),
    clock: clock(p.timing.clock),
    verified: verdict(p.verified, p.mismatches),
  });
  // This page's figures under the one rule (a software adapter's included): the marks beside each.
  const marks = (tm: NonNullable<typeof r>['copy']['timing']) => {
    const v = runTrustHere(tm);
    return v.trusted ? null : (
      <>
        {` ${t('roofline.untrusted')}`}
        <TrustMarks verdict={v} />
      </>
    );
  };
  const drawn = rungs.filter((p) => !p.verdict?.reasons.some(notDrawn));
  const m = kH100Roofline.measured;
  return (
    <section className="roofline" aria-labelledby="roofline-heading" data-testid="roofline">
      <h3 id="roofline-heading">{t('roofline.heading')}</h3>
      <p className="small">{t('roofline.intro')}</p>
      <div className="run-buttons">
        <button type="button" data-testid="roofline-run" onClick={() => void runRooflineView()} aria-busy={busy && status === 'running'} disabled={busy || noGpu} aria-describedby={noGpu ? 'ladder-needs-gpu' : undefined}>
          {t('roofline.run')}
        </button>
        {busy && status === 'running' && (
          <CancelRun data-testid="roofline-cancel" />
        )}
        {sizes && (
          <span className="small" data-testid="roofline-estimate">
            {t(sizes.scale === 'small' ? 'roofline.estimateSoftware' : 'roofline.estimate', {
              seconds: fmtInt(rooflineEstimateSeconds(sizes, tensorHere)),
              mib: fmtInt(sizes.copy.bytes / 2 ** 20),
              gflop: fixed((2 * kFmaChains * sizes.fma.iterations * sizes.fma.invocations) / 1e9, sizes.scale === 'small' ? 3 : 0),
            })}
            {tensorHere && ` ${t('roofline.estimateTensor', { gflop: fixed(mmaFlops(sizes.mma) / 1e9, sizes.scale === 'small' ? 3 : 0) })}`}
          </span>
        )}
      </div>
      <p role="status" className="small" data-testid="roofline-status" data-status={status}>
        {status === 'running' ? (stage ? t(`roofline.stage.${stage}`) : t('roofline.running')) : ''}
      </p>
      {error !== '' &&
        (isCancelled(error) ? (
          // Cancelled by the user: said plainly, not as a failure.
          <p className="small" data-testid="roofline-error" data-cancelled="true">
            {say(error)}
          </p>
        ) : (
          <p className="error-text" data-testid="roofline-error">
            {t('roofline.failed', { error: typeof error === 'string' ? error : say(error) })}
          </p>
        ))}
      {r && (
        <>
          <Chart
            bandwidthGbs={r.copy.gbps}
            fmaGflops={r.fma.gflops}
            // The tensor roof is drawn only when its probe matched the CPU: no unverified figure on the chart.
            {...(r.tensor?.verified ? { tensor: { gflops: r.tensor.gflops, trusted: runTrustHere(r.tensor.timing).trusted, verified: true } } : {})}
            rungs={drawn}
            roofTrusted={runTrustHere(r.copy.timing).trusted && runTrustHere(r.fma.timing).trusted}
          />
          <ul className="roofline-figures small" data-testid="roofline-figures" data-verified={r.copy.verified && r.fma.verified && (r.tensor?.verified ?? true)}>
            <li data-testid="roofline-bandwidth" data-verified={r.copy.verified} data-speed="here">
              <Trans
                t={t}
                i18nKey="roofline.bandwidth"
                values={{ gbs: fmtGbs(r.copy.gbps), mib: fmtInt(r.copy.config.bytes / 2 ** 20), ...probeValues(r.copy) }}
                components={kParts}
              />
              {marks(r.copy.timing)}
            </li>
            <li data-testid="roofline-builtin" data-speed="here">
              <Trans t={t} i18nKey="roofline.builtin" values={{ gbs: fmtGbs(r.builtin.gbps), n: r.builtin.timing.stats.n, clock: clock(r.builtin.timing.clock) }} components={kParts} />
              {marks(r.builtin.timing)}
            </li>
            <li data-testid="roofline-fma" data-verified={r.fma.verified} data-speed="here">
              <Trans
                t={t}
                i18nKey="roofline.fma"
                values={{
                  gflops: fmtGflops(r.fma.gflops),
                  chains: kFmaChains,
                  inv: fmtInt(r.fma.config.invocations),
                  iters: fmtInt(r.fma.config.iterations),
                  ...probeValues(r.fma),
                }}
                components={kParts}
              />
              {marks(r.fma.timing)}
            </li>
            {r.tensor ? (
              <li data-testid="roofline-tensor" data-verified={r.tensor.verified} data-speed="here" data-gflops={r.tensor.gflops}>
                <Trans
                  t={t}
                  i18nKey="roofline.tensor"
                  values={{
                    gflops: fmtGflops(r.tensor.gflops),
                    groups: fmtInt(r.tensor.config.workgroups),
                    subgroups: r.tensor.config.subgroups,
                    trips: fmtInt(r.tensor.config.trips),
                    ...probeValues(r.tensor),
                  }}
                  components={kParts}
                />
                {marks(r.tensor.timing)}
              </li>
            ) : (
              <li data-testid="roofline-tensor-none">{t('roofline.tensorNotMeasured', { why: r.tensorWhyNot ? say(r.tensorWhyNot) : '' })}</li>
            )}
            <li>
              <Trans t={t} i18nKey="roofline.ridge" values={{ ai: fixed(r.fma.gflops / r.copy.gbps, 1) }} components={kParts} />
            </li>
            {r.tensor?.verified && (
              <li>
                <Trans t={t} i18nKey="roofline.ridgeTensor" values={{ ai: fixed(r.tensor.gflops / r.copy.gbps, 1) }} components={kParts} />
              </li>
            )}
            <li>{t('roofline.clockNote', { clock: clock(r.fma.timing.clock), median: fmtMs(r.fma.timing.stats.median) })}</li>
            <li>{rungs.length === 0 ? t('roofline.noRungs') : t('roofline.legendRung')}</li>
            {rungs.length > 0 && (
              <li data-testid="roofline-rung-list">
                {t('roofline.rungListHead')}
                <ul>
                  {rungs.map((p) => {
                    // Its share of what its own roof allows at its intensity: a tensor-core rung's is the tensor roof (verified), never the FP32 one.
                    const share = p.trusted ? roofShare(p, { bandwidthGbs: r.copy.gbps, fmaGflops: r.fma.gflops, ...(r.tensor?.verified ? { tensorGflops: r.tensor.gflops } : {}) }) : undefined;
                    const roofWords = share !== undefined ? t(p.tensor ? 'roofline.ofTensorRoof' : 'roofline.ofRoof', { share: fmtPercent(100 * share) }) : p.tensor && p.trusted ? t('roofline.noTensorRoof') : '';
                    return (
                      <li key={p.id} data-point={p.id} data-speed="here" data-drawn={drawn.includes(p)} data-roof={p.tensor ? 'tensor' : 'fp32'} data-of-roof={share}>
                        {t('roofline.pointTitle', { name: p.label ?? (isKernelId(p.id) ? kernelLabel(p.id) : p.id), rate: fmtGflops(p.gflops), ai: fixed(p.intensity, 1) })}
                        {roofWords ? ` · ${roofWords}` : ''}
                        {p.trusted ? '' : ` ${t('roofline.pointUntrustedNote', { note: t('roofline.pointUntrusted') })}`}
                        <TrustMarks verdict={p.verdict} />
                      </li>
                    );
                  })}
                </ul>
              </li>
            )}
          </ul>
        </>
      )}
      <p className="small" data-testid="roofline-reference">
        {t('roofline.reference', { tbs: fixed(kH100Roofline.bandwidthGbs / 1000, 2), tflops: fmtInt(kH100Roofline.fmaGflops / 1000) })}
        {m &&
          ` ${t('roofline.referenceMeasured', {
            wgpuBw: fixed(m.wgpu.bandwidthGbs / 1000, 2),
            wgpuF: fixed(m.wgpu.fmaGflops / 1000, 1),
            dawnBw: fixed(m.dawn.bandwidthGbs / 1000, 2),
            dawnF: fixed(m.dawn.fmaGflops / 1000, 1),
            date: m.date,
          })}`}
      </p>
      <p className="small">{t('roofline.honest')}</p>
    </section>
  );
}
