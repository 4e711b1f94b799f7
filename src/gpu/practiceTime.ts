/**
 * "Time it" (issue #38): a learner's kernel that passed its check, timed on this GPU like every rung
 * of the ladder, and the rungs timed at the same size for placing it. Returns data, no words.
 *
 * On a software adapter the probe size is the timed size (step 2 is skipped) and the samples are few
 * (kSoftwareTiming): a correctness check in seconds, not a speed.
 * 1. A bounded run at a small probe size: the code with a loop budget per invocation (wgsl.ts
 *    timedModules `budget`: no per-invocation buffer, so it fits any size), one dispatch, timed once
 *    — the kernel's rate, from which the timed size is chosen (core/practice/timing timedSize).
 * 2. The same bounded run at the timed size: the code has finished there within its budget (a loop
 *    that would run away is stopped and the run refused) before anything runs unbounded.
 * 3. C reset to NaN; the code as written (`plain`: nothing added) timed through gpu/timing's
 *    timeDispatches — warm-up, settling, calibrated batches, samples — as every rung is.
 * 4. C read back and verified against the CPU reference at that size (the CPU host: a worker); a
 *    figure that fails there is returned as failed, never as a speed.
 * A run that does not finish within kHangMs is stopped by destroying the device (as the checked run).
 */
import { exercise, layoutOf, uniformWords, type ExerciseId } from '../core/practice/exercises';
import { kFlag, kFlagCount, kUniformWords, timedModules } from '../core/practice/wgsl';
import { kProbeSize, oddKShape, timedExercise, timedSize } from '../core/practice/timing';
import type { Verification } from '../core/reference';
import { said, type Said } from '../core/said';
import { cube, gflops as gflopsAt, type Shape } from '../core/shape';
import { bandMs } from '../core/split';
import { readBack as readBuffer, OwnedBuffers, type Guard } from './buffers';
import { cpuHost } from './cpuHost';
import { failureOf, GpuRunError, withErrorScopes, type GpuContext } from './device';
import { planExperiment, runVerified, type VerifiedRun } from './experiment';
import type { KernelId } from '../core/kernels';
import { lossError, makeGuard } from './lossGuard';
import { bindGroupLayout, compileErrors, kHangMs } from './practice';
import { MatmulBuffers, readBack as readBackC, upload, type Progress, type RunBuffers } from './runner';
import { timeDispatches, timeOnePass, type Timing } from './timing';

/**
 * Timing on a software adapter: one warm-up and a few short samples. Its figure is a correctness
 * check, not a speed (the trust rule says `software`), so a second of samples buys nothing.
 */
export const kSoftwareTiming = { warmups: 1, budgetMs: 150, minSamples: 3, maxSamples: 5 } as const;

/** The data a timed run uses: random values (not integers), from this seed. */
export const kTimedSeed = 38;

export interface LearnerTimed {
  readonly kind: 'timed';
  readonly exercise: ExerciseId;
  /** M = K = N. */
  readonly size: number;
  readonly shape: Shape;
  readonly timing: Timing;
  /** GFLOP/s at the median. */
  readonly gflops: number;
  readonly verification: Verification;
  /** The seed the timed size's check drew its random elements from, drawn after the run (the kernel cannot know it). */
  readonly sampleSeed: number;
  /** The bounded run at the probe size: its size and time (one dispatch). */
  readonly probe: { readonly size: number; readonly ms: number };
  /** The other runs verified before the timing: the probe size's, and one shape with K above 96 not a power of two. */
  readonly checks: readonly { readonly shape: Shape; readonly checked: number; readonly sampleSeed: number }[];
}

/** Why no figure: the code does not compile or instrument, ran out of its loop budget or out of range at that size, or never finished. */
export type LearnerNotTimed = {
  readonly kind: 'not-timed';
  /** `wrong`: a run before the timing (the probe size's, or the shape with K above 96) differs from the CPU reference. */
  readonly why: 'compile' | 'budget' | 'out-of-range' | 'hang' | 'wrong';
  readonly size?: number;
  /** The shape that failed (for `wrong`, and the bounded runs' reasons). */
  readonly shape?: Shape;
  readonly verification?: Verification;
  readonly sampleSeed?: number;
};

