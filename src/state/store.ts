/**
 * The app's one store (zustand): the configuration as typed, the GPU status and one result per
 * kernel. Plain data only — the GPUDevice lives in gpuSession below, outside the store.
 * Actions are module-level functions; the configuration is mirrored into the URL query.
 */
import { create } from 'zustand';
import { parseConfig, type ParsedConfig } from '../core/config';
import type { FieldErrors } from '../core/input';
import type { Verification } from '../core/reference';
import { shapeLabel } from '../core/shape';
import { configFromQuery, kDefaultConfig, queryFromConfig, type ConfigText } from '../core/url';
import { acquireGpu, GpuRunError, GpuUnavailableError, type GpuContext, type GpuInfo } from '../gpu/device';
import { checkExperiment, runVerified } from '../gpu/experiment';
import { kKernels, type KernelId } from '../core/kernels';
import type { Progress, RunResult } from '../gpu/runner';
import { simulateRun, traceRun } from './viz';
import { kInitialViz, type VizState } from './vizState';
import { initialBench, type BenchState } from './benchState';
import { initialDot, type DotState } from './dotState';
import { kDefaultSweepSizes } from '../core/bench';
import { tunedParams, type Params } from '../core/tuning';
import { candidateLabel, tune } from '../gpu/tuner';
import { autoChoice, saveTuneRecord, thisAdapter, useTuning } from './tuning';

export type GpuStatus =
  | { readonly state: 'initializing' }
  | { readonly state: 'ready'; readonly info: GpuInfo }
  | { readonly state: 'unavailable'; readonly message: string; readonly reason: GpuUnavailableError['reason'] }
  | { readonly state: 'lost'; readonly message: string; readonly info?: GpuInfo };

export type ResultStatus = 'running' | 'verified' | 'mismatch' | 'error';

export interface KernelResult {
  readonly status: ResultStatus;
  /** Increments with every run the app starts, so a reader can tell a new result from an old one. */
  readonly seq: number;
  /** The configuration this result belongs to. */
  readonly config: ParsedConfig;
  readonly label: string;
  readonly progress?: Progress;
  readonly run?: Omit<RunResult, 'c'>;
  readonly verification?: Verification;
  readonly error?: string;
}

export interface AppState extends VizState, BenchState, DotState {
  readonly config: ConfigText;
  readonly gpu: GpuStatus;
  readonly results: Partial<Record<KernelId, KernelResult>>;
  /** A message for the whole run (device lost, failure before any kernel ran). */
  readonly runMessage: string;
  readonly busy: boolean;
  /** The last "auto" run: which tuned configuration it ran, and from which record. */
  readonly auto?: { readonly kernel: KernelId; readonly params: Params; readonly seq: number; readonly from: string };
}

const initialConfig = typeof location !== 'undefined' ? configFromQuery(location.search) : kDefaultConfig;
/** `?limits=default`: request only WebGPU's default limits, as the most limited adapter would give. */
const defaultLimitsOnly = typeof location !== 'undefined' && new URLSearchParams(location.search).get('limits') === 'default';
/** `?maxSubmitMs=N`: the per-submission budget for splitting long runs (default kMaxSubmitMs). */
const maxSubmitMs = (() => {
  const v = typeof location !== 'undefined' ? Number(new URLSearchParams(location.search).get('maxSubmitMs') ?? NaN) : NaN;
  return Number.isFinite(v) && v > 0 && v <= 60_000 ? v : undefined;
})();

export const useApp = create<AppState>()(() => ({
  config: initialConfig,
  gpu: { state: 'initializing' },
  results: {},
  runMessage: '',
  busy: false,
  ...kInitialViz,
  ...initialBench(typeof location !== 'undefined' ? location.search : ''),
  ...initialDot(typeof location !== 'undefined' ? location.search : ''),
}));

// ---- URL mirroring ------------------------------------------------------------------------
useApp.subscribe((s, prev) => {
  if ((s.config === prev.config && s.sweepText.sizes === prev.sweepText.sizes && s.view === prev.view && s.dotText.n === prev.dotText.n) || typeof history === 'undefined') return;
  const keep: Array<[string, string]> = defaultLimitsOnly ? [['limits', 'default']] : [];
  if (s.sweepText.sizes !== kDefaultSweepSizes.join(', ')) keep.push(['sizes', s.sweepText.sizes]);
  if (s.view === 'dot') keep.push(['view', 'dot'], ['dotn', s.dotText.n]);
  if (maxSubmitMs !== undefined) keep.push(['maxSubmitMs', String(maxSubmitMs)]);
  const url = `${location.pathname}${queryFromConfig(s.config, keep)}${location.hash}`;
  history.replaceState(history.state, '', url);
});

// ---- GPU session (outside the store: GPU objects are not plain data) ------------------------
let session: GpuContext | undefined;
let acquiring: Promise<GpuContext | undefined> | undefined;

/** The current device's context, when there is one and it is not lost. */
export function currentGpu(): GpuContext | undefined {
  return session && !session.isLost() ? session : undefined;
}

