import { test, expect, type Browser, type Locator, type Page } from '@playwright/test';
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { readLink } from '../e2e/links';
import { loadReference, refFor, refKey, type RefPoint } from './reference';

/**
 * `npm run e2e:gpu` (issue #39): the app's speed moments in a real browser on a real GPU — the
 * lesson's speed-up, the ladder at its own shape, auto's pick, the roofline and both probes, a share
 * link made there, the learner's timed kernel — and what the browser shows that the headless engines
 * did not (timestamp steps, the tile map's trace at large sizes, the page during a 4096³ run, memory
 * after a sweep). It asserts the app's promises (verified, trusted, a ratio, the order of the bars),
 * and writes every figure to a JSON report ($GPU_REPORT) with the Chromium version and the adapter.
 *
 * On a software adapter (SwiftShader, as on the development machines) the same steps run at the
 * sizes the app picks for it; what only a GPU can show (trusted times, ratios, order, 4096³) is
 * skipped with the reason. TILES_GPU_REQUIRED=1 (the GPU machine's run) makes a software adapter a
 * failure: the suite then did not get the GPU.
 */

// In order, in one worker, through one page; a failing test does not stop the next (the worker restarts, opens the
// page again, and the report is merged: e2e-gpu/setup.ts clears it once per run).
test.describe.configure({ mode: 'default' });

const kReportPath = process.env.GPU_REPORT ?? 'test-results/e2e-gpu/report.json';
const kRepoRoot = process.env.GPU_E2E_ROOT ?? '.';
const refs = loadReference(kRepoRoot);

/** Everything the report holds; each step adds its figures. */
const report: Record<string, unknown> & { steps: Record<string, unknown>; comparisons: Comparison[]; skipped: string[] } = {
  startedAt: new Date().toISOString(),
  steps: {},
  comparisons: [],
  skipped: [],
  problems: [],
};

interface Comparison {
  readonly what: string;
  readonly browser: number;
  readonly unit: string;
  readonly reference?: number;
  readonly referenceGpu?: string;
  readonly source?: string;
  /** browser ÷ reference */
  readonly ratio?: number;
  /** Within 10 % of the reference. */
  readonly within10?: boolean;
}

function compare(what: string, browserValue: number, unit: string, ref?: { value: number; gpu?: string; source: string }): void {
  const c: Comparison = ref
    ? { what, browser: browserValue, unit, reference: ref.value, referenceGpu: ref.gpu, source: ref.source, ratio: browserValue / ref.value, within10: Math.abs(browserValue / ref.value - 1) <= 0.1 }
    : { what, browser: browserValue, unit };
  report.comparisons.push(c);
}

const fromRef = (p: RefPoint | undefined) => (p ? { value: p.tflops, gpu: p.gpu, source: p.source } : undefined);

let page: Page;
let software = true;
let gpuName = '';