/** A seed for a check's random elements, drawn now (after the run it checks): the platform's random source. */
export function freshSeed(): number {
  const a = new Uint32Array(1);
  globalThis.crypto.getRandomValues(a);
  return a[0]!;
}

export type LearnerTimeOutcome = LearnerTimed | LearnerNotTimed;

export interface TimeOptions {
  /** A software or fallback adapter: the smaller sizes (its figure is no speed anyway). */
  readonly software: boolean;
  /** The timed size, fixed (the headless bench's --sizes); chosen from the probe otherwise. */
  readonly size?: number;
  readonly signal?: AbortSignal;
  /** Stages: probe, bounded, then the run's own (upload … timing, readback), verify. */
  readonly onProgress?: (stage: 'probe' | 'bounded' | Progress['stage'], size: number) => void;
  /** Told the size chosen (before the timed run starts at it): the caller may say how long it will take. */
  readonly onSize?: (size: number, probe: { readonly size: number; readonly ms: number }) => void;
}

class Hang extends Error {}

/** A guard that also gives up after kHangMs (the device is then destroyed: nothing else ends a runaway kernel). */
function hangGuard(ctx: GpuContext, signal: AbortSignal | undefined): Guard {
  const base = makeGuard(ctx, signal);
  return <T>(p: Promise<T>) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const hang = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Hang()), kHangMs);
    });
    return Promise.race([base(p), hang]).finally(() => clearTimeout(timer));
  };
}

