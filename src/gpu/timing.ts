/**
 * Timing any compute work honestly: warm-up, calibration, repeated samples; GPU timestamps
 * (timestamp-query) when the device has them, otherwise wall clock around onSubmittedWorkDone.
 * Short work is batched: one sample runs enough back-to-back dispatches in one compute pass to
 * last kMinSampleMs, and its time is divided by that count. No React, no DOM.
 */
import { bestClock, type Clock } from '../core/clock';
import type { BandProbe } from '../core/split';
import { said } from '../core/said';
import { medianInterval, nextRound, stopReason, summarize, type MedianInterval, type StopReason, type StopRule, type Summary } from '../core/stats';
import { OwnedBuffers, readBack, type Guard } from './buffers';
import { withErrorScopes, type GpuContext } from './device';
import { kStepsPerSample } from '../core/clock';

export const kWarmupRuns = 2;
/** Each sample lasts at least this long (and longer when timestamps are coarse, see kStepsPerSample). */
export const kMinSampleMs = 2;
/** Untimed work before the timed samples comes in chunks of about this many ms (see settle in timeDispatches)… */
export const kSettleChunkMs = 50;
/** …until this many chunks in a row brought no speed-up… */
export const kSettleStaleChunks = 4;
/** …or this long has passed. */
export const kMaxSettleMs = 2000;
/** Queued timed samples are grouped into submissions of about this much GPU work (ms). */
export const kQueuedSubmitMs = 100;
/** Most dispatches batched into one sample (one compute pass). */
export const kMaxDispatchesPerSample = 256;
/** Time spent on the timed samples, when the work is fast enough to fit. */
export const kTimingBudgetMs = 1000;
export const kMinSamples = 3;
export const kMaxSamples = 30;

export { type Clock } from '../core/clock';

/** Why a run was timed by the wall clock: asked for, no timestamp-query, or timestamps unusable. */
export type ClockWhy = 'requested' | 'noTimestamps' | 'badTimestamps';

export interface TimingOptions {
  readonly warmups?: number;
  readonly budgetMs?: number;
  readonly minSamples?: number;
  readonly maxSamples?: number;
  /** Force the wall clock even when timestamps are available. */
  readonly forceWallClock?: boolean;
  /**
   * Sample in rounds until this rule stops (core/stats stopReason: the median's interval within
   * ±halfWidthPct, or its maximum of samples or kernel time); budgetMs, minSamples and maxSamples are then not used.
   */
  readonly untilCi?: StopRule;
  readonly onProgress?: (stage: 'warmup' | 'timing', done: number, total: number) => void;
}

export interface Timing {
  readonly clock: Clock;
  /** Why the clock is not the best available, as a code (run:clock.note.<code>), said where it is shown; absent when it is the best. */
  readonly clockWhy?: ClockWhy;
  readonly warmups: number;
  /** Milliseconds per dispatch, one entry per sample. */
  readonly samplesMs: readonly number[];
  readonly dispatchesPerSample: number;
  readonly stats: Summary;
  /** How long the kernel ran untimed before the samples, until its speed stopped rising (see settle). */
  readonly settledMs?: number;
  /** The GPU clock's step, when the timestamps seen were all multiples of a step ≥ 1 µs. */
  readonly resolutionMs?: number;
  /** The median's 95% confidence interval (core/stats medianInterval); absent with under 6 samples. */
  readonly ci?: MedianInterval;
  /** Why automatic sampling (untilCi) stopped; absent for a fixed count. */
  readonly stopped?: StopReason;
}

const gcd = (a: bigint, b: bigint): bigint => {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
};

/**
 * The step timestamps are quantised to: the greatest common divisor of raw values, kept only when
 * it is at least 1 µs (unquantised nanosecond values share no such divisor by chance).
 */
export function timestampStepNs(raw: readonly bigint[]): number | undefined {
  const g = raw.reduce((acc, v) => gcd(acc, v), 0n);
  return g >= 1000n ? Number(g) : undefined;
}

export type { Guard };

const now = () => performance.now();
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** A timestamp query set for `pairs` begin/end pairs, with the buffers to resolve and read it. */
class TimestampQueries {
  private constructor(
    readonly set: GPUQuerySet,
    private readonly buffers: OwnedBuffers,
    private readonly resolveBuf: GPUBuffer,
    private readonly readBuf: GPUBuffer,
    readonly pairs: number,
  ) {}