/** Long tasks and uncaptured GPU errors, from the page's start (init script). */
async function instrument(p: Page): Promise<void> {
  await p.addInitScript(() => {
    const w = window as unknown as { __gpuErrors: string[]; __longTasks: [number, number][] };
    w.__gpuErrors = [];
    w.__longTasks = [];
    try {
      new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__longTasks.push([e.startTime, e.duration]))).observe({ type: 'longtask', buffered: true });
    } catch {
      // no long-task timing: the probes' gaps alone tell
    }
    // Long animation frames over 200 ms with the scripts that made them (which function, called how).
    const lf = window as unknown as { __loaf: unknown[] };
    lf.__loaf = [];
    try {
      new PerformanceObserver((list) =>
        list.getEntries().forEach((e) => {
          if (e.duration < 200) return;
          const scripts = ((e as unknown as { scripts?: { invoker: string; sourceFunctionName: string; sourceURL: string; sourceCharPosition: number; duration: number }[] }).scripts ?? []).map((x) => ({ invoker: x.invoker, fn: x.sourceFunctionName, url: x.sourceURL.replace(/^.*\//, ''), at: x.sourceCharPosition, ms: Math.round(x.duration) }));
          lf.__loaf.push({ start: Math.round(e.startTime), ms: Math.round(e.duration), scripts });
        }),
      ).observe({ type: 'long-animation-frame', buffered: true });
    } catch {
      // no long-animation-frame timing in this browser
    }
    const proto = (globalThis as unknown as { GPUAdapter?: { prototype: GPUAdapter } }).GPUAdapter?.prototype;
    if (!proto) return;
    const original = proto.requestDevice;
    proto.requestDevice = async function (this: GPUAdapter, desc?: GPUDeviceDescriptor) {
      const device = await original.call(this, desc);
      device.addEventListener('uncapturederror', (ev) => w.__gpuErrors.push((ev as GPUUncapturedErrorEvent).error.message));
      return device;
    };
  });
}

const problems: string[] = [];

async function open(query: string): Promise<void> {
  await page.goto(`./${query}`);
  // Fails at once when WebGPU is unavailable (no waiting out the timeout on a GPU machine's clock).
  await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', /^(ready|unavailable|lost)$/);
  await expect(page.getByTestId('gpu-status'), 'WebGPU ready').toHaveAttribute('data-state', 'ready', { timeout: 1000 });
}

/** The long tasks since `since` (performance.now() of the page), in ms. */
async function longTasksSince(since: number): Promise<number[]> {
  return page.evaluate((t0) => (window as unknown as { __longTasks: [number, number][] }).__longTasks.filter(([s]) => s >= t0).map(([, d]) => Math.round(d)), since);
}
const now = () => page.evaluate(() => performance.now());

function nvidiaSmi(query: string): string | undefined {
  try {
    return execSync(`nvidia-smi --query-gpu=${query} --format=csv,noheader,nounits`, { encoding: 'utf8', timeout: 20_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

/** Whether the adapter has what the tensor-core rung (and the roofline's tensor probe) needs: both features, subgroups of exactly 32. */
function tensorCapable(): boolean {
  const a = report.adapter as { features?: string[]; subgroupMinSize?: number; subgroupMaxSize?: number } | undefined;
  return ['shader-f16', 'chromium-experimental-subgroup-matrix'].every((f) => a?.features?.includes(f)) && a?.subgroupMinSize === 32 && a?.subgroupMaxSize === 32;
}

/** Skip what only a GPU can show, saying why (also into the report). */
function gpuOnly(what: string): boolean {
  if (!software) return true;
  const why = `${what}: skipped on a software adapter (its times are a CPU's, not a GPU's)`;
  test.info().annotations.push({ type: 'skip', description: why });
  report.skipped.push(why);
  return false;
}

async function num(l: Locator, attr: string): Promise<number> {
  const v = await l.getAttribute(attr);
  expect(v, `${attr} present`).not.toBeNull();
  return Number(v);
}

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  page = await browser.newPage();
  await instrument(page);
  // A run the app estimates longer than 10 s asks first (core/limits kConfirmMs): answered Continue, and what it
  // estimated is recorded (the GPU's real time beside it is in each step's wallMs).
  const asked: unknown[] = [];
  report.asked = asked;
  await page.addLocatorHandler(page.getByTestId('estimate-continue'), async () => {
    const e = page.getByTestId('run-estimate');
    asked.push({ at: new Date().toISOString(), url: page.url().replace(/#.*/, ''), totalMs: await e.getAttribute('data-total-ms').catch(() => null), asking: await e.getAttribute('data-asking').catch(() => null), text: (await e.innerText().catch(() => '')).slice(0, 600) });
    await page.getByTestId('estimate-continue').click();
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console.error: ${m.text()}`);
  });
  await page.goto('./');
  await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', /^(ready|unavailable|lost)$/);
  report.firstLoad = { navigatorGpu: await page.evaluate(() => 'gpu' in navigator), at: new Date().toISOString() };
  report.gpuStatus = {
    state: await page.getByTestId('gpu-status').getAttribute('data-state'),
    text: (await page.getByTestId('gpu-status').innerText()).slice(0, 2000),
    said: (await page.getByTestId('nogpu-said').textContent({ timeout: 1000 }).catch(() => null)) ?? undefined,
  };
  const adapter = await page.evaluate(async () => {
    const a = await navigator.gpu.requestAdapter();
    if (!a) return undefined;
    const i = (a as GPUAdapter & { info: GPUAdapterInfo & { isFallbackAdapter?: boolean; subgroupMinSize?: number; subgroupMaxSize?: number } }).info;
    return {
      vendor: i.vendor,
      architecture: i.architecture,
      device: i.device,
      description: i.description,
      isFallbackAdapter: Boolean(i.isFallbackAdapter ?? (a as { isFallbackAdapter?: boolean }).isFallbackAdapter),
      subgroupMinSize: i.subgroupMinSize,
      subgroupMaxSize: i.subgroupMaxSize,
      features: [...a.features].sort(),
      limits: { maxComputeInvocationsPerWorkgroup: a.limits.maxComputeInvocationsPerWorkgroup, maxComputeWorkgroupStorageSize: a.limits.maxComputeWorkgroupStorageSize, maxStorageBufferBindingSize: a.limits.maxStorageBufferBindingSize, maxBufferSize: a.limits.maxBufferSize },
    };
  });
  if (!adapter) writeReport({ ...report, browser: { version: browser.version() } });
  expect(adapter, 'WebGPU gives an adapter').toBeDefined();
  software = adapter!.isFallbackAdapter || /swiftshader|llvmpipe|lavapipe|basic render/i.test(`${adapter!.vendor} ${adapter!.architecture} ${adapter!.description}`);
  gpuName = nvidiaSmi('name') ?? '';
  let native: unknown;
  try {
    native = process.env.GPU_NATIVE && existsSync(process.env.GPU_NATIVE) ? JSON.parse(readFileSync(process.env.GPU_NATIVE, 'utf8')) : undefined;
  } catch (e) {
    native = { error: `no native figures: ${String(e)}` };
  }
  Object.assign(report, {
    browser: { version: browser.version(), userAgent: await page.evaluate(() => navigator.userAgent), flags: process.env.CHROME_GPU_FLAGS ?? '(none: Playwright defaults + --enable-unsafe-webgpu)' },
    adapter,
    software,
    gpu: gpuName ? { name: gpuName, driver: nvidiaSmi('driver_version'), memoryMiB: nvidiaSmi('memory.total'), maxSmClockMHz: nvidiaSmi('clocks.max.sm') } : undefined,
    native,
  });
  if (process.env.TILES_GPU_REQUIRED) expect(software, `the GPU machine's run needs the GPU as the adapter, got ${JSON.stringify(adapter)}`).toBe(false);
});

/** Uncaptured GPU errors and page errors fail the test they happen in; console errors are recorded. */
test.afterEach(async () => {
  const gpuErrors = await page.evaluate(() => (window as unknown as { __gpuErrors?: string[] }).__gpuErrors?.splice(0) ?? []).catch(() => [] as string[]);
  const found = [...problems.splice(0), ...gpuErrors.map((e) => `uncaptured GPU error: ${e}`)];
  (report.problems as string[]).push(...found);
  expect(found.filter((p) => !p.startsWith('console.error')), 'no uncaptured GPU errors or page errors').toEqual([]);
});

test.afterAll(async () => {
  // Merged with what an earlier worker of this run wrote (a failed test restarts the worker).
  const earlier = existsSync(kReportPath) ? (JSON.parse(readFileSync(kReportPath, 'utf8')) as typeof report) : undefined;
  const merged: Record<string, unknown> = earlier
    ? { ...earlier, ...report, startedAt: earlier.startedAt, steps: { ...earlier.steps, ...report.steps }, comparisons: [...earlier.comparisons, ...report.comparisons], skipped: [...earlier.skipped, ...report.skipped], problems: [...((earlier.problems as string[]) ?? []), ...(report.problems as string[])], workers: Number(earlier.workers ?? 1) + 1 }
    : { ...report, workers: 1 };
  merged['endedAt'] = new Date().toISOString();
  writeReport(merged);
  await page.close();
});

function writeReport(r: Record<string, unknown>): void {
  mkdirSync(dirname(kReportPath), { recursive: true });
  writeFileSync(kReportPath, `${JSON.stringify(r, null, 2)}\n`);
}

/** Limits per test on the GPU machine (its call has 10 minutes in all); on a software adapter, the config's 15 minutes. */
const gpuLimit = (ms: number) => {
  if (!software) test.setTimeout(ms);
};

async function cardFigures(id: 'naive' | 'tiled') {
  const c = page.getByTestId(`result-${id}`);
  return { status: await c.getAttribute('data-status'), shape: await c.getAttribute('data-shape'), tile: await c.getAttribute('data-tile'), gflops: Number(await c.getAttribute('data-gflops')), medianMs: Number(await c.getAttribute('data-median-ms')) };
}

test('the lesson: the default example, then its speed-up action shows a ratio', async () => {
  gpuLimit(90_000);
  const lesson: Record<string, unknown> = {};
  report.steps.lesson = lesson;
  await test.step('the default example runs both kernels, verified', async () => {
    await open('');
    await page.getByTestId('run-both').click();
    for (const id of ['naive', 'tiled'] as const) await expect(page.getByTestId(`result-${id}`)).toHaveAttribute('data-status', 'verified', { timeout: 120_000 });
    await expect(page.getByTestId('run-both')).not.toHaveAttribute('aria-busy', 'true');
    lesson.default = { naive: await cardFigures('naive'), tiled: await cardFigures('tiled') };
  });
  await test.step('the speed-up action: both kernels at a size this GPU can time, and the ratio', async () => {
    if (software) {
      // The app's promise on a software adapter: no speed-up action (its times are a CPU's), and it says why.
      await expect(page.getByTestId('speedup-run')).toHaveCount(0);
      await expect(page.getByTestId('speed-software-note')).toHaveCount(1);
      gpuOnly('the speed-up action and its ratio');
      return;
    }
    const t0 = await now();
    const w0 = Date.now();
    await page.getByTestId('speedup-run').click();
    const ratio = page.getByTestId('speedup-ratio');
    await expect(ratio).toBeVisible({ timeout: 600_000 });
    const wall = Date.now() - w0;
    const naive = await cardFigures('naive');
    const tiled = await cardFigures('tiled');
    expect(naive.status).toBe('verified');
    expect(tiled.status).toBe('verified');
    const trusted = await ratio.getAttribute('data-trusted');
    const value = Number((await ratio.getAttribute('data-ratio')) || NaN);
    lesson.speedup = { shape: tiled.shape, tile: tiled.tile, naive, tiled, ratio: value, trusted, text: await ratio.textContent(), wallMs: wall, longTasksMs: await longTasksSince(t0) };
    {
      expect(trusted, 'the ratio is trusted on a GPU').toBe('true');
      expect(value, 'tiled is faster than naive: the lesson’s point').toBeGreaterThan(1);
      const [m, k, n] = (tiled.shape ?? '').split(/[×x]/).map(Number);
      compare(`lesson naive at ${tiled.shape}`, naive.gflops / 1000, 'TFLOP/s', fromRef(refFor(refs, refKey('naive', m!, k!, n!), gpuName)));
      compare(`lesson tiled ${tiled.tile} at ${tiled.shape}`, tiled.gflops / 1000, 'TFLOP/s', fromRef(refFor(refs, refKey('tiled', m!, k!, n!), gpuName)));
      const rn = refFor(refs, refKey('naive', m!, k!, n!), gpuName);
      const rt = refFor(refs, refKey('tiled', m!, k!, n!), gpuName);
      compare(`lesson speed-up tiled ÷ naive at ${tiled.shape}`, value, '×', rn && rt ? { value: rt.tflops / rn.tflops, gpu: rt.gpu, source: rt.source } : undefined);
    }
  });
  await test.step('the tile map of that run: traced from the GPU at the large size', async () => {
    const map = page.getByTestId('tile-map');
    const t0 = Date.now();
    await expect(map).toHaveAttribute('data-trace-status', /^(done|error)$/, { timeout: 300_000 });
    lesson.tileMap = {
      source: await map.getAttribute('data-source'),
      traceStatus: await map.getAttribute('data-trace-status'),
      tilesX: Number(await map.getAttribute('data-tiles-x')),
      tilesY: Number(await map.getAttribute('data-tiles-y')),
      cellsInDom: await page.locator('[data-testid^="tile-cell-"]').count(),
      waitedMs: Date.now() - t0,
      text: (await map.locator('p').first().textContent().catch(() => null)) ?? undefined,
    };
    await expect(map).toHaveAttribute('data-trace-status', 'done');
    await expect(map).toHaveAttribute('data-source', 'gpu');
    // Three steps of the stepper on that trace, and the page's long tasks meanwhile.
    const s0 = await now();
    for (let i = 0; i < 3; i++) await page.getByTestId('phase-next').click();
    await expect(page.getByTestId('phase-label')).toContainText(/step 4 of/);
    (lesson.tileMap as Record<string, unknown>).stepperLongTasksMs = await longTasksSince(s0);
  });
});

/** The ladder's rows (one per rung), as shown. */
async function ladderRows(): Promise<{ id: string; status: string; gflops: number; trust: string | null; bar: string | null }[]> {
  return page.locator('tr[data-testid^="ladder-"]').evaluateAll((rows) =>
    rows.map((r) => ({
      id: r.getAttribute('data-testid')!.replace(/^ladder-/, ''),
      status: r.getAttribute('data-status') ?? '',
      gflops: Number(r.getAttribute('data-gflops') ?? NaN),
      trust: r.getAttribute('data-trust'),
      bar: r.querySelector('[data-bar]')?.getAttribute('data-bar') ?? null,
    })),
  );
}

test('the ladder at its own shape: every rung verified, trusted bars, in the reference’s order; auto against the best rung', async () => {
  gpuLimit(240_000);
  const ladder: Record<string, unknown> = {};
  report.steps.ladder = ladder;
  let rows: Awaited<ReturnType<typeof ladderRows>> = [];
  let shape = { m: 0, k: 0, n: 0 };
  await test.step('opened as ?view=ladder: the ladder’s own shape, its estimate stated', async () => {
    await open('?view=ladder');
    const s = page.getByTestId('ladder-shape');
    // On a GPU the naive kernel is timed once first and the shape follows this GPU's pace (issue #46: 4096³ on an H200).
    if (!software) await expect(s).toHaveAttribute('data-measured', 'true');
    await expect(s).not.toHaveAttribute('data-probing', /.*/);
    await expect(s).toHaveAttribute('data-own', software ? 'software' : 'gpu');
    ladder.pace = await num(s, 'data-pace');
    shape = { m: await num(s, 'data-m'), k: await num(s, 'data-k'), n: await num(s, 'data-n') };
    ladder.shape = shape;
    ladder.estimateMs = await num(page.getByTestId('ladder-estimate'), 'data-total-ms');
  });
  await test.step('run every rung: each verified', async () => {
    const before = await ladderRows();
    const runnable = before.filter((r) => r.status !== 'n/a');
    ladder.notApplicable = before.filter((r) => r.status === 'n/a').map((r) => r.id);
    const w0 = Date.now();
    await page.getByTestId('ladder-run').click();
    for (const r of runnable) await expect(page.getByTestId(`ladder-${r.id}`), r.id).toHaveAttribute('data-status', /^(verified|mismatch|error)$/, { timeout: 600_000 });
    await expect(page.getByTestId('ladder-run')).not.toHaveAttribute('aria-busy', 'true', { timeout: 600_000 });
    ladder.wallMs = Date.now() - w0;
    rows = (await ladderRows()).filter((r) => r.status !== 'n/a');
    ladder.rungs = rows;
    for (const r of rows) expect(r.status, `${r.id} verified`).toBe('verified');
  });
  await test.step('every bar trusted, and in the order of the headless reference', async () => {
    if (!gpuOnly('trusted bars and their order')) return;
    // Every rung a bar (a GPU's time: never untimeable, never a software adapter's). A bar whose median's 95 %
    // interval came out wider than ±3 % is drawn marked noisy (one of 16 at 4096³ on the H200, 2026-11-29): recorded,
    // and its median still takes part in the order below, whose pairs differ by 25 % or more.
    ladder.noisy = rows.filter((r) => r.trust !== 'trusted').map((r) => `${r.id}: ${r.trust}`);
    for (const r of rows) {
      expect(r.trust, `${r.id}: trusted or noisy`).toMatch(/^(trusted|noisy)$/);
      expect(r.bar, `${r.id}: a bar`).toMatch(/^(trusted|noisy)$/);
    }
    expect(rows.filter((r) => r.trust === 'trusted').length, 'most bars trusted').toBeGreaterThanOrEqual(rows.length - 2);
    for (const r of rows) compare(`ladder ${r.id} at ${shape.m}×${shape.k}×${shape.n}`, r.gflops / 1000, 'TFLOP/s', fromRef(refFor(refs, refKey(r.id, shape.m, shape.k, shape.n), gpuName)));
    // The order: every pair the reference tells apart by 25 % or more is in the same order here.
    const withRef = rows.map((r) => ({ ...r, ref: refFor(refs, refKey(r.id, shape.m, shape.k, shape.n), gpuName) })).filter((r) => r.ref);
    const pairs: string[] = [];
    const inverted: string[] = [];
    for (const a of withRef)
      for (const b of withRef)
        if (a.ref!.tflops >= 1.25 * b.ref!.tflops) {
          pairs.push(`${a.id}>${b.id}`);
          if (!(a.gflops > b.gflops)) inverted.push(`${a.id} (${(a.gflops / 1000).toFixed(2)}) ≤ ${b.id} (${(b.gflops / 1000).toFixed(2)}); reference ${a.ref!.tflops.toFixed(2)} vs ${b.ref!.tflops.toFixed(2)}`);
        }
    ladder.order = { referenceGpu: withRef[0]?.ref?.gpu, referenceSource: [...new Set(withRef.map((r) => r.ref!.source))], rungsWithReference: withRef.length, pairsChecked: pairs.length, inverted, rankHere: [...rows].sort((a, b) => b.gflops - a.gflops).map((r) => r.id), rankReference: [...withRef].sort((a, b) => b.ref!.tflops - a.ref!.tflops).map((r) => r.id) };
    expect(withRef.length, 'rungs with a reference at this shape').toBeGreaterThan(5);
    expect(inverted, 'pairs the reference tells apart by 25 % are in its order').toEqual([]);
  });
  await test.step('the tensor-core rung (issue #49): f16 inputs, f32 sums; against cuBLAS half and FP32 measured in this call', async () => {
    const tensor = rows.find((r) => r.id === 'tensor');
    const native = report.native as { cublasHalfTflops?: number; cublasFp32Tflops?: number; cublasShape?: string } | undefined;
    ladder.tensor = tensor ? { gflops: tensor.gflops, status: tensor.status, trust: tensor.trust } : { notApplicable: true };
    if (!tensor) {
      report.skipped.push('tensor-core rung: n/a on this adapter (shader-f16 + chromium-experimental-subgroup-matrix not offered)');
      return;
    }
    const best32 = rows.filter((r) => r.id !== 'tensor').reduce((a, b) => (b.gflops > a.gflops ? b : a));
    ladder.tensor = { gflops: tensor.gflops, ofBestFp32: tensor.gflops / best32.gflops, bestFp32: best32.id, status: tensor.status, trust: tensor.trust, shape };
    if (native?.cublasHalfTflops) compare(`tensor rung ÷ cuBLAS half (torch.matmul f16, f32 sums) at ${native.cublasShape}`, tensor.gflops / 1000, 'TFLOP/s', { value: native.cublasHalfTflops, source: 'torch.matmul on half tensors, same call' });
    if (native?.cublasFp32Tflops) compare(`tensor rung ÷ cuBLAS FP32 at ${native.cublasShape}`, tensor.gflops / 1000, 'TFLOP/s', { value: native.cublasFp32Tflops, source: 'torch.matmul on float tensors (TF32 off), same call' });
    compare(`tensor rung ÷ best FP32 rung (${best32.id}) at ${shape.m}×${shape.k}×${shape.n}`, tensor.gflops / best32.gflops, '×');
    expect(tensor.status, 'the tensor rung verified against the f16-rounded inputs').toBe('verified');
    // What half precision cost: the largest error against the product of the unrounded inputs, shown beside the bar.
    const cost = Number(await page.getByTestId('ladder-half-cost-tensor').getAttribute('data-cost'));
    (ladder.tensor as Record<string, unknown>).halfInputCost = cost;
    expect(cost, 'f16 rounding costs something measurable, and little (relative to Σ|a·b|)').toBeGreaterThan(0);
    expect(cost).toBeLessThan(1e-2);
  });
  await test.step('auto: tuned here, then run; its rate against the best rung', async () => {
    const w0 = Date.now();
    await page.getByTestId('run-auto').click();
    const result = page.getByTestId('auto-result');
    await expect(result).toHaveAttribute('data-status', 'verified', { timeout: 900_000 });
    const choice = page.getByTestId('auto-choice');
    const kernel = await choice.getAttribute('data-kernel');
    const auto = {
      kernel,
      params: await choice.getAttribute('data-params'),
      gflops: Number(await result.getAttribute('data-gflops')),
      decided: await page.getByTestId('tune-decided').getAttribute('data-decided').catch(() => null),
      plannedRuns: Number(await page.getByTestId('tune-plan').getAttribute('data-runs')),
      status: await page.getByTestId('tune-status').textContent(),
      wallMs: Date.now() - w0,
    };
    ladder.auto = auto;
    expect(auto.gflops, 'the auto run’s rate is shown').toBeGreaterThan(0);
    await expect(page.getByTestId(`ladder-auto-${kernel}`)).toBeVisible();
    if (!gpuOnly('auto against the best rung')) return;
    // Auto picks among the FP32 kernels: the tensor-core rung's f16 inputs are another precision.
    const best = rows.filter((r) => r.id !== 'tensor').reduce((a, b) => (b.gflops > a.gflops ? b : a));
    ladder.autoVsBest = { best: best.id, bestGflops: best.gflops, ratio: auto.gflops / best.gflops };
    compare(`auto (${kernel} ${auto.params ?? ''}) ÷ best rung (${best.id}) at ${shape.m}³`, auto.gflops / best.gflops, '×');
    // Issue #36's promise is 0.97 of the best on the headless engines; here within the 10 % the issue allows between browser and headless.
    expect(auto.gflops / best.gflops, `auto (${kernel}) against ${best.id}`).toBeGreaterThanOrEqual(0.9);
  });
});

test('the roofline (copy against the native copy, fma against the peak) and both probes', async () => {
  gpuLimit(90_000);
  const roof: Record<string, unknown> = {};
  report.steps.roofline = roof;
  await test.step('roofline: both probes verified and, on a GPU, trusted', async () => {
    if (!page.url().includes('view=ladder')) await open('?view=ladder');
    await expect(page.getByTestId('roofline-run')).toBeEnabled();
    await page.getByTestId('roofline-run').click();
    const chart = page.getByTestId('roofline-chart');
    await expect(chart).toBeVisible({ timeout: 300_000 });
    await expect(page.getByTestId('roofline-figures')).toHaveAttribute('data-verified', 'true');
    const gbs = await num(chart, 'data-bandwidth-gbs');
    const gflops = await num(chart, 'data-fma-gflops');
    const trusted = await page.getByTestId('roofline-roof-here').getAttribute('data-trusted');
    Object.assign(roof, { copyGBs: gbs, fmaGflops: gflops, trusted, bandwidth: await page.getByTestId('roofline-bandwidth').textContent(), builtin: await page.getByTestId('roofline-builtin').textContent(), fma: await page.getByTestId('roofline-fma').textContent() });
    expect(gbs).toBeGreaterThan(0);
    expect(gflops).toBeGreaterThan(0);
    if (!gpuOnly('the roofline against the native copy and the peak')) return;
    // Soft: a noisy roof is a finding to record, and the steps after it (the tensor roof) still run.
    expect.soft(trusted, 'both roofs trusted').toBe('true');
    const native = report.native as { copyGBs?: number; peakGflops?: number; copyMiB?: number } | undefined;
    compare('roofline copy probe ÷ native copy (PyTorch copy_, same machine, same call)', gbs, 'GB/s', native?.copyGBs ? { value: native.copyGBs, source: `torch copy_ of ${native.copyMiB} MiB, read + write` } : undefined);
    compare('roofline fma ÷ FP32 peak (SMs × 128 × 2 × max SM clock)', gflops, 'GFLOP/s', native?.peakGflops ? { value: native.peakGflops, source: 'nvidia-smi max SM clock and torch SM count' } : undefined);
    // No probe outruns the hardware: a copy faster than the native copy, or fma above the peak, would be a timing error.
    if (native?.copyGBs) expect(gbs / native.copyGBs, 'the copy probe within the native copy').toBeLessThanOrEqual(1.1);
    if (native?.peakGflops) expect(gflops / native.peakGflops, 'fma within the FP32 peak').toBeLessThanOrEqual(1.0);
  // Drawn in this browser's font, no point's name prints over a marker, another name or a legend word,
  // and each stays inside the plot (issue #46; the layout's own test covers an H200's 15 rungs). Here the ladder's rungs are drawn: a GPU's figures.
    const clashes = await chart.evaluate((svg) => {
    const box = (e: Element) => (e as SVGGraphicsElement).getBBox();
    const hit = (a: DOMRect, b: DOMRect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    const plot = box(svg.querySelector('.roofline-plot')!);
    const names = Array.from(svg.querySelectorAll('.roofline-point-label'));
    const marks = Array.from(svg.querySelectorAll('[data-testid^="roofline-point-"] > :is(circle, rect, path)'));
    const legend = Array.from(svg.querySelectorAll('.roofline-label'));
    const out: string[] = [];
    names.forEach((n, i) => {
      const b = box(n);
      if (b.x < plot.x || b.y < plot.y || b.x + b.width > plot.x + plot.width || b.y + b.height > plot.y + plot.height) out.push(`${n.textContent} outside the plot`);
      for (const m of marks) if (hit(b, box(m))) out.push(`${n.textContent} over a marker`);
      names.forEach((o, j) => { if (j > i && hit(b, box(o))) out.push(`${n.textContent} over ${o.textContent}`); });
      for (const l of legend) if (hit(b, box(l))) out.push(`${n.textContent} over ${l.textContent}`);
    });
    return { out, names: names.length };
  });
    roof.namesOnChart = clashes.names;
    // Soft: run alone (without the ladder's rungs) the chart names none; the tensor roof's step still runs.
    expect.soft(clashes.names, 'rungs named on the chart').toBeGreaterThan(0);
    expect.soft(clashes.out).toEqual([]);
  });
  await test.step('roofline: the tensor roof (issue #49) where the adapter has the tensor-core rung’s features and subgroups of 32', async () => {
    const chart = page.getByTestId('roofline-chart');
    const none = page.getByTestId('roofline-tensor-none');
    if (!tensorCapable()) {
      // Said in one line, never as an error; nothing drawn.
      await expect(none).toHaveText(/^Tensor roof not measured/);
      await expect(page.getByTestId('roofline-roof-tensor')).toHaveCount(0);
      roof.tensor = { measured: false, why: await none.textContent() };
      const why = `the tensor roof: skipped, the adapter lacks subgroup matrices or subgroups of exactly 32 (${await none.textContent()})`;
      test.info().annotations.push({ type: 'skip', description: why });
      report.skipped.push(why);
      return;
    }
    const li = page.getByTestId('roofline-tensor');
    await expect(li, 'the tensor probe ran (not “not measured”)').toBeVisible();
    await expect(li, 'the tensor probe matched the CPU').toHaveAttribute('data-verified', 'true');
    const line = page.getByTestId('roofline-roof-tensor');
    await expect(line, 'the tensor roof is drawn').toBeVisible();
    const tensor = await num(chart, 'data-tensor-gflops');
    const fp32 = await num(chart, 'data-fma-gflops');
    // Where the ladder ran the tensor-core rung, its point is judged against the tensor roof.
    const point = page.locator('[data-testid="roofline-rung-list"] [data-point="tensor"]');
    const rung = (await point.count()) > 0 ? { roof: await point.getAttribute('data-roof'), ofRoof: await point.getAttribute('data-of-roof'), text: await point.textContent() } : undefined;
    Object.assign(roof, { tensor: { measured: true, gflops: tensor, overFp32: tensor / fp32, trusted: await line.getAttribute('data-trusted'), text: await li.textContent(), rung } });
    compare('roofline tensor roof (f16 inputs, f32 sums) ÷ the fma roof, same run', tensor / fp32, '×');
    expect(tensor, 'the tensor roof above the FP32 roof').toBeGreaterThan(fp32);
    if (rung) expect(rung.roof, 'the tensor rung judged against the tensor roof').toBe('tensor');
    if (gpuOnly('the tensor roof trusted')) expect(await line.getAttribute('data-trusted'), 'the tensor roof trusted').toBe('true');
  });
  for (const id of ['coalescing', 'banks'] as const) {
    await test.step(`probe ${id}: verified, a ratio on a GPU`, async () => {
      await page.getByTestId(`probe-${id}-run`).click();
      const probe = page.getByTestId(`probe-${id}`);
      await expect(probe).toHaveAttribute('data-status', 'done', { timeout: 300_000 });
      await expect(probe).toHaveAttribute('data-verified', 'true');
      const variants = await page.locator(`tr[data-testid^="probe-${id}-"]`).evaluateAll((trs) => trs.map((tr) => ({ id: tr.getAttribute('data-testid'), medianMs: Number(tr.getAttribute('data-median-ms')), verified: tr.getAttribute('data-verified'), trust: tr.getAttribute('data-trust'), text: (tr as HTMLElement).innerText.replace(/\s+/g, ' ').trim() })));
      const ratio = await page.getByTestId(`probe-${id}-ratio`).getAttribute('data-ratio');
      roof[id] = { ratio: ratio === null ? null : Number(ratio), text: await page.getByTestId(`probe-${id}-ratio`).textContent(), variants };
      if (!gpuOnly(`the ${id} probe’s ratio`)) return;
      expect(ratio, `${id}: a ratio`).not.toBeNull();
      for (const v of variants) expect(v.trust, `${v.id} trusted`).toBe('trusted');
      expect(Number(ratio)).toBeGreaterThan(0);
    });
  }
});

test('a sweep and its share link: made here, carries the GPU, the roofline and the probes; memory after it', async () => {
  gpuLimit(120_000);
  const share: Record<string, unknown> = {};
  report.steps.share = share;
  const cdp = await page.context().newCDPSession(page);
  const heap = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const h = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };
    return { usedMiB: h.usedSize / 2 ** 20, totalMiB: h.totalSize / 2 ** 20, gpuMemoryUsedMiB: nvidiaSmi('memory.used') };
  };
  await test.step('the sweep (lesson pair) runs and every point is verified', async () => {
    await page.getByTestId('nav-bench').click();
    await expect(page.getByTestId('nav-bench')).toHaveAttribute('aria-current', 'page');
    const sizes = software ? '64' : '1024,2048';
    await page.getByTestId('bench-sizes').fill(sizes);
    share.sizes = sizes;
    share.memoryBefore = await heap();
    await page.getByTestId('bench-start').click();
    await expect(page.getByTestId('bench-progress')).toHaveAttribute('data-status', 'done', { timeout: 600_000 });
    share.memoryAfter = await heap();
    const rows = await page.getByTestId('bench-table').locator('tbody tr').evaluateAll((trs) => trs.map((tr) => ({ trust: tr.getAttribute('data-trust'), text: (tr as HTMLElement).innerText.replace(/\s+/g, ' ').trim() })));
    share.rows = rows;
    expect(rows.length).toBeGreaterThan(0);
    if (gpuOnly('the sweep’s points trusted')) for (const r of rows) expect(r.trust, r.text).toBe('trusted');
  });
  await test.step('the share link reveals the GPU’s description and carries the roofline and probes', async () => {
    await page.getByTestId('share-include-description').check();
    const link = await page.getByTestId('share-link').inputValue();
    expect(link).toContain('#r=');
    const payload = readLink(link) as ReturnType<typeof readLink> & { roofline?: unknown; probes?: unknown };
    share.link = link;
    share.payloadDevice = payload.device;
    expect(payload.device.description, 'the adapter’s description is in the link').toBe((report.adapter as { description: string }).description);
    expect(payload.device.browser, 'the browser is in the link').toContain('Chrome');
    expect(payload.roofline, 'the roofline travels').toBeDefined();
    // The tensor roof travels where it was measured (issue #49), and only then.
    const tensorShared = (payload.roofline as { tensor?: { gflops: number; verified: boolean } } | undefined)?.tensor;
    share.tensorRoof = tensorShared;
    expect(tensorShared !== undefined, 'the tensor roof travels exactly where it was measured').toBe(tensorCapable());
    expect(payload.probes, 'the probes travel').toBeDefined();
    if (process.env.GPU_LINK_FILE) writeFileSync(process.env.GPU_LINK_FILE, `${link}\n`);
  });
});

test('the learner’s timed kernel (issue #38’s Time it): verified, trusted, placed on the ladder', async () => {
  gpuLimit(240_000);
  const timed: Record<string, unknown> = {};
  report.steps.timeIt = timed;
  await open('?view=practice&ex=tiled');
  // The practice view loads its own chunk: the editor first, then whether this build has Time it.
  await expect(page.getByTestId('exercise-editor')).toBeVisible();
  await expect(page.getByTestId('exercise-run')).toBeVisible();
  const time = page.getByTestId('exercise-time');
  if ((await time.count()) === 0) {
    const why = 'Time it (exercise-time) is not in this build: issue #38 had not landed';
    report.skipped.push(why);
    test.skip(true, why);
  }
  await test.step('the solution, checked, then timed', async () => {
    await page.getByTestId('exercise-solution').click();
    const run = page.getByTestId('exercise-run');
    const before = Number(await run.getAttribute('data-runs'));
    await run.click();
    await expect(page.getByTestId('exercise-verdict')).toHaveAttribute('data-seq', String(before + 1), { timeout: 300_000 });
    await expect(page.getByTestId('exercise-verdict')).toHaveAttribute('data-status', 'pass');
    await expect(time).toBeEnabled();
    const w0 = Date.now();
    await time.click();
    const result = page.getByTestId('exercise-timed');
    await expect(result).toHaveAttribute('data-verified', /^(true|false)$/, { timeout: 600_000 });
    timed.wallMs = Date.now() - w0;
    const place = page.getByTestId('exercise-place');
    Object.assign(timed, {
      gflops: Number(await result.getAttribute('data-gflops')),
      verified: await result.getAttribute('data-verified'),
      trusted: await result.getAttribute('data-trusted'),
      size: await result.getAttribute('data-size'),
      medianMs: await result.getAttribute('data-median-ms'),
      samples: await result.getAttribute('data-samples'),
      ofBest: await result.getAttribute('data-of-best'),
      ofRoof: await result.getAttribute('data-of-roof'),
      text: await result.textContent(),
      rungs: await page.getByTestId('exercise-time-rungs').locator('tbody tr').evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).innerText.replace(/\s+/g, ' ').trim())).catch(() => []),
      below: (await place.count()) ? await place.getAttribute('data-below') : undefined,
      above: (await place.count()) ? await place.getAttribute('data-above') : undefined,
    });
    expect(timed.verified).toBe('true');
    if (!gpuOnly('the timed kernel trusted and placed among the rungs')) {
      await expect(place, 'no place on the ladder for an untrusted time').toHaveCount(0);
      return;
    }
    expect(timed.trusted).toBe('true');
    await expect(place).toHaveCount(1);
    expect(Boolean(timed.below) || Boolean(timed.above), 'placed between rungs').toBe(true);
    compare(`the learner’s tiled kernel (the solution) at ${String(timed.size)}³, of the best rung there`, Number(timed.ofBest), '×');
  });
});

test('what the real browser shows: the timestamp’s step, and the page during a 4096³ run', async () => {
  gpuLimit(120_000);
  const seen: Record<string, unknown> = {};
  report.steps.browser = seen;
  await test.step('the timestamp step Chromium gives a page (quantisation)', async () => {
    seen.timestamps = await page.evaluate(async () => {
      const a = await navigator.gpu.requestAdapter();
      if (!a || !a.features.has('timestamp-query')) return { timestampQuery: false };
      const d = await a.requestDevice({ requiredFeatures: ['timestamp-query'] });
      const n = 64;
      const qs = d.createQuerySet({ type: 'timestamp', count: 2 * n });
      const resolve = d.createBuffer({ size: 16 * n, usage: GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC });
      const read = d.createBuffer({ size: 16 * n, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
      const buf = d.createBuffer({ size: 4 * 65536, usage: GPUBufferUsage.STORAGE });
      const module = d.createShaderModule({ code: '@group(0) @binding(0) var<storage, read_write> b: array<u32>; @compute @workgroup_size(64) fn main(@builtin(global_invocation_id) g: vec3u) { var x = g.x; for (var i = 0u; i < 64u; i++) { x = x * 1664525u + 1013904223u; } b[g.x] = x; }' });
      const pipeline = d.createComputePipeline({ layout: 'auto', compute: { module, entryPoint: 'main' } });
      const bind = d.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries: [{ binding: 0, resource: { buffer: buf } }] });
      const enc = d.createCommandEncoder();
      for (let i = 0; i < n; i++) {
        const p = enc.beginComputePass({ timestampWrites: { querySet: qs, beginningOfPassWriteIndex: 2 * i, endOfPassWriteIndex: 2 * i + 1 } });
        p.setPipeline(pipeline);
        p.setBindGroup(0, bind);
        p.dispatchWorkgroups(1 + (i % 16) * 64);
        p.end();
      }
      enc.resolveQuerySet(qs, 0, 2 * n, resolve, 0);
      enc.copyBufferToBuffer(resolve, 0, read, 0, 16 * n);
      d.queue.submit([enc.finish()]);
      await read.mapAsync(GPUMapMode.READ);
      const t = new BigUint64Array(read.getMappedRange().slice(0));
      read.unmap();
      d.destroy();
      const deltas = Array.from({ length: n }, (_, i) => Number(t[2 * i + 1]! - t[2 * i]!));
      const stamps = Array.from(t, (v) => Number(v - t[0]!));
      // The step: the greatest common divisor of every stamp's offset from the first (ns).
      const gcd = (x: number, y: number): number => (y === 0 ? x : gcd(y, x % y));
      const step = stamps.reduce((g, v) => gcd(g, Math.abs(v)), 0);
      return { timestampQuery: true, passes: n, stepNs: step, distinctPassTimesNs: [...new Set(deltas)].sort((x, y) => x - y).slice(0, 12), zeroPasses: deltas.filter((x) => x === 0).length };
    });
  });
  if (!gpuOnly('a 4096³ run (hours on a software adapter)')) return;
  await test.step('4096³, both kernels: the page keeps answering (a 100 ms probe’s longest gap, long tasks)', async () => {
    await open('?m=4096&k=4096&n=4096');
    await page.evaluate(() => {
      const w = window as unknown as { __gaps: number[] };
      w.__gaps = [];
      let last = performance.now();
      window.setInterval(() => {
        const t = performance.now();
        w.__gaps.push(t - last);
        last = t;
      }, 100);
    });
    const t0 = await now();
    const w0 = Date.now();
    await page.getByTestId('run-both').click();
    for (const id of ['naive', 'tiled'] as const) await expect(page.getByTestId(`result-${id}`)).toHaveAttribute('data-status', /^(verified|mismatch|error)$/, { timeout: 600_000 });
    const naive = await cardFigures('naive');
    const tiled = await cardFigures('tiled');
    const map = page.getByTestId('tile-map');
    await expect(map).toHaveAttribute('data-trace-status', /^(done|error)$/, { timeout: 300_000 });
    // The stepper after a trace at this size: three steps (each once rebuilt A and B on the page, issue #39).
    const s0 = await now();
    for (let i = 0; i < 3; i++) await page.getByTestId('phase-next').click();
    await expect(page.getByTestId('phase-label')).toContainText(/step 4 of/);
    const stepperLongTasksMs = await longTasksSince(s0);
    const gaps = await page.evaluate(() => (window as unknown as { __gaps: number[] }).__gaps);
    const frames = await page.evaluate((t0) => (window as unknown as { __loaf: { start: number }[] }).__loaf.filter((f) => f.start >= t0), t0);
    const sorted = [...gaps].sort((a, b) => b - a);
    seen.run4096 = {
      naive,
      tiled,
      wallMs: Date.now() - w0,
      probeTicks: gaps.length,
      longestGapsMs: sorted.slice(0, 5).map(Math.round),
      longTasksMs: await longTasksSince(t0),
      stepperLongTasksMs,
      longFrames: frames,
      tileMap: { source: await map.getAttribute('data-source'), traceStatus: await map.getAttribute('data-trace-status'), tilesX: await map.getAttribute('data-tiles-x'), cellsInDom: await page.locator('[data-testid^="tile-cell-"]').count() },
    };
    expect(naive.status).toBe('verified');
    expect(tiled.status).toBe('verified');
    compare('naive at 4096³', naive.gflops / 1000, 'TFLOP/s', fromRef(refFor(refs, refKey('naive', 4096, 4096, 4096), gpuName)));
    compare(`tiled ${tiled.tile} at 4096³`, tiled.gflops / 1000, 'TFLOP/s', fromRef(refFor(refs, refKey('tiled', 4096, 4096, 4096), gpuName)));
    // The app's promise (issue #15): never frozen — the main thread answers within 250 ms; here recorded, and held to 1 s.
    expect(sorted[0] ?? 0, 'the page answered during the run').toBeLessThan(1000);
  });
});
