/**
 * Time limits that follow the work (issue #15): each slow test computes its limit from what it
 * runs, sized for SwiftShader (WebGPU on the CPU) on a 2-core machine shared with other work,
 * instead of one flat limit for every test. No retries anywhere: a test that runs out of time
 * fails, and the limit says how much work it was given.
 *
 * The rates were measured on the project's 2-core CI machine under load (see docs/ci.md): per
 * kernel run a fixed cost (pipeline, upload, read-back, verification, React), plus the multiply-adds
 * of every dispatch (warm-ups and timed samples) at SwiftShader's rate; then a safety factor.
 */
export interface Shape {
  readonly m: number;
  readonly k: number;
  readonly n: number;
}

/** Measured on SwiftShader, 2 cores, another CPU-heavy process running (see docs/ci.md). */
export const kSwiftShader = {
  /** Fixed cost of one kernel run from click to final status (ms). */
  perRunMs: 1_200,
  /** Multiply-adds per millisecond, all of a dispatch's invocations together. */
  macsPerMs: 25_000,
  /** Dispatches per run: 2 warm-ups + 3 timed samples (?samples=3) + the probe that sizes a sample. */
  dispatchesPerRun: 6,
  /** Opening the page and acquiring the device. */
  openMs: 10_000,
  /** Headroom for a machine busier than the one measured (3 ran out once, tile 32 with four CPU-bound processes beside the suite). */
  safety: 4,
} as const;

export interface RunKind {
  /** Dispatches per kernel run (default: kSwiftShader.dispatchesPerRun, for ?samples=3). */
  readonly dispatchesPerRun?: number;
  /** Kernel time a run's automatic sampling aims for (ms): the tuner's 300 ms, auto's 1000 ms; 0 with ?samples=3. */
  readonly samplingMsPerRun?: number;
}

/** The time limit for opening the app and running `kernelsPerShape` kernels on each shape. */
export function budgetMs(shapes: readonly Shape[], kernelsPerShape: number, kind: RunKind = {}): number {
  const dispatches = kind.dispatchesPerRun ?? kSwiftShader.dispatchesPerRun;
  const sampling = kind.samplingMsPerRun ?? 0;
  let ms = kSwiftShader.openMs;
  for (const s of shapes) {
    const macs = s.m * s.k * s.n;
    ms += kernelsPerShape * (kSwiftShader.perRunMs + sampling + (dispatches * macs) / kSwiftShader.macsPerMs);
  }
  return Math.ceil(ms * kSwiftShader.safety);
}

/**
 * The GPU harness (e2e/gpu.spec.ts): per case one dispatch (a few with a split run), no timing, the
 * f64 check on the page's thread; measured on SwiftShader, 2 cores, under load (docs/ci.md).
 */
export const kHarness = {
  /** Fixed cost of one case: buffers, upload, dispatch, read-back (the pipeline is counted apart). */
  perCaseMs: 150,
  /** Compiling one pipeline (a kernel at one tile width or configuration, on one device). */
  compileMs: 3_000,
  /** Dispatches a case may run: a split run's probe and bands, split-K's summing pass. */
  dispatchesPerCase: 2,
  /** The f64 reference check: multiply-adds per millisecond on one core of the busy machine. */
  checkMacsPerMs: 100_000,
} as const;

/** The time limit for opening the harness page, compiling `pipelines` pipelines and running one case at each of `shapes`. */
export function harnessBudgetMs(shapes: readonly Shape[], pipelines = 1): number {
  let ms = kSwiftShader.openMs + pipelines * kHarness.compileMs;
  for (const s of shapes) {
    const macs = s.m * s.k * s.n;
    ms += kHarness.perCaseMs + (kHarness.dispatchesPerCase * macs) / kSwiftShader.macsPerMs + Math.min(macs, 2 ** 26) / kHarness.checkMacsPerMs;
  }
  return Math.ceil(ms * kSwiftShader.safety);
}