  static create(device: GPUDevice, label: string, pairs: number): Promise<TimestampQueries> {
    const buffers = new OwnedBuffers(device, label);
    let set: GPUQuerySet | undefined;
    return withErrorScopes(device, said('run:scope.timestamps'), () => {
      set = device.createQuerySet({ label, type: 'timestamp', count: 2 * pairs });
      const resolve = buffers.create('resolve', 16 * pairs, GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC);
      return new TimestampQueries(set, buffers, resolve, buffers.createRead('read', 16 * pairs), pairs);
    }).catch((e: unknown) => {
      set?.destroy();
      buffers.destroy();
      throw e;
    });
  }

  /** Records, at the end of `enc`, the copy of every timestamp into the mappable buffer. */
  resolve(enc: GPUCommandEncoder): void {
    enc.resolveQuerySet(this.set, 0, 2 * this.pairs, this.resolveBuf, 0);
    enc.copyBufferToBuffer(this.resolveBuf, 0, this.readBuf, 0, 16 * this.pairs);
  }

  /** The raw timestamps (ns), once the work that resolved them has finished. */
  async read(guard: Guard): Promise<BigInt64Array> {
    return new BigInt64Array(await readBack(this.readBuf, 16 * this.pairs, guard));
  }

  destroy(): void {
    this.set.destroy();
    this.buffers.destroy();
  }
}

/**
 * One pass of work submitted alone and timed (the long-run probe of gpu/runner.ts): the wall clock
 * around its submit-and-wait, GPU timestamps around the pass when the device has them, and the wall
 * clock of an empty submission just before — the engine's own round trip, which the wall clock also
 * holds (core/split bandMs says how they combine). Work queued before is finished first, so none of
 * it is counted.
 */
export async function timeOnePass(ctx: GpuContext, label: string, record: (pass: GPUComputePassEncoder) => void, guard: Guard): Promise<BandProbe> {
  const { device } = ctx;
  const ts = ctx.info.timestampQuery ? await TimestampQueries.create(device, `${label}.timestamps`, 1) : undefined;
  try {
    await guard(device.queue.onSubmittedWorkDone());
    const t0 = now();
    device.queue.submit([device.createCommandEncoder({ label: `${label}.empty` }).finish()]);
    await guard(device.queue.onSubmittedWorkDone());
    const emptyWallMs = now() - t0;
    const enc = device.createCommandEncoder({ label: `${label}.encoder` });
    const pass = enc.beginComputePass({ label: `${label}.pass`, ...(ts ? { timestampWrites: { querySet: ts.set, beginningOfPassWriteIndex: 0, endOfPassWriteIndex: 1 } } : {}) });
    record(pass);
    pass.end();
    ts?.resolve(enc);
    const cmd = enc.finish();
    const t1 = now();
    device.queue.submit([cmd]);
    await guard(device.queue.onSubmittedWorkDone());
    const wallMs = now() - t1;
    if (!ts) return { wallMs, emptyWallMs };
    const [b, e] = await ts.read(guard);
    return { wallMs, emptyWallMs, gpuMs: Number(e! - b!) / 1e6 };
  } finally {
    ts?.destroy();
  }
}

/** Records `count` dispatches of the work into a compute pass; `part` is the submission of a split run. */
export type Encode = (pass: GPUComputePassEncoder, count: number, part: number) => void;

/**
 * Runs and times one piece of work: single samples (wall clock and, with timestamps, GPU time),
 * queued samples, and settling the GPU's clock. Each sample runs every part in its own
 * submission; their times are added up. Owns its timestamp queries (destroy()).
 */
class DispatchSampler {
  /** Raw timestamps from single samples, to find their quantisation step. */
  readonly raw: bigint[] = [];
  /** How long settle() ran, when it did. */
  settledMs: number | undefined;
  private ts: TimestampQueries | undefined;

  constructor(
    private readonly ctx: GpuContext,
    private readonly label: string,
    private readonly encode: Encode,
    private readonly guard: Guard,
    private readonly parts: number,
  ) {}

  private get device(): GPUDevice {
    return this.ctx.device;
  }

  /** Single samples read GPU timestamps from now on. */
  async useTimestamps(): Promise<void> {
    this.ts = await TimestampQueries.create(this.device, `${this.label}.timestamps`, 1);
  }

