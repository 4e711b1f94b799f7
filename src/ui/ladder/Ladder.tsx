import { Fragment, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { isPlanFailure, kernelLoads, kKernels, kLadderIds, kNativeReference, kReferenceRun, previousRung, tunedConstants, usesTensorCores, type KernelId, type LaunchPlan, type PlanFailure } from '../../core/kernels';
import type { Shape, TileWidth } from '../../core/shape';
import { arithmeticIntensity } from '../../core/traffic';
import { numberFormat, say, t as tg } from '../../i18n';
import { exercise } from '../../core/practice/exercises';
import { exerciseIntensity } from '../../core/practice/timing';
import { runKernels } from '../../state/runs';
import { checkKernels, resultFor, useDerived } from '../../state/selectors';
import { useApp } from '../../state/store';
import { barShares, runTrustHere } from '../../state/trust';
import { fmtError, fmtGflops, fmtInt, fmtMs } from '../common/format';
import { Tuning } from './Tuning';
import { Roofline } from './Roofline';
import { TrustMarks } from '../common/TrustMarks';
import { Probes } from './Probes';
import { KernelCode } from '../common/KernelSource';
import { paramsLabel } from '../../core/tuning';
import { kernelLabel, kernelSummary, kernelWhy } from '../../i18n/kernels';
import { rungStep } from '../../core/rungStep';
import { applyLadderShape, ladderEstimate, ladderEstimateFromProbe, measuredLadderPace, useLadderShape } from '../../state/ladderShape';
import { fmtDuration } from '../common/RunEstimate';

const RungDiff = lazy(() => import('./RungDiff'));
const RungDiagram = lazy(() => import('./RungDiagram'));

/** A collapsed part of a rung's explanation: its body is loaded and drawn only once it is opened. */
function Lazily({ 'data-testid': testId, id, summary, children }: { 'data-testid': string; id: KernelId; summary: string; children: () => ReactNode }) {
  const [opened, setOpened] = useState(false);
  return (
    <details data-testid={testId} data-kernel={id} onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary>{summary}</summary>
      {opened && <Suspense fallback={null}>{children()}</Suspense>}
    </details>
  );
}

/**
 * Why a rung pays against the one below it: its paragraph, the traffic model of both at this shape,
 * the gain measured on this GPU (both rungs trusted at this shape) and the reference run's gain.
 */
function RungWhy({ id, shape, tile, rates, na }: { id: KernelId; shape: Shape | undefined; tile: TileWidth; rates: ReadonlyMap<KernelId, number>; na?: string }) {
  const { t } = useTranslation('run');
  const step = shape ? rungStep(id, shape, tile) : undefined;
  const prev = step?.prev;
  const shapeText = shape ? `${shape.m}×${shape.k}×${shape.n}` : '';
  const loads = (x: number) => (x >= 100 ? fmtInt(Math.round(x)) : fixed(x, x >= 10 ? 1 : 2));
  const rate = rates.get(id);
  const prevRate = prev ? rates.get(prev) : undefined;
  const g = step?.refGain;
  return (
    <div className="rung-why" data-gain={rate !== undefined && prevRate !== undefined ? rate / prevRate : undefined}>
      <p>{kernelWhy(id)}</p>
      {step && (
        <p className="small">
          {step.prevModel && prev
            ? t('ladder.why.model', { shape: shapeText, loads: loads(step.model.loadsPerC), prev: kernelLabel(prev), prevLoads: loads(step.prevModel.loadsPerC), ai: fixed(step.model.intensity, 1), prevAi: fixed(step.prevModel.intensity, 1) })
            : t('ladder.why.modelFirst', { shape: shapeText, loads: loads(step.model.loadsPerC), ai: fixed(step.model.intensity, 1) })}
        </p>
      )}
      {prev && (
        <p className="small" data-testid="rung-why-here">
          {na !== undefined
            ? t('ladder.why.hereNa', { why: na })
            : rate !== undefined && prevRate !== undefined
              ? t('ladder.why.here', { rate: fmtGflops(rate), prevRate: fmtGflops(prevRate), prev: kernelLabel(prev), gain: fixed(rate / prevRate, 2) })
              : t('ladder.why.hereNone')}
        </p>
      )}
      {g?.dawn !== undefined && (
        <p className="small">
          {g.wgpu !== undefined
            ? t('ladder.why.reference', { gpu: kReferenceRun.gpu, shape: kReferenceRun.shape, dawn: fixed(g.dawn, 2), wgpu: fixed(g.wgpu, 2) })
            : t('ladder.why.referenceDawn', { gpu: kReferenceRun.gpu, shape: kReferenceRun.shape, dawn: fixed(g.dawn, 2) })}
        </p>
      )}
    </div>
  );
}

/** A rung's diagram and code change, under its row. */
function RungExplain({ id, plan, shape, tile, rates }: { id: KernelId; plan: LaunchPlan | PlanFailure | undefined; shape: Shape | undefined; tile: TileWidth; rates: ReadonlyMap<KernelId, number> }) {
  const { t } = useTranslation('run');
  const prev = previousRung(id);
  return (
    <>
      <Lazily data-testid="rung-why" id={id} summary={prev ? t('ladder.why.summary', { label: kernelLabel(id), prev: kernelLabel(prev) }) : t('ladder.why.summaryFirst', { label: kernelLabel(id) })}>
        {() => <RungWhy id={id} shape={shape} tile={tile} rates={rates} {...(plan && isPlanFailure(plan) ? { na: say(plan.why) } : {})} />}
      </Lazily>
      <Lazily data-testid="rung-diagram" id={id} summary={t('ladder.diagram.summary', { label: kernelLabel(id) })}>
        {() =>
          plan && shape && !isPlanFailure(plan) ? (
            <RungDiagram id={id} plan={plan} shape={shape} />
          ) : (
            // A feature or limit the adapter lacks is the adapter's at every shape (the row says "not on this adapter"), not this shape's.
            <p className="small">{plan && isPlanFailure(plan) ? t(plan.fields.every((f) => f === 'kernel') ? 'ladder.diagram.noPlanAdapter' : 'ladder.diagram.noPlanWhy', { why: say(plan.why) }) : t('ladder.diagram.noPlan')}</p>
          )
        }
      </Lazily>
      <Lazily data-testid="rung-diff" id={id} summary={prev ? t('ladder.diff.summary', { label: kernelLabel(id), prev: kernelLabel(prev) }) : t('ladder.diff.summaryFirst', { label: kernelLabel(id) })}>
        {() => <RungDiff id={id} />}
      </Lazily>
      <Lazily data-testid="rung-source" id={id} summary={t('source.whole', { label: kernelLabel(id) })}>
        {() => <KernelCode id={id} />}
      </Lazily>
    </>
  );
}

const fixed = (x: number, digits: number) => numberFormat({ minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(x);

/** The reference run's figures for a rung, as text (never this GPU's). */
function refCell(t: TFunction<'run'>, id: KernelId): string {
  const r = kKernels[id].reference;
  if (!r) return '—';
  const pct = (v: number) => t('result.percent', { pct: fixed((v / kReferenceRun.cublas) * 100, 0) });
  // TFLOP/s in the record; said with its unit (fmtGflops takes GFLOP/s).
  const wgpu = r.wgpu === null ? t('ladder.refNone') : t('ladder.refFigure', { value: fmtGflops(r.wgpu * 1000), pct: pct(r.wgpu) });
  return t('ladder.refCell', { gpu: kReferenceRun.gpu, dawn: fmtGflops(r.dawn * 1000), dawnPct: pct(r.dawn), wgpu });
}

/** The best rung compiled natively (nvcc) against its reference figures: the engines' share of the gap. */
function nativeNote(t: TFunction<'run'>): string {
  const n = kNativeReference;
  const r = kKernels[n.kernel].reference;
  return t('ladder.nativeNote', {
    label: kernelLabel(n.kernel),
    gpu: kReferenceRun.gpu,
    shape: kReferenceRun.shape,
    native: fixed(n.tflops, 1),
    pct: t('result.percent', { pct: fixed((n.tflops / n.cublas) * 100, 0) }),
    cublas: fixed(n.cublas, 1),
    dawn: r ? fixed(r.dawn, 1) : '—',
    wgpu: r?.wgpu != null ? fixed(r.wgpu, 1) : '—',
  });
}

/** <b>, <n> (a figure) and <s> (small print) in a sentence of the catalogue. */
const kParts = { b: <strong />, n: <span className="num" />, s: <span className="small" /> };

/** Every kernel on this GPU at the current shape: GFLOP/s per rung, what changed, and the traffic model. */
export function Ladder() {
  const { t } = useTranslation('run');
  const results = useApp((s) => s.results);
  const gpu = useApp((s) => s.gpu);
  const busy = useApp((s) => s.busy);
  const auto = useApp((s) => s.auto);
  const derived = useDerived();
  const { parsed } = checkKernels(derived, ['naive', 'tiled']);
  const view = useApp((s) => s.view);
  const own = useLadderShape((s) => s.own);
  const probing = useLadderShape((s) => s.probing === true);
  // Opened without a shape of the user's: the ladder's own size (issue #34), once there is a device.
  useEffect(() => {
    applyLadderShape();
  }, [view, gpu.state]);
  // Rungs that cannot run at this shape on this GPU (e.g. vec4 loads with N not a multiple of 4), and why.
  const notApplicable = new Map<KernelId, string>();
  // Of those, the ones this adapter cannot run at any shape (a feature, a subgroup size): said as the adapter's, not the shape's.
  const notOnAdapter = new Set<KernelId>();
  if (parsed && gpu.state === 'ready') {
    for (const id of kLadderIds) {
      const plan = derived.plans[id];
      if (plan && isPlanFailure(plan)) {
        notApplicable.set(id, say(plan.why));
        if (plan.fields.every((f) => f === 'kernel')) notOnAdapter.add(id);
      }
    }
  }
  const runnable = kLadderIds.filter((id) => !notApplicable.has(id));
  const noGpu = gpu.state === 'unavailable';
  // Only results for the shape in the inputs belong in this table.
  const rows = kLadderIds.map((id) => ({ id, r: resultFor(results, id, parsed) }));
  const measured = rows.filter(({ r }) => r?.status === 'verified' && r.run);
  // The learner's kernel timed in this page (practice view, Time it), verified: a point of its own on the roofline.
  const timedHere = useApp((s) => s.practiceTimed);
  const yoursOutcome = timedHere?.status === 'done' && timedHere.outcome?.kind === 'timed' && timedHere.outcome.verification.ok && timedHere.trust ? timedHere.outcome : undefined;
  const yours =
    timedHere && yoursOutcome
      ? {
          id: 'yours',
          label: t('ladder.yours', { title: tg(`practice:ex.${timedHere.ex}.title`), size: yoursOutcome.size }),
          intensity: exerciseIntensity(exercise(timedHere.ex), yoursOutcome.size),
          gflops: yoursOutcome.gflops,
          trusted: timedHere.trust?.trusted === true,
          ...(timedHere.trust ? { verdict: timedHere.trust } : {}),
        }
      : undefined;
  // The trust rule over each measured rung: an untimeable one gets no bar, a noisy one a hatched,
  // marked bar; the bars are scaled by the trusted rungs only (core/trust barShares).
  const trust = new Map(measured.map(({ id, r }) => [id, runTrustHere(r!.run!)]));
  // This GPU's rates that can be compared (verified and trusted), for each rung's measured gain.
  const trustedRates = new Map(measured.filter(({ id }) => trust.get(id)?.trusted).map(({ id, r }) => [id, r!.run!.gflops]));
  // "Run every rung"'s estimate: at the rates measured here (the trusted rungs' pace after a run; before
  // one, the probe's naive rate scaled by the reference), else the assumed pace of this kind of adapter.
  const pace = measuredLadderPace([...trustedRates.values()]);
  const estimate =
    parsed && pace === undefined && own?.naiveGflops !== undefined
      ? ladderEstimateFromProbe(parsed.shape, own.naiveGflops, runnable, parsed.samples)
      : // The form's timed samples (0: auto), as the run will use them: 3 samples a rung take far less than auto's second.
        ladderEstimate(parsed?.shape ?? own?.shape ?? { m: 1, k: 1, n: 1 }, gpu.state === 'ready' && gpu.info.isFallbackAdapter, runnable, parsed?.samples ?? 0, pace);
  // Whether the shape in the form is the one the ladder chose for this GPU (its sentence says why, its attribute which basis).
  const ownHere = own !== undefined && parsed !== undefined && own.shape.m === parsed.shape.m && own.shape.k === parsed.shape.k && own.shape.n === parsed.shape.n;
  const shareList = barShares(measured.map(({ id, r }) => ({ value: r!.run!.gflops, trust: trust.get(id) })));
  const shares = new Map(measured.map(({ id }, i) => [id, shareList[i]]));
  return (
    <section className="panel" aria-labelledby="ladder-heading" data-testid="ladder">
      <h2 id="ladder-heading">{t('ladder.heading')}</h2>
      {/* The next action first (on the first screen at 1366×768 in every language), then what the shape means. */}
      <div className="run-buttons">
        {/* Without a GPU there is nothing to time: the button is off and says why (the GPU panel says how to get one). */}
        <button type="button" className="primary" data-testid="ladder-run" data-main-action onClick={() => void runKernels(runnable)} aria-busy={busy} disabled={noGpu} aria-describedby={noGpu ? 'ladder-needs-gpu' : undefined}>
          {t('ladder.run')}
        </button>
        {noGpu && (
          <span className="small" id="ladder-needs-gpu" data-testid="ladder-needs-gpu">
            {t('ladder.needsGpu')}
          </span>
        )}
        {/* "Run every rung" states its estimate before it starts (issue #34). */}
        {parsed && gpu.state === 'ready' && runnable.length > 0 && (
          <span className="small" data-testid="ladder-estimate" data-total-ms={Math.round(estimate.totalMs)}>
            {t(gpu.info.isFallbackAdapter ? 'ladder.estimateSoftware' : 'ladder.estimateGpu', {
              time: fmtDuration(estimate.totalMs),
              rungs: runnable.length,
              shape: `${parsed.shape.m}×${parsed.shape.k}×${parsed.shape.n}`,
            })}
          </span>
        )}
      </div>
      <p className="small">{parsed ? t('ladder.introShape', { m: parsed.shape.m, k: parsed.shape.k, n: parsed.shape.n }) : t('ladder.intro')}</p>
      {parsed && (
        <p
          className="small"
          data-testid="ladder-shape"
          data-m={parsed.shape.m}
          data-k={parsed.shape.k}
          data-n={parsed.shape.n}
          data-pace={own ? own.pace : undefined}
          data-measured={own ? own.measured : undefined}
          data-probing={probing || undefined}
          data-own={ownHere ? own.basis : undefined}
        >
          {probing
            ? t('ladder.ownShapeProbing')
            : ownHere
            ? t(own.basis === 'software' ? 'ladder.ownShapeSoftware' : own.measured ? 'ladder.ownShapeMeasured' : 'ladder.ownShapeGpu', { shape: `${parsed.shape.m}×${parsed.shape.k}×${parsed.shape.n}`, time: fmtDuration(own.totalMs), rungs: own.rungs, pace: fmtGflops(own.pace) })
            : t('ladder.shapeHere', { shape: `${parsed.shape.m}×${parsed.shape.k}×${parsed.shape.n}` })}
        </p>
      )}
      <table className="why-table ladder-table">
        <thead>
          <tr>
            <th scope="col">{t('ladder.colRung')}</th>
            <th scope="col">{t('ladder.colChanged')}</th>
            <th scope="col">{t('ladder.colLoads')}</th>
            <th scope="col">{t('ladder.colMeasured')}</th>
            <th scope="col">
              <Trans t={t} i18nKey="ladder.colReference" values={{ gpu: kReferenceRun.gpu, shape: kReferenceRun.shape, cublas: kReferenceRun.cublas }} components={kParts} />
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ id, r }) => {
            const loads = parsed ? kernelLoads(id, parsed.shape, parsed.tile) : 0;
            const ok = measured.some((m) => m.id === id);
            const g = ok ? r!.run!.gflops : 0;
            const consts = r?.run ? paramsLabel(tunedConstants(id, r.run.plan.constants)) : '';
            const isAuto = auto?.kernel === id && r?.seq === auto.seq;
            const verdict = trust.get(id);
            const share = shares.get(id);
            const marks = verdict && !verdict.trusted ? <TrustMarks verdict={verdict} /> : undefined;
            const values = { rate: fmtGflops(g), median: fmtMs(r?.run?.stats.median ?? 0), n: r?.run?.stats.n ?? 0, clock: r?.run ? t(`clock.label.${r.run.clock}`) : '', params: consts };
            return (
              <Fragment key={id}>
              <tr
                data-testid={`ladder-${id}`}
                data-run={r?.seq}
                data-status={notApplicable.has(id) ? 'n/a' : (r?.status ?? 'idle')}
                data-gflops={ok ? String(g) : undefined}
                data-trust={verdict ? (verdict.trusted ? 'trusted' : verdict.reasons.join(' ')) : undefined}
              >
                <th scope="row">
                  {kKernels[id].usesTile && parsed ? t('ladder.withTile', { label: kernelLabel(id), tile: parsed.tile }) : kernelLabel(id)}
                  <div className="small">{`${id}.wgsl`}</div>
                  {isAuto && <span className="badge neutral" data-testid={`ladder-auto-${id}`}>{t('ladder.auto')}</span>}
                </th>
                <td className="small">{kernelSummary(id)}</td>
                <td className="num">{parsed ? t('ladder.loadsCell', { loads: fmtInt(loads), ai: fixed(arithmeticIntensity(parsed.shape, loads), 1) }) : '—'}</td>
                <td>
                  {notApplicable.has(id) ? (
                    <span className="small">{t(notOnAdapter.has(id) ? 'ladder.notOnAdapter' : 'ladder.notApplicable', { why: notApplicable.get(id) ?? '' })}</span>
                  ) : ok && share === undefined ? (
                    // Untimeable: no bar at all (never the longest nor the shortest), the mark in words.
                    <div className="bar-cell untimeable" data-bar="none" data-speed="here">
                      <span>
                        {marks}{' '}
                        <Trans t={t} i18nKey="ladder.untimeable" values={values} components={kParts} />
                      </span>
                    </div>
                  ) : ok ? (
                    <div className="bar-cell" data-bar={verdict?.trusted ? 'trusted' : 'noisy'} data-speed="here">
                      <div className="bar" data-noisy={verdict?.trusted ? undefined : true} style={{ width: `${(share ?? 0) * 100}%` }} aria-hidden="true" />
                      <span>
                        <Trans t={t} i18nKey={consts ? 'ladder.measuredParams' : 'ladder.measured'} values={values} components={kParts} />
                        {marks && <> ·{marks}</>}
                        {r?.verification?.halfInputCost !== undefined && (
                          // f16 inputs: verified against the product of the rounded inputs; what the rounding cost, against the unrounded ones.
                          <span className="small half-cost" data-testid={`ladder-half-cost-${id}`} data-cost={String(r.verification.halfInputCost)}>
                            {' '}· {t('ladder.halfCost', { cost: fmtError(r.verification.halfInputCost) })}
                          </span>
                        )}
                      </span>
                    </div>
                  ) : r?.status === 'running' ? (
                    t('ladder.running')
                  ) : r?.status === 'mismatch' || r?.status === 'error' ? (
                    <span className="error-text">{r.error ? t(`ladder.${r.status}Why`, { error: say(r.error) }) : t(`ladder.${r.status}`)}</span>
                  ) : (
                    <span className="small">{t('ladder.notRun')}</span>
                  )}
                </td>
                <td className="small">{refCell(t, id)}</td>
              </tr>
              <tr className="rung-explain" data-kernel={id}>
                <td colSpan={5}>
                  <RungExplain id={id} plan={derived.plans[id]} shape={parsed?.shape} tile={parsed?.tile ?? 16} rates={trustedRates} />
                </td>
              </tr>
              </Fragment>
            );
          })}
        </tbody>
      </table>
      <Roofline
        rungs={[
          ...(parsed
            ? measured.map(({ id, r }) => ({ id, intensity: arithmeticIntensity(parsed.shape, kernelLoads(id, parsed.shape, parsed.tile)), gflops: r!.run!.gflops, trusted: trust.get(id)?.trusted ?? false, verdict: trust.get(id), tensor: usesTensorCores(id) }))
            : []),
          ...(yours ? [yours] : []),
        ]}
      />
      <Tuning />
      <p className="small">{t('ladder.footnote', { gpu: kReferenceRun.gpu, shape: kReferenceRun.shape, date: kReferenceRun.date })}</p>
      <p className="small" data-testid="ladder-native-note">{nativeNote(t)}</p>
      <Probes />
    </section>
  );
}
