/**
 * Headless benchmark: the app's kernels, timing and verification without a DOM.
 * Prints one JSON line per kernel × shape × tile to stdout.
 *
 *   deno run -A bench-dist/bench.js --sizes 1024,2048,4096 --kernels naive,tiled --tiles 16
 *   node bench-dist/bench.js ...   (Node: needs the `webgpu` package on NODE_PATH)
 *
 * Options: --sizes N,N,... (square) | --shapes MxKxN,...   --kernels naive,tiled   --tiles 16,32
 *          --pattern random|integers|ones|identity   --seed 1   --budget ms   --wall (force wall clock)
 *          --until-ci (the app's automatic sampling of a sweep, core/bench kAutoSampling: until the median's
 *            95% CI is within ±3%, at most 60 samples or 2 s of kernel time; the line has "stopped")
 *          --default-limits (request only WebGPU's default limits)
 *          --max-submit-ms N (split longer runs; Infinity: never split, no probe)
 *          --params BK=16,... (override constants for kernels that have these tunables; others ignore them)
 *          --features (print the adapter's features and limits as one JSON line first)
 *          --pool (one set of GPU buffers for every run, sized for the largest shape first)
 *          --auto (instead of the kernels: at each shape, the app's auto with no record — tune the
 *            shape-aware candidates, then measure the chosen one; its line has "auto", with how the
 *            tuner decided in "method")
 *          --auto --repeat N (N fresh tunes per shape in this process, each choice measured at once; then
 *            every candidate timed settled as a normal run ("reference": true), and one "autoRepeat" line
 *            per shape with each tune's auto ÷ the best of those; a summary on stderr)
 *          --tune (instead of the kernels: the app's per-adapter tuner at each shape, one line per
 *            configuration and a line with the best)
 *          --source KERNEL=FILE.wgsl (experiments: run FILE in place of that kernel's WGSL, same plan;
 *            the output says so in "source")
 *          --roofline (instead of the kernels: the roofline's probes — the vec4 copy (GB/s) beside the
 *            engine's own copyBufferToBuffer (GB/s) in the same run, chains of fma (GFLOP/s) and, where
 *            the adapter has subgroup matrices, the tensor cores' multiply-accumulate (GFLOP/s) — one
 *            JSON line each run. Experiments: --copy-mib N, --copy-wg N, --copy-vpt N, --copy-mode
 *            block|grid-stride, --copy-groups N (grid-stride), --copy-source FILE.wgsl, --fma-wg N,
 *            --fma-inv N, --fma-iters N, --fma-off; --copy-variants WG:VPT:MODE[:GROUPS],... runs several
 *            copy configurations in one process, one line each)
 *          --probes (instead of the kernels: the coalescing and bank-conflict probes of the ladder view,
 *            one line per probe kernel — median, spread, GB/s, every sum checked — and one line per
 *            probe with its ratio, or why there is none; --probe-mib N reads N MiB in the global probe)
 *          --practice EXERCISE --code FILE.wgsl (instead of the kernels: the practice view's "Time it" — the
 *            code checked as the app checks it (it must pass), then timed as written at --sizes N (or at the
 *            size the app would choose), verified there; one JSON line with its figure, one per rung of
 *            the ladder timed at the same size (--kernels to choose rungs, "none" for none), and one
 *            "practicePlace" line: the rungs it sits between, its share of the best, as the app places it)
 *          --dawn-flags FLAG;... (Node only; diagnostics: flags for the webgpu package's create(), e.g.
 *            enable-dawn-features=disable_robustness; the engine name on every line says which.
 *            No browser runs with these: figures taken with them are not the app's.)
 */