/** Time a learner's kernel for exercise `id` (it passed its check: see the file's header). */
export async function timeLearner(ctx: GpuContext, id: ExerciseId, code: string, opts: TimeOptions): Promise<LearnerTimeOutcome> {
  // At the rungs' TILE (core/practice/timing timedExercise): layout, budgets and constants scaled alike.
  const ex = timedExercise(exercise(id));
  const { device } = ctx;
  const modules = timedModules(ex.constants, code);
  if (!('budget' in modules)) return { kind: 'not-timed', why: 'compile' };
  const layout = bindGroupLayout(device);
  const pipelineOf = async (label: string, source: string): Promise<GPUComputePipeline | undefined> => {
    const m = await compileErrors(device, label, source, 0);
    if (m.messages.length > 0) return undefined;
    return withErrorScopes(device, said('practice:runWhat'), () =>
      device.createComputePipelineAsync({ label, layout: device.createPipelineLayout({ label: `${label}.layout`, bindGroupLayouts: [layout] }), compute: { module: m.module, entryPoint: 'main' } }),
    );
  };
  const bounded = await pipelineOf(`Practice.${id}.bounded`, modules.budget);
  const plain = await pipelineOf(`Practice.${id}.timed`, modules.plain);
  if (!bounded || !plain) return { kind: 'not-timed', why: 'compile' };

  const guard = hangGuard(ctx, opts.signal);
  const host = cpuHost();
  const pool = new MatmulBuffers(device);
  const owned = new OwnedBuffers(device, `Practice.${id}.time`);
  let size = opts.size ?? (opts.software ? kProbeSize.software : kProbeSize.gpu);
  try {
    const dims = owned.create('dims', kUniformWords * 4, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST);
    // The prelude declares the checked run's counters; neither module here uses them (a word each, bound).
    const counts = owned.create('counts', 16, GPUBufferUsage.STORAGE);
    const flags = owned.create('flags', kFlagCount * 4, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST);
    const flagsRead = owned.createRead('flags.read', kFlagCount * 4);

    /** A, B (random values) and C = NaN on the GPU for one shape; the dims uniform for it. */
    const prepare = async (shape: Shape): Promise<{ bufs: RunBuffers; group: GPUBindGroup; grid: readonly [number, number]; key: { shape: Shape; pattern: 'random'; seed: number } }> => {
      const key = { shape, pattern: 'random' as const, seed: kTimedSeed };
      await host.prepare(key, { ...(opts.signal ? { signal: opts.signal } : {}) });
      const bufs = await pool.ensure(shape);
      opts.onProgress?.('upload', shape.n);
      await upload(device, bufs, shape, { rows: (matrix, row0, count, colsP) => host.rows(key, matrix, row0, count, colsP, opts.signal ? { signal: opts.signal } : {}) }, guard, () => undefined);
      device.queue.writeBuffer(dims, 0, uniformWords(ex, shape));
      const l = layoutOf(ex, shape);
      // A (M×K), B (K×N), C (M×N), however large the pooled buffers are.
      const sizes = [shape.m * shape.k, shape.k * shape.n, shape.m * shape.n];
      const group = device.createBindGroup({
        label: `Practice.${id}.time.bindGroup`,
        layout,
        entries: [bufs.a, bufs.b, bufs.c, dims, counts, flags].map((buffer, binding) => ({
          binding,
          resource: binding <= 2 ? { buffer, size: sizes[binding]! * 4 } : { buffer },
        })),
      });
      return { bufs, group, grid: l.grid, key };
    };

    /** C of the run just made, read back and verified, its random elements drawn from a seed drawn now (after the run). */
    const verifyC = async (p: { bufs: RunBuffers; key: { shape: Shape; pattern: 'random'; seed: number } }): Promise<{ verification: Verification; sampleSeed: number }> => {
      const shape = p.key.shape;
      const { c } = await readBackC(device, p.bufs, shape, shape, guard, opts.signal, (stage) => opts.onProgress?.(stage, shape.n));
      opts.onProgress?.('verify', shape.n);
      const block = ex.block ? { rows: ex.block.rows, cols: ex.block.cols } : ex.constants.tile;
      const sampleSeed = freshSeed();
      const { verification } = await host.verify(p.key, c, block, { ...(opts.signal ? { signal: opts.signal } : {}), sampleSeed });
      return { verification, sampleSeed };
    };

    /** The bounded run at a shape: one dispatch, timed once; its flags say whether it kept to its budget and range. */
    const boundedRun = async (shape: Shape) => {
      const p = await prepare(shape);
      device.queue.writeBuffer(flags, 0, new Uint32Array(kFlagCount));
      const probe = await timeOnePass(ctx, `Practice.${id}.bounded`, (pass) => {
        pass.setPipeline(bounded);
        pass.setBindGroup(0, p.group);
        pass.dispatchWorkgroups(p.grid[0], p.grid[1]);
      }, guard);
      const enc = device.createCommandEncoder({ label: `Practice.${id}.flags` });
      enc.copyBufferToBuffer(flags, 0, flagsRead, 0, kFlagCount * 4);
      device.queue.submit([enc.finish()]);
      const f = new Uint32Array(await readBuffer(flagsRead, kFlagCount * 4, guard));
      const why: LearnerNotTimed['why'] | undefined = f[kFlag.budget] ? 'budget' : f[kFlag.readA] || f[kFlag.readB] || f[kFlag.writeC] ? 'out-of-range' : undefined;
      return { ...p, ms: bandMs(probe), why };
    };

    /** The timed size's buffers again (the shape with K above 96 ran in the pool's buffers since). */
    const prepareAgain = async (r: Awaited<ReturnType<typeof boundedRun>>) => ({ ...r, ...(await prepare(r.key.shape)) });
    const checks: { shape: Shape; checked: number; sampleSeed: number }[] = [];
    /** A bounded run at `shape`, its C verified: the run, or why there is no figure. */
    const checkedRun = async (shape: Shape) => {
      const r = await boundedRun(shape);
      if (r.why) return { fail: { kind: 'not-timed' as const, why: r.why, size: shape.n, shape } };
      const v = await verifyC(r);
      if (!v.verification.ok) return { fail: { kind: 'not-timed' as const, why: 'wrong' as const, size: shape.n, shape, verification: v.verification, sampleSeed: v.sampleSeed } };
      checks.push({ shape, checked: v.verification.checked, sampleSeed: v.sampleSeed });
      return { run: r };
    };

    // 1. The rate, at the probe size (or the size asked for): verified too, so a kernel cannot move the timed size with a wrong probe.
    opts.onProgress?.('probe', size);
    const first = await checkedRun(cube(size));
    if (first.fail) return first.fail;
    let run = first.run;
    const probe = { size, ms: run.ms };
    // 1b. One shape with K above 96 and not a power of two, verified (no timed cube has such a K).
    const odd = await checkedRun(oddKShape(exercise(id)));
    if (odd.fail) return odd.fail;
    // On a software adapter the probe size is the timed size: its figure is a correctness check, not a
    // speed, so no larger size is sought (a minute of SwiftShader) and the probe run was the bounded run.
    if (opts.size === undefined && !opts.software) {
      const chosen = timedSize(gflopsAt(cube(size), probe.ms), opts.software);
      // 2. The bounded run at the timed size.
      if (chosen !== size) {
        size = chosen;
        opts.onSize?.(size, probe);
        opts.onProgress?.('bounded', size);
        run = await boundedRun(cube(size));
        if (run.why) return { kind: 'not-timed', why: run.why, size };
      } else {
        opts.onSize?.(size, probe);
        run = await prepareAgain(run);
      }
    } else {
      opts.onSize?.(size, probe);
      run = await prepareAgain(run);
    }

    // 3. C = NaN again (what the bounded run wrote is not what is verified), then the code as written, timed.
    const shape = cube(size);
    const nan = new Float32Array(Math.min(size * size, 1 << 20)).fill(NaN);
    for (let at = 0; at < size * size; at += nan.length) device.queue.writeBuffer(run.bufs.c, at * 4, nan, 0, Math.min(nan.length, size * size - at));
    const timing = await timeDispatches(
      ctx,
      `Practice.${id}.timed`,
      (pass, count) => {
        pass.setPipeline(plain);
        pass.setBindGroup(0, run.group);
        for (let i = 0; i < count; i++) pass.dispatchWorkgroups(run.grid[0], run.grid[1]);
      },
      guard,
      { onProgress: (stage) => opts.onProgress?.(stage, size), ...(opts.software ? kSoftwareTiming : {}) },
    );
    // 4. Verified at that size, its random elements drawn from a seed drawn now, after the run.
    const { verification, sampleSeed } = await verifyC(run);
    return { kind: 'timed', exercise: id, size, shape, timing, gflops: gflopsAt(shape, timing.stats.median), verification, sampleSeed, probe, checks };
  } catch (e) {
    if (e instanceof Hang) {
      device.destroy();
      return { kind: 'not-timed', why: 'hang', size };
    }
    if (ctx.isLost()) {
      await ctx.lost;
      throw lossError(ctx, e);
    }
    throw e;
  } finally {
    if (!ctx.isLost()) {
      owned.destroy();
      pool.destroy();
    }
  }
}


