/**
 * The visualisation slice: the GPU's record of the last tiled run (from the instrumented kernel),
 * the selected C tile, the phase stepper and classroom mode. Plain data only.
 */
import { sameRunConfig, type ParsedConfig } from '../core/config';
import type { LaunchPlan } from '../core/kernels';
import { elementErrors, kFullCheckMacs } from '../core/reference';
import { howCheckedSaid } from '../i18n/words';
import { tileGrid } from '../core/tiling';
import { kStepsPerPhase, kTraceMaxMacs, padForTrace, simulateTiled, traceMismatches } from '../core/trace';
import { isPlanFailure, tiledMapping } from '../core/tiling';
import { referenceMatmul } from '../core/reference';
import { clockResolutionMs } from '../core/clock';
import { fmtBelowResolution, fmtGflops, fmtMs, isBelowResolution } from '../i18n/format';
import { gflops, shapeLabel } from '../core/shape';
import { elementErrorsOffThread, experimentData, experimentDataOffThread, kTraceOnPageMacs, verifyOffThread } from '../gpu/experiment';
import { failureOf } from '../gpu/device';
import { numberFormat, said, t, type Said } from '../i18n';
import { currentGpu } from './session';
import { useApp } from './store';

/**
 * A and B (padded) as the traced run read them, kept with the trace they belong to. Issue #39: the
 * stepper asked for them on every step, and each time they were generated (once, then cached) and
 * padded again on the page — at 4096³ in a real browser on an H200 a 0.8 s task after the trace,
 * and 128 MB copied on every step. A GPU trace keeps the A and B its kernel read (generated off the
 * page's thread); a simulated one (small problems) pads them once.
 */
let tracedInputs: { readonly trace: object; readonly a: Float32Array; readonly b: Float32Array } | undefined;

/** Keeps the padded A and B of `trace` for the stepper (the run that recorded the trace calls it). */
export function keepTracedInputs(trace: object, padded: { a: Float32Array; b: Float32Array }): void {
  tracedInputs = { trace, a: padded.a, b: padded.b };
}

/** A and B (padded) of the traced configuration, for the model's partial sums: the same arrays for every step. */
export function tracedData(): { a: Float32Array; b: Float32Array } | undefined {
  const t = useApp.getState().trace;
  if (!t) return undefined;
  if (tracedInputs?.trace !== t) {
    const d = experimentData(t.config);
    keepTracedInputs(t, padForTrace(d.a, d.b, t.config.shape, t.config.tile));
  }
  return tracedInputs;
}

let traceSeq = 0;

/**
 * Run the instrumented kernel for a configuration and keep what the GPU recorded. `plan` is the
 * traced kernel's launch plan when the caller has it (a run hands over the one it ran with).
 */
export async function traceRun(config: ParsedConfig, bounds = useApp.getState().bounds, plan?: LaunchPlan): Promise<void> {
  const ctx = currentGpu();
  if (!ctx) return;
  const seq = ++traceSeq;
  useApp.setState({ traceStatus: 'running', traceError: '' });
  try {
    // Beyond tiny problems the data are generated and checked off the page's thread (issue #15).
    const tiny = config.shape.m * config.shape.n * config.shape.k <= kTraceOnPageMacs;
    const data = tiny ? experimentData(config) : await experimentDataOffThread(config);
    // The instrumented kernel and its reader load with the first trace (issue #47: not part of the first load).
    const { runTraced } = await import('../gpu/trace');
    const r = await runTraced(ctx, config.shape, config.tile, data, bounds, plan);
    if (seq !== traceSeq) return;
    const { c, padded, ...rest } = r;
    const s = config.shape;
    let wrong: Uint8Array | undefined;
    let wrongCount: number;
    let checkedHow: Said;
    if (s.m * s.n * s.k <= kFullCheckMacs) {
      const e = tiny ? elementErrors(data, s, c) : await elementErrorsOffThread(config, c);
      wrong = e.wrong;
      wrongCount = e.count;
      checkedHow = said('viz:trace.checkedAll', { n: numberFormat().format(s.m * s.n) });
    } else {
      const { verification: v } = await verifyOffThread(config, c, config.tile);
      wrongCount = v.mismatches;
      checkedHow = said('viz:trace.checkedSampled', { n: numberFormat().format(v.checked), how: howCheckedSaid(v) });
    }
    const prev = useApp.getState();
    const g = tileGrid(s, config.tile);
    // The same configuration again (e.g. the bounds switch moved): keep the selected tile and step.
    const same = prev.trace !== undefined && sameRunConfig(prev.trace.config, config, true);
    const traceCheck = rest.trace ? traceMismatches(rest.trace, s, config.tile, rest.rowsPerInvocation, bounds) : undefined;
    const trace = { ...rest, config, wrong, wrongCount, checkedHow, traceCheck, source: 'gpu' as const };
    keepTracedInputs(trace, padded);
    useApp.setState({
      trace,
      traceStatus: 'done',
      selected: same ? prev.selected : { ty: g.tilesY - 1, tx: g.tilesX - 1 },
      step: same ? prev.step : 0,
    });
    // The switch may have moved while this run was on the GPU: record again so map and switch agree.
    if (useApp.getState().bounds !== bounds) await traceRun(config, useApp.getState().bounds, plan);
  } catch (e) {
    if (seq !== traceSeq) return;
    useApp.setState({ traceStatus: 'error', traceError: failureOf(e) });
  }
}