import { isPattern, type Pattern } from '../core/data';
import { kAutoSampling } from '../core/bench';
import { howChecked } from '../i18n/words';
import { parseDimension } from '../core/input';
import { isTileWidth, type Shape, type TileWidth } from '../core/shape';
import { acquireGpu, type GpuContext } from '../gpu/device';
import { pointFields } from '../gpu/experiment';
import { runPoints, type PointJob } from '../gpu/sweep';
import { tune, tuneCandidates } from '../gpu/tuner';
import { paramsLabel, type Candidate, type TuneEntry } from '../core/tuning';
import { MatmulBuffers } from '../gpu/runner';
import { isKernelId, kKernelIds, kKernels, kLadderIds, loadKernelSources, tunedConstants, type KernelId } from '../core/kernels';
import { mappingText } from '../i18n/kernels';
import { loadLanguage, say, t } from '../i18n';
import { runCopyProbe, runFmaProbe, runMmaProbe, tensorProbeNeeds } from '../gpu/roofline';
import { makeGuard } from '../gpu/lossGuard';
import { parseBenchArgs, type BenchArgs } from './args';
import { rooflineSizes, type CopyConfig, type CopyMode } from '../core/roofline';
import { runProbe, adapterProbeSizes } from '../gpu/probes';
import { bankPicture, coalescingPicture, kProbeIds, kProbeStride, kProbeWorkgroup, kWordBytes, probeRatio, type BankKind, type GlobalKind } from '../core/probes';
import { allTrusted, runTrust, softwareAdapter } from '../core/trust';
import { exercise, headlineFailure, isExerciseId, kExerciseIds, overallStatus } from '../core/practice/exercises';
import { placeOnLadder, timeable } from '../core/practice/timing';
import { runPractice } from '../gpu/practice';
import { timeLearner, timeRungs } from '../gpu/practiceTime';

interface Options {
  shapes: Shape[];
  kernels: KernelId[];
  tiles: TileWidth[];
  pattern: Pattern;
  seed: number;
  budgetMs?: number;
  untilCi?: boolean;
  wall: boolean;
  maxSubmitMs?: number;
  params: Record<string, number>;
}

type Env = { Deno?: { args: string[]; version?: { deno: string }; readTextFileSync(path: string): string }; process?: { argv: string[]; versions?: { node?: string }; exit(code: number): never } };
const env = globalThis as unknown as Env;

function argv(): string[] {
  if (env.Deno) return env.Deno.args;
  return env.process?.argv.slice(2) ?? [];
}

let parsed: BenchArgs | undefined;
/** The command line, parsed once (./args.ts: node:util parseArgs); an unknown option or a missing value ends the bench with its message. */
function args(): BenchArgs {
  if (parsed) return parsed;
  try {
    parsed = parseBenchArgs(argv());
  } catch (e) {
    fail(e instanceof Error ? e.message : String(e));
  }
  return parsed;
}

/** The options that take a value (all but --source, which may be given more than once). */
type ValueOption = { [K in keyof BenchArgs]-?: NonNullable<BenchArgs[K]> extends string ? K : never }[keyof BenchArgs];
/** An option's value, or undefined when it is not given. */
const get = (name: ValueOption): string | undefined => args()[name];

function fail(msg: string): never {
  console.error(`bench: ${msg}`);
  if (env.process?.exit) env.process.exit(2);
  throw new Error(msg);
}

function options(): Options {
  const list = (s: string | undefined) => (s ? s.split(',').map((x) => x.trim()).filter(Boolean) : []);
  const dim = (s: string, what: string) => {
    const p = parseDimension(s, what);
    return p.ok ? p.value : fail(say(p.message));
  };
  const shapes: Shape[] = [];
  for (const s of list(get('sizes'))) {
    const n = dim(s, 'size');
    shapes.push({ m: n, k: n, n });
  }
  for (const s of list(get('shapes'))) {
    const [m, k, n] = s.split('x');
    if (m === undefined || k === undefined || n === undefined) fail(`shape "${s}" is not MxKxN`);
    shapes.push({ m: dim(m, 'M'), k: dim(k, 'K'), n: dim(n, 'N') });
  }
  if (shapes.length === 0) shapes.push(...[256, 512, 1024].map((n) => ({ m: n, k: n, n })));
  // --kernels none: no kernel (with --practice: no rung beside the learner's figure).
  const kernels = get('kernels') === 'none' ? [] : list(get('kernels') ?? kKernelIds.join(',')).map((k) => (isKernelId(k) ? k : fail(`unknown kernel ${k}`)));
  const tiles = list(get('tiles') ?? '16').map((t) => (isTileWidth(Number(t)) ? (Number(t) as TileWidth) : fail(`tile ${t} is not offered`)));
  const pattern = get('pattern') ?? 'random';
  if (!isPattern(pattern)) fail(`unknown pattern ${pattern}`);
  const params: Record<string, number> = {};
  for (const p of list(get('params'))) {
    const [name, value] = p.split('=');
    if (!name || value === undefined || !Number.isInteger(Number(value))) fail(`--params entry "${p}" is not NAME=integer`);
    params[name] = Number(value);
  }
  const budget = get('budget');
  const maxSubmit = get('max-submit-ms');
  return { shapes, kernels, tiles, pattern, seed: Number(get('seed') ?? 1), budgetMs: budget ? Number(budget) : undefined, wall: args().wall === true, untilCi: args()['until-ci'] === true, // No splitting (and no probe dispatch) unless asked: on wgpu the probe lowered later figures.
    maxSubmitMs: maxSubmit ? Number(maxSubmit) : Infinity, params };
}

