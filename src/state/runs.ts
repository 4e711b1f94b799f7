/**
 * Runs: one preamble (run lock, device, derived configuration, cancel signal) shared by the matmul
 * runs, the tuner, the benchmark sweep and the dot product; then the matmul actions themselves.
 */
import type { ParsedConfig } from '../core/config';
import type { FieldErrors } from '../core/input';
import { shapeLabel, type Shape, type TileWidth } from '../core/shape';
import { said, type Said } from '../i18n';
import { failureOf, GpuRunError, type GpuContext } from '../gpu/device';
import { releaseExperimentData, runVerified } from '../gpu/experiment';
import { installCpuWorker } from '../gpu/cpuWorkerHost';
import { estimateRun, estimateSweep, needsEstimate, probeKernel, type KernelRate } from '../gpu/estimate';
import { answerRun, askToRun, finishEstimated, setEstimate, setMeasuring, startEstimated, type EstimateScope } from './estimate';
import { isPlanFailure, kKernels, type KernelId, type KernelParams } from '../core/kernels';
import { tune } from '../gpu/tuner';
import { checkKernels, currentDerived, type Derived } from './selectors';
import { initGpu } from './session';
import { kStartUrl, useApp, type KernelResult } from './store';
import { autoChoice, saveTuneRecord, thisAdapter, useTuning } from './tuning';
import { simulateRun, traceRun } from './viz';
import { kernelLabel } from '../i18n/kernels';

/** Why a run did not start. */
export type Refusal =
  | { readonly why: 'busy' }
  | { readonly why: 'inputs'; readonly message: string }
  | { readonly why: 'no-gpu'; readonly parsed?: ParsedConfig; readonly errors: FieldErrors }
  | { readonly why: 'invalid'; readonly errors: FieldErrors };

export interface RunSpec {
  /** The kernels whose plans and limits must hold for the current configuration; omit when the run does not use it. */
  readonly kernels?: readonly KernelId[];
  /** A check of the run's own inputs (after the lock, before the device): a message refuses the run. */
  readonly inputs?: () => string | undefined;
  /** Says why nothing ran, wherever this kind of run shows it. */
  readonly refuse: (r: Refusal) => void;
}

export interface RunHandle {
  readonly ctx: GpuContext;
  readonly derived: Derived;
  /** The checked configuration (when the spec names kernels). */
  readonly parsed?: ParsedConfig;
  readonly signal: AbortSignal;
}

// Data generation, the CPU reference and verification run in a Web Worker (inline where there is none).
installCpuWorker();

/** Says a run is already going (in the language in use when it is said). */
export const busyMessage = (): Said => said('run:runs.busy');

let controller: AbortController | undefined;

/** Stop waiting for the current run (matmul, tuning, sweep or dot product). */
export function cancelRun(): void {
  controller?.abort();
}

/**
 * The preamble every run shares: refuse while another runs; get the device; check the derived
 * configuration for the run's kernels; hold the lock and a cancel signal while `body` runs.
 * Returns undefined when the run was refused (after `spec.refuse` said why).
 */
export async function withRun<T>(spec: RunSpec, body: (run: RunHandle) => Promise<T>): Promise<T | undefined> {
  if (useApp.getState().busy) {
    spec.refuse({ why: 'busy' });
    return undefined;
  }
  const bad = spec.inputs?.();
  if (bad !== undefined) {
    spec.refuse({ why: 'inputs', message: bad });
    return undefined;
  }
  const ctx = await initGpu();
  const derived = currentDerived();
  const checked = spec.kernels ? checkKernels(derived, spec.kernels) : undefined;
  const ok = checked ? checked.parsed !== undefined && Object.keys(checked.errors).length === 0 : true;
  if (!ctx) {
    spec.refuse({ why: 'no-gpu', errors: checked?.errors ?? {}, ...(checked?.parsed && ok ? { parsed: checked.parsed } : {}) });
    return undefined;
  }
  if (!ok) {
    spec.refuse({ why: 'invalid', errors: checked?.errors ?? {} });
    return undefined;
  }
  // Another run may have taken the lock while the device was being acquired.
  if (useApp.getState().busy) {
    spec.refuse({ why: 'busy' });
    return undefined;
  }
  const own = new AbortController();
  controller = own;
  useApp.setState({ busy: true, runMessage: '', runNote: '' });
  try {
    return await body({ ctx, derived, ...(checked?.parsed ? { parsed: checked.parsed } : {}), signal: own.signal });
  } finally {
    if (controller === own) controller = undefined;
    useApp.setState({ busy: false });
  }
}