  /** One sample: `count` runs, each part in its own submission. Returns [wall ms, gpu ms | undefined]. */
  async sample(count: number): Promise<[number, number | undefined]> {
    let wall = 0;
    let gpu: number | undefined = this.ts ? 0 : undefined;
    for (let part = 0; part < this.parts; part++) {
      const [w, g] = await this.submitPart(count, part);
      wall += w;
      if (gpu !== undefined) gpu = g === undefined ? undefined : gpu + g;
    }
    return [wall, gpu];
  }

  /** One part of a sample: `count` dispatches in one compute pass, one submission. */
  private async submitPart(count: number, part: number): Promise<[number, number | undefined]> {
    const { device, label, ts } = this;
    const enc = device.createCommandEncoder({ label: `${label}.encoder` });
    const pass = enc.beginComputePass({
      label: `${label}.pass`,
      ...(ts ? { timestampWrites: { querySet: ts.set, beginningOfPassWriteIndex: 0, endOfPassWriteIndex: 1 } } : {}),
    });
    this.encode(pass, count, part);
    pass.end();
    ts?.resolve(enc);
    const cmd = enc.finish();
    const start = now();
    device.queue.submit([cmd]);
    await this.guard(device.queue.onSubmittedWorkDone());
    const wall = now() - start;
    let gpu: number | undefined;
    if (ts) {
      const [b, e] = await ts.read(this.guard);
      if (this.raw.length < 64) this.raw.push(b!, e!);
      gpu = Number(e! - b!) / 1e6;
    }
    return [wall, gpu];
  }

  /**
   * `n` samples of `count` dispatches, each its own compute pass with its own pair of
   * timestamps, queued in submissions of about kQueuedSubmitMs of work (a browser may reset a
   * GPU whose single submission runs too long) and awaited once. Milliseconds per dispatch.
   */
  async queued(n: number, count: number, perDispatchMs: number, settle = true): Promise<number[]> {
    const { device, label, parts } = this;
    const passes = n * parts; // sample i, part p: pass i·parts + p, timestamps 2·pass and 2·pass+1
    const q = await TimestampQueries.create(device, `${label}.timestamps.queued`, passes);
    try {
      // A split run keeps one part per submission (that is what splitting is for).
      const perSubmit = parts > 1 ? 1 : clamp(Math.floor(kQueuedSubmitMs / Math.max(perDispatchMs * count, 1e-4)), 1, passes);
      // Bring the GPU's clock up first (see settle), then queue the timed samples at once. A split
      // run too: its first part settles the clock (a split run timed unsettled read 2–8× slow through
      // wgpu, where every tuning run at 4096³ was split: issue 36).
      if (settle) await this.settle(count, perDispatchMs);
      await withErrorScopes(device, said('run:scope.running', { label }), () => {
        for (let first = 0; first < passes; first += perSubmit) {
          const enc = device.createCommandEncoder({ label: `${label}.encoder.queued` });
          for (let j = first; j < Math.min(passes, first + perSubmit); j++) {
            const pass = enc.beginComputePass({ label: `${label}.pass`, timestampWrites: { querySet: q.set, beginningOfPassWriteIndex: 2 * j, endOfPassWriteIndex: 2 * j + 1 } });
            this.encode(pass, count, j % parts);
            pass.end();
          }
          if (first + perSubmit >= passes) q.resolve(enc);
          device.queue.submit([enc.finish()]);
        }
      });
      await this.guard(device.queue.onSubmittedWorkDone());
      const stamps = await q.read(this.guard);
      return Array.from({ length: n }, (_, i) => {
        let ns = 0n;
        for (let p = 0; p < parts; p++) ns += stamps[2 * (i * parts + p) + 1]! - stamps[2 * (i * parts + p)]!;
        return Number(ns) / 1e6 / count;
      });
    } finally {
      q.destroy();
    }
  }