export function initGpu(): Promise<GpuContext | undefined> {
  if (session && !session.isLost()) return Promise.resolve(session);
  acquiring ??= (async () => {
    const wasLost = useApp.getState().gpu.state === 'lost';
    if (!wasLost) useApp.setState({ gpu: { state: 'initializing' } });
    try {
      const ctx = await acquireGpu({
        defaultLimitsOnly,
        onLost: (li) => {
          if (session === ctx) {
            useApp.setState({ gpu: { state: 'lost', message: `The GPU device was lost (${li.reason}${li.message ? `: ${li.message}` : ''}). It will be re-acquired on the next run.`, info: ctx.info } });
          }
        },
        onUncapturedError: (msg) => console.error(`Uncaptured WebGPU error: ${msg}`),
      });
      // destroy() also resolves device.lost (reason "destroyed"), which onLost ignores; show it too.
      void ctx.lost.then((li) => {
        if (li.reason === 'destroyed' && session === ctx) {
          useApp.setState({ gpu: { state: 'lost', message: 'The GPU device was destroyed. It will be re-acquired on the next run.', info: ctx.info } });
        }
      });
      session = ctx;
      useApp.setState({ gpu: { state: 'ready', info: ctx.info } });
      return ctx;
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const reason = e instanceof GpuUnavailableError ? e.reason : 'device-failed';
      useApp.setState({ gpu: { state: 'unavailable', message, reason } });
      return undefined;
    } finally {
      acquiring = undefined;
    }
  })();
  return acquiring;
}

// ---- actions ------------------------------------------------------------------------------
export function setField(field: keyof ConfigText, value: string): void {
  useApp.setState((s) => ({ config: { ...s.config, [field]: value }, runMessage: '' }));
}

export function applyConfig(config: Partial<ConfigText>): void {
  useApp.setState((s) => ({ config: { ...s.config, ...config }, runMessage: '' }));
}

/** Problems with the current configuration: parse errors, then the adapter's limits. */
export function validate(config: ConfigText, gpu: GpuStatus, kernels: readonly KernelId[]): { parsed?: ParsedConfig; errors: FieldErrors } {
  const { config: parsed, errors } = parseConfig(config);
  if (!parsed) return { errors };
  const info = gpu.state === 'ready' || gpu.state === 'lost' ? gpu.info : undefined;
  if (!info) return { parsed, errors };
  const limitErrors = checkExperiment(info, parsed.shape, parsed.tile, kernels);
  if (Object.keys(limitErrors).length > 0) return { errors: limitErrors };
  return { parsed, errors };
}

let runSeq = 0;
let controller: AbortController | undefined;

/** Stop waiting for the current run; its cards end as errors saying so. */
export function cancelRun(): void {
  controller?.abort();
}

function setResult(id: KernelId, r: KernelResult | undefined): void {
  useApp.setState((s) => ({ results: { ...s.results, [id]: r } }));
}

/** The tuned params for a kernel at this shape on this adapter (none: the kernel's own choice). */
function paramsFor(id: KernelId, ctx: GpuContext, parsed: ParsedConfig): Params | undefined {
  if (!kKernels[id].tunables) return undefined;
  return tunedParams(autoChoice(useTuning.getState().records, ctx.info, parsed.shape), id);
}