// ---- matmul runs -----------------------------------------------------------------------------
let runSeq = 0;

function setResult(id: KernelId, r: KernelResult | undefined): void {
  useApp.setState((s) => ({ results: { ...s.results, [id]: r } }));
}


/** A kernel to estimate: its tile width and tunables. */
export interface EstimateJob {
  readonly kernel: KernelId;
  readonly tile: TileWidth;
  readonly params?: KernelParams;
}

/**
 * Before a large run of `shape`: measure each kernel's rate (a tiny probe run, kept per device),
 * estimate the run's time and memory, and when it is long or needs much memory, ask. `go`: go
 * ahead; `rates`: the measured rates (GFLOP/s; empty when the shape is too small to need them).
 */
export async function estimateAndAsk(
  ctx: GpuContext,
  shape: Shape,
  jobs: readonly EstimateJob[],
  samples: number,
  signal: AbortSignal,
  scope: EstimateScope = 'run',
  /** A sweep's sizes (the estimate is their total; the probe and the question once, before the first). */
  sweep?: readonly Shape[],
): Promise<{ go: boolean; rates: readonly KernelRate[] }> {
  if (!(sweep ?? [shape]).some(needsEstimate)) {
    setEstimate(undefined, scope);
    return { go: true, rates: [] };
  }
  const rates: KernelRate[] = [];
  setMeasuring(true, scope);
  try {
    for (const j of jobs) rates.push(await probeKernel(ctx, j.kernel, j.tile, j.params, signal));
  } finally {
    setMeasuring(false, scope);
  }
  const estimate = sweep && sweep.length > 1 ? estimateSweep(sweep, rates, samples, !ctx.info.isFallbackAdapter) : estimateRun(shape, rates, samples, !ctx.info.isFallbackAdapter);
  setEstimate(estimate, scope);
  if (estimate.confirm.length === 0) {
    startEstimated();
    return { go: true, rates };
  }
  const onAbort = () => answerRun(false);
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    const go = await askToRun();
    if (go) startEstimated();
    return { go, rates };
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** estimateAndAsk for a lesson run of `ids` at the configuration's shape. */
async function estimateFirst(ctx: GpuContext, ids: readonly KernelId[], derived: Derived, parsed: ParsedConfig, signal: AbortSignal): Promise<boolean> {
  const jobs = ids.map((kernel) => ({ kernel, tile: parsed.tile, ...(derived.params[kernel] ? { params: derived.params[kernel] } : {}) }));
  return (await estimateAndAsk(ctx, parsed.shape, jobs, parsed.samples, signal)).go;
}

function refuseMatmul(r: Refusal): void {
  if (r.why === 'busy') useApp.setState({ runMessage: busyMessage() });
  else if (r.why === 'no-gpu') {
    const sim = r.parsed ? simulateRun(r.parsed) : '';
    // What works here is a note, not a failure (red is kept for failures); with inputs to fix
    // nothing was simulated either, and that stays a message to act on.
    useApp.setState(sim ? { runMessage: '', runNote: said('run:runs.noGpuSimulated', { simulation: sim }) } : { runMessage: said('run:runs.noGpu'), runNote: '' });
  }
  // The inputs already show why (validation is live); nothing runs and no result changes.
  else useApp.setState({ runMessage: said('run:runs.fixInputs') });
}

export async function runKernels(ids: readonly KernelId[], opts: { auto?: { from: Said } } = {}): Promise<void> {
  await withRun({ kernels: ids, refuse: refuseMatmul }, async ({ ctx, derived, parsed, signal }) => {
    if (!parsed) return;
    try {
      if (!(await estimateFirst(ctx, ids, derived, parsed, signal))) {
        useApp.setState({ runMessage: said('run:runs.declined') });
        return;
      }
    } catch (e) {
      const cancelled = e instanceof GpuRunError && e.kind === 'cancelled';
      useApp.setState({ runMessage: cancelled ? said('run:runs.cancelled') : said('run:runs.estimateFailed', { error: failureOf(e) }) });
      return;
    }
    const seq = ++runSeq;
    // Clear every requested card first, so no old "verified" stands beside a new run.
    for (const id of ids) setResult(id, { status: 'running', seq, config: parsed, label: kernelLabel(id) });
    if (opts.auto && ids[0]) useApp.setState({ auto: { kernel: ids[0], params: derived.params[ids[0]] ?? {}, seq, from: opts.auto.from } });
    for (const id of ids) {
      const label = kernelLabel(id);
      try {
        // The plan derived for this configuration (checked above): the run does not plan again.
        const params = derived.params[id];
        const derivedPlan = derived.plans[id];
        const plan = derivedPlan && !isPlanFailure(derivedPlan) ? derivedPlan : undefined;
        const { run, verification } = await runVerified(ctx, id, parsed, {
          signal,
          ...(params ? { params } : {}),
          ...(plan ? { plan } : {}),
          ...(parsed.samples > 0 ? { minSamples: parsed.samples, maxSamples: parsed.samples } : {}),
          ...(kStartUrl.maxSubmitMs !== undefined ? { maxSubmitMs: kStartUrl.maxSubmitMs } : {}),
          onProgress: (progress) => setResult(id, { status: 'running', seq, config: parsed, label, progress }),
        });
        setResult(id, { status: verification.ok ? 'verified' : 'mismatch', seq, config: parsed, label, run, verification });
        // After a run of the kernel the map draws, its instrumented copy records which workgroup computed what.
        // (Not awaited: the map fills in while the next kernel runs; a newer trace supersedes it.)
        if (kKernels[id].traced) void traceRun(parsed, undefined, run.plan);
      } catch (e) {
        const failure = failureOf(e);
        setResult(id, { status: 'error', seq, config: parsed, label, error: failure });
        const stop = e instanceof GpuRunError && (e.kind === 'cancelled' || e.kind === 'device-lost') ? e.kind : undefined;
        if (stop) {
          // The data kept for the next run is given back (a cancelled huge run leaves no memory behind).
          void releaseExperimentData();
          if (stop === 'device-lost') useApp.setState({ runMessage: said('run:runs.lostAfter', { error: failure }) });
          for (const rest of ids.slice(ids.indexOf(id) + 1)) {
            setResult(rest, { status: 'error', seq, config: parsed, label: kernelLabel(rest), error: said(stop === 'cancelled' ? 'run:runs.cancelled' : 'run:runs.lost') });
          }
          break;
        }
      }
      // Let the page paint between kernels.
      await new Promise((r) => setTimeout(r, 0));
    }
    if (!signal.aborted) finishEstimated('run');
  });
}

// ---- tuning and auto -------------------------------------------------------------------------

/**
 * Tune for this adapter at the current shape: every candidate configuration, verified and timed;
 * the record is kept in this browser, keyed by adapter and engine.
 */
export async function runTuning(): Promise<boolean> {
  const ok = await withRun(
    {
      kernels: [],
      refuse: (r) => {
        if (r.why === 'busy') useApp.setState({ runMessage: busyMessage() });
        else useTuning.setState({ status: 'error', note: { key: r.why === 'no-gpu' ? 'noGpu' : 'fixInputs' } });
      },
    },
    async ({ ctx, parsed, signal }) => {
      if (!parsed) return false;
      useTuning.setState({ status: 'running', note: undefined, progress: undefined });
      try {
        const { entries, method } = await tune(ctx, parsed.shape, {
          signal,
          onProgress: (done, total, c) => useTuning.setState({ progress: { done, total, candidate: c } }),
        });
        const clock = ctx.info.timestampQuery ? 'gpu-timestamp' : 'wall-clock';
        saveTuneRecord({ adapter: thisAdapter(ctx.info), shape: parsed.shape, date: new Date().toISOString(), clock, entries, method });
        const good = entries.filter((e) => e.verified).length;
        useTuning.setState({ status: 'done', note: { key: 'done', shape: shapeLabel(parsed.shape), good, total: entries.length } });
        return good > 0;
      } catch (e) {
        useTuning.setState({ status: 'error', note: { key: 'stopped', error: failureOf(e) } });
        return false;
      }
    },
  );
  return ok ?? false;
}

/** "Auto": run the tuned best for this shape on this adapter, tuning first if this adapter has no record. */
export async function runAuto(): Promise<void> {
  const ctx = await initGpu();
  const first = currentDerived();
  if (ctx && first.parsed && !autoChoice(useTuning.getState().records, ctx.info, first.parsed.shape)) {
    if (!(await runTuning())) return;
  }
  const { parsed } = currentDerived(); // the inputs may have changed while tuning
  const choice = ctx && parsed ? autoChoice(useTuning.getState().records, ctx.info, parsed.shape) : undefined;
  if (!choice) {
    if (ctx && parsed) useApp.setState({ runMessage: said('run:tuner.autoNothing') });
    else await runKernels([]); // says why nothing ran (no GPU, or inputs to fix)
    return;
  }
  await runKernels([choice.kernel], { auto: { from: said('run:tuner.from', { shape: shapeLabel(choice.record.shape), date: choice.record.date.slice(0, 10) }) } });
}