async function ensureNavigatorGpu(): Promise<void> {
  const g = globalThis as unknown as { navigator?: { gpu?: GPU } };
  if (g.navigator?.gpu) return;
  if (!env.process?.versions?.node) fail('navigator.gpu is missing (run under Deno, or Node with the webgpu package)');
  // Node: Dawn through the `webgpu` package, found on NODE_PATH (require honours it, import does not).
  const webgpu = (await nodeRequire())('webgpu') as { create(flags: string[]): GPU; globals: Record<string, unknown> };
  Object.assign(globalThis, webgpu.globals);
  const gpu = webgpu.create(dawnFlags());
  if (g.navigator) Object.defineProperty(g.navigator, 'gpu', { value: gpu, configurable: true });
  else Object.defineProperty(globalThis, 'navigator', { value: { gpu }, configurable: true });
}

/** --dawn-flags a;b: diagnostics only (see the header). The value may itself hold commas
 * (enable-dawn-features=x,y), so it is split on ';'. */
function dawnFlags(): string[] {
  return (get('dawn-flags') ?? '').split(';').filter(Boolean);
}

function engineName(): string {
  if (env.Deno) return `deno ${env.Deno.version?.deno ?? ''} (wgpu)`.trim();
  const flags = dawnFlags();
  if (env.process?.versions?.node) return `node ${env.process.versions.node} (dawn, webgpu npm${flags.length ? `; ${flags.join('; ')}` : ''})`;
  return 'unknown';
}

/** Node's require, resolved from this script (so NODE_PATH applies). */
async function nodeRequire(): Promise<(id: string) => unknown> {
  const { createRequire } = await import(/* @vite-ignore */ 'node:module');
  return createRequire(`${env.process!.argv[1] ?? '.'}`);
}

async function readText(path: string): Promise<string> {
  if (env.Deno) return env.Deno.readTextFileSync(path);
  const fs = (await nodeRequire())('node:fs') as { readFileSync(p: string, enc: string): string };
  return fs.readFileSync(path, 'utf8');
}

/** --source KERNEL=FILE (repeatable): WGSL to run in place of a kernel's (its plan, tunables and checks stay). */
async function readSources(): Promise<{ files: Partial<Record<KernelId, string>>; sources: Partial<Record<KernelId, string>> }> {
  const files: Partial<Record<KernelId, string>> = {};
  const sources: Partial<Record<KernelId, string>> = {};
  for (const a of args().source ?? []) {
    const [id = '', ...rest] = a.split('=');
    const file = rest.join('=');
    if (!isKernelId(id) || !file) fail(`--source wants KERNEL=FILE, got "${id}=${file}"`);
    files[id] = file;
    sources[id] = await readText(file);
  }
  return { files, sources };
}

/** The fastest verified entry of a tuning: what auto chooses. */
function bestOf(entries: readonly TuneEntry[]): TuneEntry | undefined {
  return [...entries].filter((e) => e.verified && e.gflops).sort((a, b) => b.gflops! - a.gflops!)[0];
}

/** A candidate as text: kernel(params). */
function candidateText(c: Candidate): string {
  const p = paramsLabel(c.params);
  return p ? `${c.kernel}(${p})` : c.kernel;
}

