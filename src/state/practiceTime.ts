/**
 * "Time it" (issue #38): time the learner's kernel that passed its check on this GPU (gpu/practiceTime),
 * time the ladder's rungs at the same size the same way (once per size and adapter in this page),
 * judge every figure by the trust rule, place the learner's among the trusted rungs, and keep the
 * best trusted time per exercise. A software adapter's figure is shown, marked, and placed nowhere.
 */
import { kLadderIds, type KernelId } from '../core/kernels';
import { exercise, overallStatus, type ExerciseId } from '../core/practice/exercises';
import { codeHash, encodeTimed, kProbeSize, ofRoof, placeOnLadder, timeable, type TimedShare } from '../core/practice/timing';
import { cube } from '../core/shape';
import { softwareAdapter } from '../core/trust';
import { dispatchTime, estimateRun } from '../gpu/estimate';
import { failureOf, GpuRunError, type GpuContext, type GpuInfo } from '../gpu/device';
import { kMaxSettleMs } from '../gpu/timing';
import { said } from '../i18n';
import { kRungOverheadMs } from './ladderShape';
import { storeBest, type BestTime, type PracticeRung, type PracticeTimed } from './practiceState';
import { withRun } from './runs';
import { useApp, type AppState } from './store';
import { thisAdapter } from './tuning';
import { isSoftwareHere, runTrustHere } from './trust';

/** The rung figures timed in this page, per adapter and size (the ladder is timed once per size). */
const rungCache = new Map<string, readonly PracticeRung[]>();

const adapterOf = (info: GpuInfo): PracticeTimed['adapter'] => ({ vendor: info.vendor, architecture: info.architecture, description: info.description, isFallbackAdapter: info.isFallbackAdapter });

/** Whether the exercise's current code passed its last check (only such code may be timed): a selector over the store. */
export function mayTime(s: AppState, id: ExerciseId = s.practiceEx): boolean {
  const r = s.practiceResult;
  return timeable(exercise(id)) && r !== undefined && r.ex === id && r.code === s.practiceCode[id] && r.outcome.kind === 'ran' && overallStatus(r.outcome.shapes) === 'pass';
}

/** Whether this page's adapter is software (a CPU running WebGPU): Time it then says, before it starts, that its figure is a correctness check. */
export const softwareHere: (s: AppState) => boolean = isSoftwareHere;

const rungKey = (info: GpuInfo, size: number) => `${thisAdapter(info)} | ${size}`;

/** Whether the rungs were timed at `size` on this adapter in this page. */
export function rungsKnown(info: GpuInfo, size: number): boolean {
  return rungCache.has(rungKey(info, size));
}

/**
 * The ladder's rungs timed at `size` on this adapter, as Time it times them: once per size in this
 * page (the practice view's Time it and the class board share them).
 */
export async function rungsAt(ctx: GpuContext, size: number, signal: AbortSignal, onRung?: (index: number) => void): Promise<readonly PracticeRung[]> {
  const known = rungCache.get(rungKey(ctx.info, size));
  if (known) return known;
  // Loaded on the first timing, with the WGSL parser (issue #47).
  const { timeRungs } = await import('../gpu/practiceTime');
  const timed = await timeRungs(ctx, size, kLadderIds, { signal, onRung: (_: KernelId, i) => onRung?.(i) });
  const rungs = timed.map((r): PracticeRung => ('run' in r ? { id: r.id, gflops: r.run.run.gflops, medianMs: r.run.run.stats.median, verified: r.run.verification.ok, trust: runTrustHere(r.run.run) } : r));
  rungCache.set(rungKey(ctx.info, size), rungs);
  return rungs;
}

/** The rungs' figures as placeOnLadder reads them. */
export function rungFigures(rungs: readonly PracticeRung[]): { id: KernelId; gflops: number; verified: boolean; trusted: boolean }[] {
  return rungs.flatMap((r) => ('gflops' in r ? [{ id: r.id, gflops: r.gflops, verified: r.verified, trusted: r.trust.trusted }] : []));
}

let seq = 0;

function setTimed(patch: Partial<PracticeTimed>): void {
  useApp.setState((s) => (s.practiceTimed ? { practiceTimed: { ...s.practiceTimed, ...patch } } : {}));
}