export async function runKernels(ids: readonly KernelId[], opts: { auto?: { from: string } } = {}): Promise<void> {
  if (useApp.getState().busy) {
    useApp.setState({ runMessage: 'A run is already in progress: wait for it, or press Cancel.' });
    return;
  }
  const ctx = await initGpu();
  const state = useApp.getState();
  const { parsed, errors } = validate(state.config, state.gpu, ids);
  if (!ctx) {
    const sim = parsed && Object.keys(errors).length === 0 ? simulateRun(parsed) : '';
    useApp.setState({
      runMessage: `Nothing ran on a GPU: WebGPU is not available in this browser (see the GPU panel). ${sim ? `The tile map and phase stepper below show the same algorithm simulated on the CPU. ${sim}` : ''}`,
    });
    return;
  }
  if (!parsed || Object.keys(errors).length > 0) {
    // The inputs already show why (validation is live); nothing runs and no result changes.
    useApp.setState({ runMessage: 'Nothing ran: fix the inputs marked below first.' });
    return;
  }
  useApp.setState({ busy: true, runMessage: '' });
  const seq = ++runSeq;
  controller = new AbortController();
  const { signal } = controller;
  // Clear every requested card first, so no old "verified" stands beside a new run.
  for (const id of ids) setResult(id, { status: 'running', seq, config: parsed, label: kKernels[id].label });
  if (opts.auto && ids[0]) useApp.setState({ auto: { kernel: ids[0], params: paramsFor(ids[0], ctx, parsed) ?? {}, seq, from: opts.auto.from } });
  try {
    for (const id of ids) {
      const label = kKernels[id].label;
      try {
        const params = paramsFor(id, ctx, parsed);
        const { run, verification } = await runVerified(ctx, id, parsed, {
          signal,
          ...(params ? { params } : {}),
          ...(parsed.samples > 0 ? { minSamples: parsed.samples, maxSamples: parsed.samples } : {}),
          ...(maxSubmitMs !== undefined ? { maxSubmitMs } : {}),
          onProgress: (progress) => setResult(id, { status: 'running', seq, config: parsed, label, progress }),
        });
        const { c: _c, ...summary } = run;
        void _c;
        setResult(id, { status: verification.ok ? 'verified' : 'mismatch', seq, config: parsed, label, run: summary, verification });
        // After a tiled run, the instrumented kernel records which workgroup computed what.
        // (Not awaited: the map fills in while the next kernel runs; a newer trace supersedes it.)
        if (id === 'tiled') void traceRun(parsed);
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        setResult(id, { status: 'error', seq, config: parsed, label, error: message });
        if (e instanceof GpuRunError && e.kind === 'cancelled') {
          for (const rest of ids.slice(ids.indexOf(id) + 1)) {
            setResult(rest, { status: 'error', seq, config: parsed, label: kKernels[rest].label, error: 'Not run: the run was cancelled.' });
          }
          break;
        }
        if (e instanceof GpuRunError && e.kind === 'device-lost') {
          useApp.setState({ runMessage: `${message} No result from this run is shown as verified.` });
          for (const rest of ids.slice(ids.indexOf(id) + 1)) {
            setResult(rest, { status: 'error', seq, config: parsed, label: kKernels[rest].label, error: 'Not run: the GPU device was lost.' });
          }
          break;
        }
      }
      // Let the page paint between kernels.
      await new Promise((r) => setTimeout(r, 0));
    }
  } finally {
    controller = undefined;
    useApp.setState({ busy: false });
  }
}

/**
 * Tune for this adapter at the current shape: every candidate configuration, verified and timed;
 * the record is kept in this browser, keyed by adapter and engine.
 */
export async function runTuning(): Promise<boolean> {
  if (useApp.getState().busy) {
    useApp.setState({ runMessage: 'A run is already in progress: wait for it, or press Cancel.' });
    return false;
  }
  const ctx = await initGpu();
  const state = useApp.getState();
  const { parsed, errors } = validate(state.config, state.gpu, []);
  if (!ctx) {
    useTuning.setState({ status: 'error', message: 'Nothing was tuned: WebGPU is not available in this browser (see the GPU panel).' });
    return false;
  }
  if (!parsed || Object.keys(errors).length > 0) {
    useTuning.setState({ status: 'error', message: 'Nothing was tuned: fix the inputs marked above first.' });
    return false;
  }
  useApp.setState({ busy: true, runMessage: '' });
  controller = new AbortController();
  const { signal } = controller;
  useTuning.setState({ status: 'running', message: '', progress: undefined });
  try {
    const entries = await tune(ctx, parsed.shape, {
      signal,
      onProgress: (done, total, c) => useTuning.setState({ progress: { done, total, label: candidateLabel(c) } }),
    });
    const clock = ctx.info.timestampQuery ? 'gpu-timestamp' : 'wall-clock';
    saveTuneRecord({ adapter: thisAdapter(ctx.info), shape: parsed.shape, date: new Date().toISOString(), clock, entries });
    const ok = entries.filter((e) => e.verified).length;
    useTuning.setState({ status: 'done', message: `Tuned at ${shapeLabel(parsed.shape)}: ${ok} of ${entries.length} configurations ran and were verified.` });
    return ok > 0;
  } catch (e) {
    useTuning.setState({ status: 'error', message: `Tuning stopped: ${e instanceof Error ? e.message : String(e)} Nothing was saved.` });
    return false;
  } finally {
    controller = undefined;
    useApp.setState({ busy: false });
  }
}

/** "Auto": run the tuned best for this shape on this adapter, tuning first if this adapter has no record. */
export async function runAuto(): Promise<void> {
  const ctx = await initGpu();
  const { parsed } = validate(useApp.getState().config, useApp.getState().gpu, []);
  if (ctx && parsed && !autoChoice(useTuning.getState().records, ctx.info, parsed.shape)) {
    if (!(await runTuning())) return;
  }
  const again = validate(useApp.getState().config, useApp.getState().gpu, []).parsed;
  const choice = ctx && again ? autoChoice(useTuning.getState().records, ctx.info, again.shape) : undefined;
  if (!choice) {
    if (ctx && again) useApp.setState({ runMessage: 'Auto found nothing to run: no tuned configuration could run at this shape.' });
    else await runKernels([]); // says why nothing ran (no GPU, or inputs to fix)
    return;
  }
  await runKernels([choice.kernel], { auto: { from: `tuned at ${shapeLabel(choice.record.shape)} on ${choice.record.date.slice(0, 10)}` } });
}

export const describeConfig = (c: ParsedConfig): string => `${shapeLabel(c.shape)}, tile ${c.tile}, ${c.pattern} data, seed ${c.seed}`;