async function main() {
  // What the app loads on demand (issue #47): every kernel's WGSL and the English words.
  await Promise.all([loadKernelSources(kKernelIds), loadLanguage('en', true)]);
  const opts = options();
  const { files, sources } = await readSources();
  await ensureNavigatorGpu();
  let ctx: GpuContext;
  try {
    ctx = await acquireGpu({ powerPreference: 'high-performance', defaultLimitsOnly: args()['default-limits'] === true, onUncapturedError: (m) => console.error(`uncaptured: ${m}`) });
  } catch (e) {
    fail(e instanceof Error ? e.message : String(e));
  }
  const adapter = { vendor: ctx.info.vendor, architecture: ctx.info.architecture, description: ctx.info.description, timestampQuery: ctx.info.timestampQuery };
  const date = new Date().toISOString();
  if (args().features === true) console.log(JSON.stringify({ engine: engineName(), adapter, adapterFeatures: ctx.info.adapterFeatures, features: ctx.info.features, limits: ctx.info.limits }));
  let pool: MatmulBuffers | undefined;
  if (args().pool === true) {
    pool = new MatmulBuffers(ctx.device);
    const big = (k: 'm' | 'k' | 'n') => Math.max(...opts.shapes.map((s) => s[k]));
    await pool.ensure({ m: big('m'), k: big('k'), n: big('n') });
  }
  if (args().roofline === true) {
    await roofline(ctx, opts, { engine: engineName(), adapter, date });
    ctx.device.destroy();
    return;
  }
  if (get('practice') !== undefined) {
    await practice(ctx, opts, { engine: engineName(), adapter, date });
    ctx.device.destroy();
    return;
  }
  if (args().probes === true) {
    await probes(ctx, { engine: engineName(), adapter, date }, opts.budgetMs);
    ctx.device.destroy();
    return;
  }
  if (args().tune === true) {
    for (const shape of opts.shapes) {
      const { entries, method } = await tune(ctx, shape, { budgetMs: opts.budgetMs ?? 1000, sources, ...(pool ? { buffers: pool } : {}) });
      for (const e of entries) console.log(JSON.stringify({ engine: engineName(), adapter, date, tune: true, m: shape.m, k: shape.k, n: shape.n, ...e }));
      console.log(JSON.stringify({ engine: engineName(), adapter, date, tuneBest: bestOf(entries) ?? null, method, m: shape.m, k: shape.k, n: shape.n }));
    }
    ctx.device.destroy();
    return;
  }
  // Every shape × kernel × tile (tiles only for kernels that use them), through the app's point loop.
  let jobs: PointJob[] = opts.shapes.flatMap((shape) =>
    opts.kernels.flatMap((kernel) =>
      (kKernels[kernel].usesTile ? opts.tiles : [opts.tiles[0]!]).map((tile) => ({ shape, kernel, tile, params: tunedConstants(kernel, opts.params) })),
    ),
  );
  // --auto: what the app's "Run auto" does with no record — tune the shape-aware candidates at the
  // shape, then run the fastest verified one as a normal measurement (its line says "auto").
  // --repeat N: N fresh tunes per shape, each measured at once; then every candidate timed settled
  // (a normal run each), and one line per shape with each tune's auto ÷ the best of those.
  const autoOf = new Map<PointJob, object>();
  const repeatText = get('repeat');
  const repeat = repeatText !== undefined ? Number(repeatText) : undefined;
  if (repeat !== undefined && !(Number.isInteger(repeat) && repeat >= 1 && repeat <= 20)) fail(`--repeat ${repeatText} is not a whole number from 1 to 20`);
  if (repeat !== undefined && args().auto !== true) fail('--repeat goes with --auto');
  if (args().auto === true) {
    jobs = [];
    for (const shape of opts.shapes) {
      const autos: { tune: number; label: string; gflops?: number; tuneMs: number; error?: string }[] = [];
      for (let i = 1; i <= (repeat ?? 1); i++) {
        const t0 = Date.now();
        const { entries, method } = await tune(ctx, shape, { sources, ...(pool ? { buffers: pool } : {}) });
        const tuneMs = Date.now() - t0;
        const best = bestOf(entries);
        const tried = entries.map((e) => `${candidateText(e)}=${e.verified && e.gflops ? Number(e.gflops.toPrecision(3)) : 'x'}${e.phase === 'final' ? ' (final)' : ''}${e.parts ? ` (${e.parts} parts)` : ''}${e.verified && e.settledMs === undefined ? ' (unsettled)' : ''}`);
        const auto = { ...(repeat ? { tune: i } : {}), tuneMs, candidates: entries.length, method, tried };
        if (!best) {
          console.log(JSON.stringify({ engine: engineName(), adapter, date, kernel: 'auto', m: shape.m, k: shape.k, n: shape.n, error: 'no candidate ran and verified', auto }));
          autos.push({ tune: i, label: 'none', tuneMs, error: 'no candidate ran and verified' });
          continue;
        }
        const job: PointJob = { shape, kernel: best.kernel, tile: 16, params: best.params };
        autoOf.set(job, auto);
        if (!repeat) {
          jobs.push(job);
          continue;
        }
        // Measured at once, as "Run auto" would after this tune.
        const out = await measure([job]);
        autos.push({ tune: i, label: candidateText(best), tuneMs, ...(out[0]?.gflops !== undefined ? { gflops: out[0].gflops } : { error: out[0]?.error ?? 'not measured' }) });
      }
      if (!repeat) continue;
      // The reference: every candidate timed settled, a normal run each, in this process.
      const rungs = await measure(tuneCandidates(shape).map((c) => ({ shape, kernel: c.kernel, tile: 16 as const, params: c.params })), { reference: true });
      const ref = rungs.filter((r) => r.gflops !== undefined).sort((a, b) => b.gflops! - a.gflops!)[0];
      const ratio = (g?: number) => (g !== undefined && ref?.gflops ? Number((g / ref.gflops).toFixed(3)) : null);
      const line = { engine: engineName(), adapter, date, autoRepeat: repeat, m: shape.m, k: shape.k, n: shape.n, best: ref ? { label: ref.label, gflops: ref.gflops } : null, tunes: autos.map((a) => ({ ...a, ratio: ratio(a.gflops) })) };
      console.log(JSON.stringify(line));
      console.error(`auto ÷ best settled at ${shape.m}×${shape.k}×${shape.n} (${engineName()}; best ${ref ? `${ref.label} ${(ref.gflops! / 1000).toFixed(1)}` : 'none'} TFLOP/s): ${line.tunes.map((t) => `tune ${t.tune} ${t.label} ${t.gflops !== undefined ? (t.gflops / 1000).toFixed(1) : t.error} → ${t.ratio ?? '—'} (${(t.tuneMs / 1000).toFixed(0)} s)`).join(' · ')}`);
    }
    if (repeat) {
      ctx.device.destroy();
      return;
    }
  }
  /** Runs points as normal measurements (one JSON line each); what each measured, verified, or why not. */
  async function measure(list: readonly PointJob[], extra: { reference?: boolean } = {}): Promise<{ label: string; gflops?: number; error?: string }[]> {
    const got: { label: string; gflops?: number; error?: string }[] = [];
    await runPoints(ctx, list, {
      pattern: opts.pattern,
      seed: opts.seed,
      run: { budgetMs: opts.budgetMs, forceWallClock: opts.wall, maxSubmitMs: opts.maxSubmitMs, ...(opts.untilCi ? { untilCi: kAutoSampling } : {}) },
      buffers: pool ?? 'per-run',
      sources,
      fatal: () => false, // every failure is a line of output
      onOutcome: (job, outcome) => {
        const { shape, kernel, tile } = job;
        const auto = autoOf.get(job);
        const label = candidateText({ kernel: job.kernel, params: job.params ?? {} });
        const base = { engine: engineName(), adapter, date, kernel, ...(auto ? { auto } : {}), ...(extra.reference ? { reference: true } : {}), source: files[kernel], m: shape.m, k: shape.k, n: shape.n, tile: kKernels[kernel].usesTile ? tile : null };
        if ('skipped' in outcome) {
          got.push({ label, error: outcome.skipped });
          return console.log(JSON.stringify({ ...base, skipped: outcome.skipped }));
        }
        if ('error' in outcome) {
          got.push({ label, error: outcome.error });
          return console.log(JSON.stringify({ ...base, error: outcome.error }));
        }
        const { run, verification: v } = outcome.verified;
        got.push(v.ok ? { label, gflops: run.gflops } : { label, error: 'not verified' });
        console.log(
          JSON.stringify({
            ...base,
            startedAt: outcome.startedAt,
            endedAt: outcome.endedAt,
            mapping: mappingText(run.plan.mapping),
            clockNote: run.clockWhy ? t(`run:clock.note.${run.clockWhy}`) : undefined,
            clockStepMs: run.resolutionMs,
            settledMs: run.settledMs,
            split: run.split,
            stopped: run.stopped,
            warmups: run.warmups,
            ...pointFields(outcome.verified),
            constants: run.plan.constants, // every override constant (pointFields keeps the tunable ones)
            uploadMs: run.uploadMs,
            readbackMs: run.readbackMs,
            checkedHow: v.full ? 'every entry' : howChecked(v),
            maxAbsError: v.maxAbsError,
            mismatches: v.mismatches,
          }),
        );
      },
    });
    return got;
  }
  await measure(jobs);
  ctx.device.destroy();
}