/** WebGPU's default limits: what a simulation assumes the kernel would get. */
const kDefaultWorkgroupLimits = { maxComputeInvocationsPerWorkgroup: 256, maxComputeWorkgroupSizeX: 256, maxComputeWorkgroupSizeY: 256, maxComputeWorkgroupStorageSize: 16384 };

/**
 * Without WebGPU: run the same algorithm on the CPU so the teaching views still work (clearly
 * labelled as simulated), and time the CPU reference. Returns a sentence about the timing.
 */
export function simulateRun(config: ParsedConfig, bounds = useApp.getState().bounds): string {
  const s = config.shape;
  if (s.m * s.n * s.k > kFullCheckMacs) {
    return t('viz:trace.simTooLarge', { n: numberFormat().format(kFullCheckMacs), shape: `${s.m}×${s.k}×${s.n}` });
  }
  const data = experimentData(config);
  const mapping = tiledMapping(config.tile, kDefaultWorkgroupLimits);
  const rows = isPlanFailure(mapping) ? 1 : mapping.rowsPerInvocation;
  const sim = simulateTiled(data.a, data.b, s, config.tile, rows, bounds, s.m * s.n * s.k <= kTraceMaxMacs);
  const e = elementErrors(data, s, sim.c);
  // Time the CPU reference (wall clock, median of 3).
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    referenceMatmul(data, s);
    times.push(performance.now() - t0);
  }
  times.sort((x, y) => x - y);
  const g = tileGrid(s, config.tile);
  useApp.setState({
    trace: {
      shape: s,
      tile: config.tile,
      bounds,
      rowsPerInvocation: rows,
      tiles: sim.tiles,
      owner: sim.owner,
      trace: sim.trace,
      config,
      wrong: e.wrong,
      wrongCount: e.count,
      checkedHow: said('viz:trace.checkedAll', { n: numberFormat().format(s.m * s.n) }),
      source: 'cpu',
    },
    traceStatus: 'done',
    traceError: '',
    selected: { ty: g.tilesY - 1, tx: g.tilesX - 1 },
    step: 0,
  });
  const ms = times[1]!;
  const step = clockResolutionMs();
  return isBelowResolution(ms, step)
    ? t('viz:trace.cpuTooShort', { shape: shapeLabel(s), below: fmtBelowResolution(step) })
    : t('viz:trace.cpuTime', { shape: shapeLabel(s), ms: fmtMs(ms), rate: fmtGflops(gflops(s, ms)) });
}

export function setBounds(bounds: boolean): void {
  useApp.setState({ bounds });
  const { trace, traceStatus } = useApp.getState();
  if (trace?.source === 'cpu') {
    simulateRun(trace.config, bounds);
    return;
  }
  // A trace in flight re-runs itself when it sees the switch moved; otherwise record again now.
  if (trace && traceStatus !== 'running') void traceRun(trace.config, bounds);
}

export function selectTile(ty: number, tx: number): void {
  const t = useApp.getState().trace;
  if (!t) return;
  const g = tileGrid(t.config.shape, t.config.tile);
  useApp.setState({ selected: { ty: Math.max(0, Math.min(g.tilesY - 1, ty)), tx: Math.max(0, Math.min(g.tilesX - 1, tx)) } });
}

export function moveSelection(dy: number, dx: number): void {
  const { selected } = useApp.getState();
  selectTile(selected.ty + dy, selected.tx + dx);
}

export function stepCount(): number {
  const t = useApp.getState().trace;
  return t ? tileGrid(t.config.shape, t.config.tile).phases * kStepsPerPhase : 0;
}

export function setStep(step: number): void {
  const n = stepCount();
  if (n === 0) return;
  useApp.setState({ step: Math.max(0, Math.min(n - 1, step)) });
}

export function stepBy(delta: number): void {
  setStep(useApp.getState().step + delta);
}

export function setPlaying(playing: boolean): void {
  useApp.setState({ playing });
}

export function togglePlaying(): void {
  useApp.setState((s) => ({ playing: !s.playing }));
}

export function setStepMs(stepMs: number): void {
  useApp.setState({ stepMs });
}

export function setClassroom(classroom: boolean): void {
  useApp.setState({ classroom });
}

/** Focus the stepper on one lane (slot) of the tile, clamped to the traced tile width. */
export function setLane(ly: number, lx: number): void {
  const t = useApp.getState().trace;
  const tile = t?.config.tile ?? 1;
  const clamp = (v: number) => Math.max(0, Math.min(tile - 1, Math.floor(Number.isFinite(v) ? v : 0)));
  useApp.setState({ lane: { ly: clamp(ly), lx: clamp(lx) } });
}