/** One rung timed at the learner's size for placing: its verified run, or why it did not run. */
export type RungTimed = { readonly id: KernelId; readonly run: VerifiedRun } | { readonly id: KernelId; readonly error: Said | string };

/**
 * The ladder's rungs at `size` (tile width 16, the same random data as the learner's run), each
 * through runVerified exactly as the ladder runs it: planned for this adapter, timed, verified. A
 * rung this adapter cannot run is returned with its reason; a cancel or a lost device stops them all.
 */
export async function timeRungs(
  ctx: GpuContext,
  size: number,
  ids: readonly KernelId[],
  opts: { readonly signal?: AbortSignal; readonly onRung?: (id: KernelId, index: number) => void } = {},
): Promise<RungTimed[]> {
  const e = { shape: cube(size), tile: 16 as const, pattern: 'random' as const, seed: kTimedSeed };
  const { plans } = planExperiment(ctx.info, e.shape, e.tile, ids);
  const out: RungTimed[] = [];
  for (const [i, id] of ids.entries()) {
    opts.onRung?.(id, i);
    const plan = plans[id];
    if (!plan) {
      out.push({ id, error: said('practice:time.rungCannot') });
      continue;
    }
    try {
      out.push({ id, run: await runVerified(ctx, id, e, { plan, ...(opts.signal ? { signal: opts.signal } : {}) }) });
    } catch (err) {
      if (ctx.isLost() || (err instanceof GpuRunError && err.kind === 'cancelled')) throw err;
      out.push({ id, error: failureOf(err) });
    }
  }
  return out;
}