/** --roofline: the probes, one JSON line per run (see the header), with a line of words before each. */
async function roofline(ctx: GpuContext, opts: Options, base: object): Promise<void> {
  const int = (name: ValueOption, dflt: number) => {
    const v = get(name);
    if (v === undefined) return dflt;
    const n = Number(v);
    return Number.isInteger(n) && n > 0 ? n : fail(`--${name} ${v} is not a positive integer`);
  };
  const mode = (v: string | undefined, dflt: CopyMode): CopyMode => (v === undefined ? dflt : v === 'block' || v === 'grid-stride' ? v : fail(`copy mode ${v} is not block or grid-stride`));
  const sizes = rooflineSizes({ isFallbackAdapter: ctx.info.isFallbackAdapter, ...ctx.info.limits });
  const copyBase: CopyConfig = {
    bytes: get('copy-mib') ? int('copy-mib', 256) * 2 ** 20 : sizes.copy.bytes,
    workgroupSize: int('copy-wg', sizes.copy.workgroupSize),
    perInvocation: int('copy-vpt', sizes.copy.perInvocation),
    mode: mode(get('copy-mode'), sizes.copy.mode),
    gridWorkgroups: int('copy-groups', 1056),
  };
  const variants: CopyConfig[] = get('copy-variants')
    ? get('copy-variants')!.split(',').map((v) => {
        const [wg, vpt, m, groups] = v.split(':');
        return { ...copyBase, workgroupSize: Number(wg), perInvocation: Number(vpt), mode: mode(m, 'block'), gridWorkgroups: groups ? Number(groups) : copyBase.gridWorkgroups };
      })
    : [copyBase];
  const copySource = get('copy-source') ? await readText(get('copy-source')!) : undefined;
  const guard = makeGuard(ctx);
  const run = { budgetMs: opts.budgetMs, forceWallClock: opts.wall };
  const timingFields = (tm: { clock: string; clockWhy?: string; stats: { median: number; min: number; max: number; n: number }; dispatchesPerSample: number; settledMs?: number; resolutionMs?: number }) => ({
    clock: tm.clock,
    clockNote: tm.clockWhy,
    medianMs: tm.stats.median,
    minMs: tm.stats.min,
    maxMs: tm.stats.max,
    runs: tm.stats.n,
    dispatchesPerSample: tm.dispatchesPerSample,
    settledMs: tm.settledMs,
    trusted: runTrust(tm as Parameters<typeof runTrust>[0]).trusted,
  });
  const r3 = (x: number) => Number(x.toPrecision(4));
  for (const c of variants) {
    try {
      const { copy, builtin } = await runCopyProbe(ctx, c, guard, { ...run, ...(copySource ? { copySource } : {}) });
      const label = `${c.workgroupSize}x${c.perInvocation} ${c.mode}${c.mode === 'grid-stride' ? ` ${c.gridWorkgroups}` : ''}`;
      console.log(`roofline copy ${label}${copySource ? ` (${get('copy-source')})` : ''}: ${r3(copy.gbps)} GB/s ${copy.verified ? 'verified' : `NOT verified (${copy.mismatches} wrong)`} · copyBufferToBuffer ${r3(builtin.gbps)} GB/s · ${(copy.bytesMoved / 2 ** 20).toFixed(0)} MiB moved`);
      console.log(
        JSON.stringify({
          ...base,
          roofline: 'copy',
          source: get('copy-source'),
          mib: c.bytes / 2 ** 20,
          workgroupSize: c.workgroupSize,
          perInvocation: c.perInvocation,
          mode: c.mode,
          workgroups: copy.workgroups,
          bytesMoved: copy.bytesMoved,
          gbps: copy.gbps,
          verified: copy.verified,
          mismatches: copy.mismatches,
          ...timingFields(copy.timing),
          builtin: { gbps: builtin.gbps, ...timingFields(builtin.timing) },
        }),
      );
    } catch (e) {
      console.log(JSON.stringify({ ...base, roofline: 'copy', mode: c.mode, workgroupSize: c.workgroupSize, perInvocation: c.perInvocation, error: e instanceof Error ? e.message : String(e) }));
    }
  }
  if (args()['fma-off'] === true) return;
  const f = { invocations: int('fma-inv', sizes.fma.invocations), iterations: int('fma-iters', sizes.fma.iterations), workgroupSize: int('fma-wg', sizes.fma.workgroupSize) };
  try {
    const fma = await runFmaProbe(ctx, f, guard, run);
    console.log(`roofline fma ${fma.config.workgroupSize} wg, ${fma.config.invocations} invocations × ${fma.config.iterations} steps: ${r3(fma.gflops)} GFLOP/s ${fma.verified ? 'verified' : `NOT verified (${fma.mismatches} wrong)`}`);
    console.log(JSON.stringify({ ...base, roofline: 'fma', ...fma.config, flops: fma.flops, gflops: fma.gflops, verified: fma.verified, mismatches: fma.mismatches, ...timingFields(fma.timing) }));
  } catch (e) {
    console.log(JSON.stringify({ ...base, roofline: 'fma', error: e instanceof Error ? e.message : String(e) }));
  }
  // The tensor roof (roofline_mma.wgsl), where the adapter has the tensor-core rung's features and subgroup size.
  const needs = tensorProbeNeeds(ctx.info);
  if (needs) {
    console.log(`roofline tensor: not measured: ${say(needs)}`);
    console.log(JSON.stringify({ ...base, roofline: 'tensor', notMeasured: say(needs) }));
    return;
  }
  try {
    const m = await runMmaProbe(ctx, sizes.mma, guard, run);
    console.log(`roofline tensor ${m.config.workgroups} workgroups × ${m.config.subgroups} subgroups × ${m.config.trips} trips of 4 MMA: ${r3(m.gflops)} GFLOP/s ${m.verified ? 'verified' : `NOT verified (${m.mismatches} wrong)`}`);
    console.log(JSON.stringify({ ...base, roofline: 'tensor', ...m.config, flops: m.flops, gflops: m.gflops, verified: m.verified, mismatches: m.mismatches, ...timingFields(m.timing) }));
  } catch (e) {
    console.log(JSON.stringify({ ...base, roofline: 'tensor', error: e instanceof Error ? e.message : String(e) }));
  }
}