/** Time the current exercise's code (it passed its check), then the rungs at the same size, and place it. */
export async function timePractice(): Promise<void> {
  const id = useApp.getState().practiceEx;
  if (!mayTime(useApp.getState(), id)) return;
  await withRun(
    {
      refuse: (r) => {
        if (r.why === 'no-gpu') useApp.setState({ practiceError: said('practice:noGpu') });
        else if (r.why === 'busy') useApp.setState({ practiceError: said('run:runs.busy') });
      },
    },
    async ({ ctx, signal }) => {
      const code = useApp.getState().practiceCode[id];
      const software = softwareAdapter(ctx.info).software;
      const mine = ++seq;
      const t0 = performance.now();
      useApp.setState({ practiceError: '', practiceTimed: { ex: id, code, seq: mine, status: 'running', stage: { kind: 'probe' }, size: software ? kProbeSize.software : kProbeSize.gpu, software, adapter: adapterOf(ctx.info) } });
      // The hash a link's figure carries of this code (core/practice/timing codeHash).
      void codeHash(code).then((h) => useApp.setState((s) => (s.practiceTimed?.seq === mine ? { practiceTimed: { ...s.practiceTimed, codeHash: h } } : {})));
      try {
        // Loaded on the first timing, with the WGSL parser (issue #47).
        const { timeLearner } = await import('../gpu/practiceTime');
        const outcome = await timeLearner(ctx, id, code, {
          software,
          signal,
          onProgress: (stage, size) => setTimed({ size, stage: { kind: stage === 'probe' || stage === 'bounded' ? stage : stage === 'verify' ? 'verify' : 'timing' } }),
          onSize: (size, probe) => {
            // The rest of the run, said before it starts: the timed run at this size (at the probe's rate), then the rungs not yet timed at it.
            const dispatchMs = probe.ms * (size / probe.size) ** 3;
            const learnerMs = dispatchTime(dispatchMs, 0, size).ms + (software ? 0 : kMaxSettleMs);
            // The rungs at the learner's measured rate (none of theirs is measured yet): most are faster, naive slower.
            const rate = dispatchMs > 0 ? (2 * size ** 3) / (dispatchMs * 1e6) : undefined;
            const rungsMs =
              software || rungsKnown(ctx.info, size) || rate === undefined
                ? 0
                : (estimateRun(cube(size), kLadderIds.map((kernel) => ({ kernel, gflops: rate })), 0, true).totalMs ?? 0) + kLadderIds.length * kRungOverheadMs.gpu;
            setTimed({ size, estimateMs: learnerMs + rungsMs });
          },
        });
        if (outcome.kind !== 'timed') {
          setTimed({ status: 'done', outcome, stage: undefined });
          return;
        }
        const trust = runTrustHere(outcome.timing, { software });
        const verified = outcome.verification.ok;
        setTimed({ outcome, trust, stage: undefined });
        let rungs: readonly PracticeRung[] | undefined;
        if (!software && verified) rungs = await rungsAt(ctx, outcome.size, signal, (i) => setTimed({ stage: { kind: 'rungs', rung: i + 1, rungs: kLadderIds.length } }));
        const good = verified && trust.trusted;
        const place = good && rungs ? placeOnLadder(outcome.gflops, rungFigures(rungs)) : undefined;
        const roof = useApp.getState().roofline;
        const share = good && roof && roof.verified && !software ? ofRoof(outcome.gflops, roof.fmaGflops) : undefined;
        setTimed({ status: 'done', stage: undefined, tookMs: performance.now() - t0, ...(rungs ? { rungs } : {}), ...(software ? { rungsSkipped: 'software' as const } : {}), ...(place ? { place } : {}), ...(share !== undefined ? { ofRoof: share } : {}) });
        if (good) keepBest(id, { gflops: outcome.gflops, size: outcome.size, medianMs: outcome.timing.stats.median, adapter: ctx.info.description || ctx.info.vendor, date: new Date().toISOString().slice(0, 10) });
      } catch (e) {
        const cancelled = e instanceof GpuRunError && e.kind === 'cancelled';
        setTimed({ status: 'done', stage: undefined, error: cancelled ? said('run:runs.cancelled') : failureOf(e) });
      }
    },
  );
}

/** Keep `t` as the exercise's best when it is faster than the one kept. */
function keepBest(id: ExerciseId, t: BestTime): void {
  const now = useApp.getState().practiceBest;
  const old = now[id];
  if (old && old.gflops >= t.gflops) return;
  const next = { ...now, [id]: t };
  storeBest(next);
  useApp.setState({ practiceBest: next });
}


/** The figure a link carries for a timed result (only a verified one, for the code shown), else undefined. */
export function timedForLink(t: PracticeTimed | undefined, id: ExerciseId, code: string): string | undefined {
  if (!t || t.status !== 'done' || t.ex !== id || t.code !== code || t.outcome?.kind !== 'timed' || !t.outcome.verification.ok || !t.trust || t.codeHash === undefined) return undefined;
  const o = t.outcome;
  const f: TimedShare = {
    ex: id,
    code: t.codeHash,
    size: o.size,
    clock: o.timing.clock,
    samples: o.timing.stats.n,
    dispatchesPerSample: o.timing.dispatchesPerSample,
    medianMs: o.timing.stats.median,
    minMs: o.timing.stats.min,
    maxMs: o.timing.stats.max,
    gflops: o.gflops,
    verified: true,
    trusted: t.trust.trusted,
    adapter: { vendor: t.adapter.vendor.slice(0, 120), architecture: t.adapter.architecture.slice(0, 120), description: t.adapter.description.slice(0, 300), isFallbackAdapter: t.adapter.isFallbackAdapter },
    browser: (typeof navigator !== 'undefined' ? navigator.userAgent : 'unknown').slice(0, 200),
    ...(t.place?.below ? { below: t.place.below } : {}),
    ...(t.place?.above ? { above: t.place.above } : {}),
    ...(t.place?.ofBest !== undefined ? { ofBest: Math.min(1000, t.place.ofBest) } : {}),
    ...(t.ofRoof !== undefined ? { ofRoof: Math.min(1000, t.ofRoof) } : {}),
  };
  return encodeTimed(f);
}