  /**
   * Run untimed work until the kernel's speed stops improving: GPUs lower their clock while
   * idle (the CPU-side work of a run leaves them idle) and raise it under sustained load, and
   * a sample taken before that is slow for reasons that are not the kernel's. Chunks of about
   * kSettleChunkMs, two in flight so the GPU never waits for us, each timed by a timestamp pair;
   * stop when kSettleStaleChunks chunks in a row were no faster than the best (a clock climbs
   * in steps), or after kMaxSettleMs.
   */
  private async settle(count: number, perDispatchMs: number): Promise<void> {
    const { device, label } = this;
    const perPass = perDispatchMs * count;
    // A CPU emulation (the fallback adapter: SwiftShader in CI) has no clock to raise.
    if (this.ctx.info.isFallbackAdapter || !(perPass > 0) || perPass * 2 > kMaxSettleMs) return;
    const passes = clamp(Math.ceil(kSettleChunkMs / perPass), 1, 4096);
    const slots: TimestampQueries[] = []; // two chunks, two query sets
    const submitChunk = (slot: TimestampQueries) => {
      const enc = device.createCommandEncoder({ label: `${label}.encoder.settle` });
      for (let i = 0; i < passes; i++) {
        const pass = enc.beginComputePass({
          label: `${label}.pass.settle`,
          ...(i === 0 || i === passes - 1
            ? { timestampWrites: { querySet: slot.set, ...(i === 0 ? { beginningOfPassWriteIndex: 0 } : {}), ...(i === passes - 1 ? { endOfPassWriteIndex: 1 } : {}) } }
            : {}),
        });
        this.encode(pass, count, 0);
        pass.end();
      }
      slot.resolve(enc);
      device.queue.submit([enc.finish()]);
    };
    const readChunk = async (slot: TimestampQueries) => {
      const [b, e] = await slot.read(this.guard);
      return Number(e! - b!) / 1e6;
    };
    try {
      for (const k of [0, 1]) slots.push(await TimestampQueries.create(device, `${label}.timestamps.settle${k}`, 1));
      const start = now();
      let best = Infinity;
      let stale = 0; // chunks in a row that were not 1% faster than the best so far
      await withErrorScopes(device, said('run:scope.running', { label }), () => {
        submitChunk(slots[0]!);
        submitChunk(slots[1]!);
      });
      for (let i = 0; now() - start < kMaxSettleMs; i++) {
        const slot = slots[i % 2]!;
        const ms = await readChunk(slot);
        if (ms > 0 && ms < 0.99 * best) {
          best = ms;
          stale = 0;
        } else if (++stale >= kSettleStaleChunks) break;
        submitChunk(slot); // the other chunk is still running: the queue never empties
      }
      this.settledMs = now() - start;
      // One chunk may still be running: the timed samples queue right behind it (no idle gap);
      // destroying its query set and buffers now is allowed, the engine waits for the work.
    } finally {
      slots.forEach((q) => q.destroy());
    }
  }

  destroy(): void {
    this.ts?.destroy();
    this.ts = undefined;
  }
}

/** How many dispatches one sample batches, and how many samples to take, from the warm-ups' time. */
function calibrate(perDispatchMs: number, stepNs: number | undefined, opts: TimingOptions): { dps: number; nSamples: number } {
  const minSampleMs = Math.max(kMinSampleMs, stepNs ? (kStepsPerSample * stepNs) / 1e6 : 0);
  const dps = clamp(Math.ceil(minSampleMs / Math.max(perDispatchMs, 1e-4)), 1, kMaxDispatchesPerSample);
  const budget = opts.budgetMs ?? kTimingBudgetMs;
  const nSamples = clamp(Math.round(budget / (perDispatchMs * dps)), opts.minSamples ?? kMinSamples, opts.maxSamples ?? kMaxSamples);
  return { dps, nSamples };
}

const usable = (ms: readonly number[]) => ms.every((v) => Number.isFinite(v) && v > 0);

/**
 * Time `encode`, which records `count` dispatches into a compute pass. `label` names the GPU
 * objects and the error scope. The work's result must not depend on how often it runs.
 */