/** --probes: both probes at this adapter's sizes (or --probe-mib), one line per probe kernel and one per probe. */
async function probes(ctx: GpuContext, base: object, budgetMs?: number): Promise<void> {
  const mibArg = get('probe-mib');
  const sizes = adapterProbeSizes(ctx);
  const block = kProbeWorkgroup * kProbeStride;
  const groups = mibArg !== undefined ? Math.max(1, Math.round((Number(mibArg) * 2 ** 20) / kWordBytes / block)) : sizes.global.groups;
  if (!(groups > 0) || groups > ctx.info.limits.maxComputeWorkgroupsPerDimension) fail(`--probe-mib ${mibArg} is not a size this adapter can run`);
  for (const id of kProbeIds) {
    const r = await runProbe(ctx, id, { global: { groups, words: groups * block }, ...(budgetMs !== undefined ? { budgetMs } : {}) });
    const trusts = r.variants.map((v) => runTrust(v.timing));
    for (const [i, v] of r.variants.entries()) {
      const s = v.timing.stats;
      console.log(
        JSON.stringify({
          ...base,
          probe: id,
          kind: v.kind,
          size: r.size,
          workgroup: r.workgroup,
          bytes: v.bytes,
          // The model's cost of one 32-lane request: segments touched, or the worst bank's words.
          modelCost: r.probe === 'coalescing' ? coalescingPicture(v.kind as GlobalKind).cost : bankPicture(v.kind as BankKind).cost,
          medianMs: s.median,
          minMs: s.min,
          maxMs: s.max,
          samples: s.n,
          dispatchesPerSample: v.timing.dispatchesPerSample,
          clock: v.timing.clock,
          clockStepMs: v.timing.resolutionMs,
          settledMs: v.timing.settledMs,
          gbPerS: v.gbPerS,
          verified: v.check.verified,
          mismatches: v.check.mismatches,
          trust: trusts[i]!.trusted ? 'trusted' : trusts[i]!.reasons.join(' '),
        }),
      );
    }
    const median = (kind: string) => r.variants.find((v) => v.kind === kind)?.timing.stats.median ?? NaN;
    const ok = r.variants.every((v) => v.check.verified) && allTrusted(trusts);
    const ratios =
      r.probe === 'coalescing'
        ? { stridedOverCoalesced: probeRatio(median('strided'), median('coalesced')) }
        : { columnsOverRows: probeRatio(median('columns'), median('rows')), paddedOverRows: probeRatio(median('padded'), median('rows')) };
    console.log(JSON.stringify({ ...base, probe: id, software: r.software, ...(ok ? { ratios } : { ratios: null, why: 'a probe kernel did not verify, or its time is not trusted (see its line)' }) }));
  }
}

// Started, not awaited: the bundle (vite.bench.config.ts, one file) places the kernels' lazily imported WGSL after this
// module's body, and a top-level await here ran main before they were initialized ("Cannot access 'naive$1' before
// initialization", every run). A failure still ends the process with its message.
main().catch((e: unknown) => fail(e instanceof Error ? (e.stack ?? e.message) : String(e)));

/** --practice EXERCISE --code FILE: the practice view's Time it, headless (see the header). */
async function practice(ctx: GpuContext, opts: Options, base: object): Promise<void> {
  const id = get('practice')!;
  if (!isExerciseId(id)) fail(`unknown exercise ${id} (one of ${kExerciseIds.join(', ')})`);
  if (!timeable(exercise(id))) fail(`exercise ${id} is not a matrix product: it is checked, not timed`);
  const file = get('code') ?? fail('--practice needs --code FILE.wgsl');
  const code = await readText(file);
  const software = softwareAdapter(ctx.info).software;
  // 1. The check, as the app runs it: only code that passes it is timed.
  const checked = await runPractice(ctx, id, code, 38);
  const pass = checked.kind === 'ran' && overallStatus(checked.shapes) === 'pass';
  console.log(`practice ${id} (${file}): check ${pass ? 'passed' : `did not pass (${checked.kind === 'ran' ? headlineFailure(checked.shapes) : checked.kind})`}`);
  if (!pass) {
    console.log(JSON.stringify({ ...base, practice: id, code: file, check: checked.kind === 'ran' ? headlineFailure(checked.shapes) : checked.kind }));
    return;
  }
  // 2. Timed as written, at --sizes N or the size the app chooses.
  const given = args().sizes !== undefined || args().shapes !== undefined ? opts.shapes[0] : undefined;
  if (given && (given.m !== given.k || given.k !== given.n)) fail('--practice times square sizes only: --sizes N');
  const t0 = performance.now();
  const o = await timeLearner(ctx, id, code, { software, ...(given ? { size: given.m } : {}) });
  if (o.kind !== 'timed') {
    console.log(JSON.stringify({ ...base, practice: id, code: file, notTimed: o.why, size: o.size, ...(o.shape ? { shape: `${o.shape.m}x${o.shape.k}x${o.shape.n}` } : {}) }));
    return;
  }
  const trust = runTrust(o.timing, undefined, { software });
  const { trusted, reasons } = trust;
  console.log(`practice ${id} at ${o.size}³: ${o.gflops.toFixed(1)} GFLOP/s, median ${o.timing.stats.median.toFixed(4)} ms of ${o.timing.stats.n} samples, ${o.verification.ok ? 'verified' : 'NOT verified'}, ${trusted ? 'trusted' : `untrusted (${reasons.join(', ')})`} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  console.log(
    JSON.stringify({
      ...base,
      practice: id,
      code: file,
      size: o.size,
      probe: o.probe,
      gflops: o.gflops,
      verified: o.verification.ok,
      checked: o.verification.checked,
      sampleSeed: o.sampleSeed,
      alsoVerified: o.checks.map((c) => `${c.shape.m}x${c.shape.k}x${c.shape.n}`),
      maxRelError: o.verification.maxRelError,
      trusted,
      reasons,
      clock: o.timing.clock,
      medianMs: o.timing.stats.median,
      minMs: o.timing.stats.min,
      maxMs: o.timing.stats.max,
      samples: o.timing.stats.n,
      dispatchesPerSample: o.timing.dispatchesPerSample,
      settledMs: o.timing.settledMs,
    }),
  );
  // 3. The rungs at the same size, the same way; the place the app would give it.
  const chosen = get('kernels');
  const rungIds = chosen === 'none' ? [] : chosen !== undefined ? opts.kernels.filter((k) => kLadderIds.includes(k)) : [...kLadderIds];
  const rungs = await timeRungs(ctx, o.size, rungIds, { onRung: (r) => console.error(`rung ${r} at ${o.size}³…`) });
  const figures = [];
  for (const r of rungs) {
    if ('error' in r) {
      console.log(JSON.stringify({ ...base, practiceRung: r.id, size: o.size, error: say(r.error) }));
      continue;
    }
    const v = runTrust(r.run.run, undefined, { software });
    figures.push({ id: r.id, gflops: r.run.run.gflops, verified: r.run.verification.ok, trusted: v.trusted });
    console.log(JSON.stringify({ ...base, practiceRung: r.id, size: o.size, gflops: r.run.run.gflops, verified: r.run.verification.ok, trusted: v.trusted, medianMs: r.run.run.stats.median, samples: r.run.run.stats.n, clock: r.run.run.clock }));
  }
  const place = o.verification.ok && trusted ? placeOnLadder(o.gflops, figures) : undefined;
  console.log(`practice ${id} at ${o.size}³: ${place ? `between ${place.below ?? '(none)'} and ${place.above ?? '(none)'}, ${(100 * (place.ofBest ?? 0)).toFixed(1)}% of the best rung (${place.best})` : 'placed on no rung'}`);
  console.log(JSON.stringify({ ...base, practicePlace: id, size: o.size, gflops: o.gflops, ...(place ?? { among: 0 }) }));
}