export async function timeDispatches(
  ctx: GpuContext,
  label: string,
  encode: Encode,
  guard: Guard,
  opts: TimingOptions = {},
  /** Submissions one run is split into (long runs on slow adapters); their times are added up. */
  parts = 1,
): Promise<Timing> {
  let clock: Clock = bestClock(ctx.info.timestampQuery && !opts.forceWallClock);
  let clockWhy: ClockWhy | undefined = clock === 'wall-clock' ? (opts.forceWallClock ? 'requested' : 'noTimestamps') : undefined;
  const sampler = new DispatchSampler(ctx, label, encode, guard, parts);
  try {
    if (clock === 'gpu-timestamp') await sampler.useTimestamps();

    // Warm-up, which also calibrates the batch size and the sample count.
    const warmups = Math.max(1, opts.warmups ?? kWarmupRuns);
    let perDispatch = Infinity;
    for (let w = 0; w < warmups; w++) {
      opts.onProgress?.('warmup', w, warmups);
      const [wall, gpu] = await withErrorScopes(ctx.device, said('run:scope.running', { label }), () => sampler.sample(1));
      perDispatch = Math.min(perDispatch, gpu !== undefined && gpu > 0 ? gpu : wall);
      if (w === 0 && wall > 2000) break; // a slow adapter: one warm-up is enough
    }
    const stepNs = clock === 'gpu-timestamp' ? timestampStepNs(sampler.raw) : undefined;
    const { dps, nSamples } = calibrate(perDispatch, stepNs, opts);

    // Fixed: one round of nSamples. untilCi: rounds (core/stats nextRound) until the rule stops.
    const rule = opts.untilCi;
    const perSample = perDispatch * dps;
    /** Takes rounds of samples through `take` (undefined: the clock's samples were unusable) until done. */
    const sampleRounds = async (take: (n: number, first: boolean) => Promise<number[] | undefined>): Promise<{ got: number[]; stopped?: StopReason } | undefined> => {
      const got: number[] = [];
      for (let round = 0; ; round++) {
        const n = rule ? nextRound(got.length, perSample, got.reduce((a, v) => a + v, 0) * dps, rule) : nSamples;
        const more = await take(n, round === 0);
        if (!more) return undefined;
        got.push(...more);
        if (!rule) return { got };
        const stopped = stopReason(got, dps, rule);
        if (stopped) return { got, stopped };
      }
    };
    const expected = rule ? rule.maxSamples : nSamples;
    const finish = (samplesMs: number[], stopped: StopReason | undefined) => {
      const ci = medianInterval(samplesMs);
      return { samplesMs, dispatchesPerSample: dps, stats: summarize(samplesMs), ...(ci ? { ci } : {}), ...(stopped ? { stopped } : {}) };
    };

    // GPU timestamps and one submission per sample: queue every sample of a round before waiting for any,
    // so the GPU runs them back to back. Waiting after each sample leaves the GPU idle between
    // them, and an idle-looking GPU is clocked down: on an H200 the SM clock fell from 1980 to
    // ~520 MHz after a few seconds of that pattern and kernels timed 3.8× slower. (Between rounds
    // the GPU waits only for one read-back; the clock is settled before the first round only.)
    if (clock === 'gpu-timestamp') {
      let done = 0;
      const r = await sampleRounds(async (n, first) => {
        opts.onProgress?.('timing', done, expected);
        const got = await sampler.queued(n, dps, perDispatch, first);
        done += n;
        return usable(got) ? got : undefined;
      });
      if (r) {
        opts.onProgress?.('timing', expected, expected);
        return {
          clock,
          ...(clockWhy ? { clockWhy } : {}),
          warmups,
          ...finish(r.got, r.stopped),
          ...(stepNs ? { resolutionMs: stepNs / 1e6 } : {}),
          ...(sampler.settledMs !== undefined ? { settledMs: sampler.settledMs } : {}),
        };
      }
      // Unusable timestamps: time the samples one by one below, and fall back to the wall clock there.
    }

    const gpuMs: number[] = [];
    const wallMs: number[] = [];
    // The rounds' samples by the clock that reports (GPU timestamps while they are usable, else the wall clock).
    const r = (await sampleRounds(async (n) => {
      for (let s = 0; s < n; s++) {
        opts.onProgress?.('timing', wallMs.length, expected);
        const [wall, gpu] = await sampler.sample(dps);
        wallMs.push(wall / dps);
        if (gpu !== undefined) gpuMs.push(gpu / dps);
      }
      const gpuOk = clock === 'gpu-timestamp' && gpuMs.length === wallMs.length && usable(gpuMs);
      return (gpuOk ? gpuMs : wallMs).slice(-n);
    }))!;
    // Timestamps can be unusable (zero or negative after quantisation): fall back, and say so.
    if (clock === 'gpu-timestamp' && !usable(gpuMs)) {
      clock = 'wall-clock';
      clockWhy = 'badTimestamps';
    }
    const samplesMs = clock === 'gpu-timestamp' ? gpuMs : wallMs;
    // The stop was judged on the samples of the clock reported, except where timestamps failed late; judge again on those reported.
    const stopped = rule && r.stopped ? (stopReason(samplesMs, dps, rule) ?? r.stopped) : r.stopped;
    return { clock, ...(clockWhy ? { clockWhy } : {}), warmups, ...finish(samplesMs, stopped), ...(clock === 'gpu-timestamp' && stepNs ? { resolutionMs: stepNs / 1e6 } : {}) };
  } finally {
    sampler.destroy();
  }
}
