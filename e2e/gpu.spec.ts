import { test as base, expect, type Page } from '@playwright/test';
import { harnessBudgetMs } from './budget';
import { kernelsOfRecord } from './record';
import type { DotCase, DotOutcome, Harness, MatmulCase, MatmulOutcome, RecordEntry } from '../src/harness/main';

/**
 * GPU correctness below the UI (issue #33): the GPU harness (harness.html, src/harness/main.ts, built
 * with the app) runs the app's kernels through src/gpu on the real WebGPU adapter (SwiftShader in CI),
 * one dispatch per case (one per band of a split run, and split-K's summing pass) and no timing
 * samples, and checks each result against the f64 CPU reference (core/reference verify: every element
 * at these sizes). The checks that used to run through the whole UI with timed samples live here:
 *
 * - every tile width on awkward shapes (was kernels.spec.ts, "naive and tiled (tile N) … awkward shapes");
 * - every rung of the ladder on awkward shapes (was kernels.spec.ts, "every rung of the ladder …");
 * - 50 random shapes (was robust.spec.ts, "50 random shapes … through naive and tiled"), now through every kernel;
 * - the row-strip partition on shapes that are not multiples of its band (was kernels.spec.ts; strip is a kernel of the record);
 * - exact patterns bit for bit (was kernels.spec.ts, for naive and tiled; now every kernel);
 * - split runs in bands of rows (was device.spec.ts, "a long run is split into bands", every rung);
 * - the dot product's closed form and random data (was dot.spec.ts, N = 1, 4099 and 2^22);
 * and, new at this layer: every kernel on a device with only the default limits, and every
 * configuration the tuner may try. One test per kernel of the record: all of that kernel's cases.
 * The UI specs keep what only the UI shows (the cards, the statuses, the words).
 */
const test = base.extend<{ harness: HarnessPage }>({
  harness: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console.error: ${m.text()}`);
    });
    await page.goto('./harness.html');
    await expect(page.locator('#harness-status')).toHaveAttribute('data-state', 'ready');
    const h = new HarnessPage(page);
    await use(h);
    const uncaptured = await h.uncaptured().catch(() => []);
    expect([...problems, ...uncaptured.map((e) => `uncaptured GPU error: ${e}`)], 'no uncaptured GPU, page or console errors').toEqual([]);
  },
});

class HarnessPage {
  constructor(readonly page: Page) {}
  record(): Promise<RecordEntry[]> {
    return this.page.evaluate(() => (globalThis as unknown as { tilesHarness: Harness }).tilesHarness.record());
  }
  features(): Promise<readonly string[]> {
    return this.page.evaluate(async () => (await (globalThis as unknown as { tilesHarness: Harness }).tilesHarness.info()).features);
  }
  matmul(cases: readonly MatmulCase[]): Promise<MatmulOutcome[]> {
    return this.page.evaluate((c) => (globalThis as unknown as { tilesHarness: Harness }).tilesHarness.matmul(c), cases);
  }
  dot(cases: readonly DotCase[]): Promise<DotOutcome[]> {
    return this.page.evaluate((c) => (globalThis as unknown as { tilesHarness: Harness }).tilesHarness.dot(c), cases);
  }
  uncaptured(): Promise<string[]> {
    return this.page.evaluate(() => (globalThis as unknown as { tilesHarness: Harness }).tilesHarness.uncaptured());
  }
}

interface Shape {
  readonly m: number;
  readonly k: number;
  readonly n: number;
  readonly why?: string;
}
const kTiles = [2, 4, 8, 16, 32] as const;

/** Awkward shapes: none a multiple of every block, each crossing some block's edge (from kernels.spec.ts, both lists, and the partitions' shapes). */
const kAwkward: Shape[] = [
  { m: 1, k: 1, n: 1, why: 'one element' },
  { m: 3, k: 3, n: 3, why: 'PMPP Fig. 4.18: width 3, not a multiple of any tile' },
  { m: 7, k: 5, n: 3, why: 'primes' },
  { m: 17, k: 31, n: 13, why: 'primes around the tile widths' },
  { m: 5, k: 1, n: 7, why: 'K = 1: one phase, mostly padding' },
  { m: 67, k: 3, n: 2, why: 'tall' },
  { m: 2, k: 3, n: 67, why: 'wide' },
  { m: 33, k: 65, n: 31, why: 'one past / one short of 32 and 64' },
  { m: 48, k: 32, n: 48, why: 'cuda-samples: 3×2 blocks · 2×3 blocks of 16' },
  { m: 65, k: 17, n: 130, why: 'one past a 64 block, a partial 16-deep phase, two past a 128 block' },
  { m: 129, k: 40, n: 127, why: 'split-K in 3 layers' },
  { m: 131, k: 36, n: 132, why: 'K and N multiples of 4: the vec4 rungs run unpadded' },
  { m: 4, k: 4, n: 4, why: 'one vec4' },
  { m: 300, k: 12, n: 260, why: '3×3 blocks of 128: launch groups of block rows, partial at the end' },
  { m: 3, k: 7, n: 5, why: 'M under the strip band' },
  { m: 9, k: 65, n: 3, why: 'M one past two strip bands, K one past a 64-deep chunk' },
  { m: 30, k: 20, n: 300, why: 'N past one 256-column chunk' },
  { m: 257, k: 3, n: 17, why: 'M one past 256' },
];

/** A small seeded PRNG, so the random shapes are the same on every run (and can be reproduced). */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}
/** 50 shapes of 1…160 per dimension with a random tile width: the same seed and draws as robust.spec.ts had. */
const kRandom = (() => {
  const r = lcg(20261121);
  return Array.from({ length: 50 }, () => {
    const shape = { m: 1 + Math.floor(r() * 160), k: 1 + Math.floor(r() * 160), n: 1 + Math.floor(r() * 160) };
    return { shape, tile: kTiles[Math.floor(r() * kTiles.length)]! };
  });
})();

/** Every outcome as `kernel shape tile: status (why)`, for a readable diff when one is wrong. */
const lines = (outs: readonly MatmulOutcome[]) =>
  outs.map((o) => `${o.kernel} ${o.shape} tile ${o.tile}: ${o.status}${o.why ? ` (${o.why})` : ''}${o.mismatches ? `, ${o.mismatches} wrong, first ${JSON.stringify(o.firstMismatches?.[0])}` : ''}`);
const shapeOf = (s: Shape) => ({ m: s.m, k: s.k, n: s.n });

// One test per kernel of the record (read in Node through Vite, e2e/record.ts): a new kernel is tested here without
// editing this file, and each test compiles its kernel's pipelines once for all of its cases.
const kRecord = await kernelsOfRecord();

for (const { id, usesTile } of kRecord) {
  test(`${id} matches the CPU reference: awkward${usesTile ? ' shapes at every tile width' : ' shapes'}, 50 random shapes, exact patterns, bands of rows, default limits, every tuner configuration`, async ({ harness }) => {
    const entry = (await harness.record()).find((r) => r.id === id)!;
    const features = await harness.features();
    const missing = entry.requiredFeatures.filter((f) => !features.includes(f));
    // A kernel that needs a feature this adapter lacks (subgroups) is n/a here, and says so; nothing else may be n/a.
    test.skip(missing.length > 0, `${id} needs ${missing.join(', ')}, which this adapter lacks`);

    const tiles = usesTile ? kTiles : ([16] as const);
    let combos: Record<string, number>[] = [{}];
    for (const t of entry.tunables) combos = combos.flatMap((c) => t.values.map((v) => ({ ...c, [t.name]: v })));
    const groups: Record<string, MatmulCase[]> = {
      // Every awkward shape, at every tile width the kernel uses (kernels.spec.ts "naive and tiled (tile N)…", "every rung…").
      awkward: tiles.flatMap((tile) => kAwkward.map((s) => ({ kernel: id, shape: shapeOf(s), tile }))),
      // The 50 seeded random shapes, each at its drawn tile width (robust.spec.ts "50 random shapes…").
      random: kRandom.map(({ shape, tile }) => ({ kernel: id, shape, tile })),
      // Integer data: every sum exact in f32, so the result must equal the reference bit for bit (kernels.spec.ts "exact patterns…").
      exact: (['integers', 'ones', 'identity'] as const).map((pattern) => ({ kernel: id, shape: { m: 37, k: 29, n: 41 }, tile: 8, pattern })),
      // A per-submission budget far under any band's time: 300 rows in bands of 128, 3 submissions (device.spec.ts "a long run is split…").
      bands: [{ kernel: id, shape: { m: 300, k: 40, n: 70 }, tile: 8, maxSubmitMs: 1e-3 }],
      // A device with only WebGPU's default limits (?limits=default): 256 invocations, 16 KiB of workgroup memory.
      defaultLimits: tiles.flatMap((tile) => [kAwkward[3]!, kAwkward[7]!, { m: 70, k: 45, n: 33 }].map((s) => ({ kernel: id, shape: shapeOf(s), tile, defaultLimits: true }))),
      // Every configuration the tuner may try (kernels.spec.ts "the tuner verifies every configuration"), at two awkward
      // shapes deep enough for every split-K layer count (K ≥ 4 × 16), one of them unpadded for the vec4 rungs.
      tuner: combos.length > 1 ? combos.flatMap((params) => [{ m: 33, k: 65, n: 31 }, { m: 131, k: 68, n: 132 }].map((shape) => ({ kernel: id, shape, tile: 16, params }))) : [],
    };
    const all = Object.values(groups).flat();
    // Pipelines: one per tile width and configuration, on each of the two devices.
    test.setTimeout(harnessBudgetMs(all.map((c) => c.shape), 2 * (tiles.length + combos.length)));
    const outs = await harness.matmul(all);
    console.log(`${id}: ${outs.length} cases in ${(outs.reduce((a, o) => a + o.ms, 0) / 1000).toFixed(1)} s (slowest ${Math.max(...outs.map((o) => o.ms))} ms)`);
    // Every case verified; on the default-limits device a kernel may be n/a, with the limit it needs said (as the app says it).
    const notVerified = lines(outs).filter((l, j) => !l.endsWith(': verified') && !(all[j]!.defaultLimits && outs[j]!.status === 'n/a' && outs[j]!.why));
    expect(notVerified, 'every case verified').toEqual([]);
    // The kernels the default limits allow cover the first rungs: naive and tiled run everywhere.
    if (id === 'naive' || id === 'tiled') expect(outs.filter((o, j) => all[j]!.defaultLimits && o.status !== 'verified')).toEqual([]);

    let i = 0;
    const of = (group: string) => outs.slice(i, (i += groups[group]!.length));
    for (const o of of('awkward')) {
      // Checked in full at these sizes; no timing: one dispatch, and split-K's summing pass or a first pass (the tensor rung's).
      expect(o.full, `${o.shape}: every element checked`).toBe(true);
      expect(o.dispatches, `${o.shape}: dispatches`).toBe(1 + (o.summed ? 1 : 0) + (o.prepared ? 1 : 0));
      expect(o.maxRelError, o.shape).toBeLessThan(1e-4);
      // The tiled kernel stages a tile of the width asked for.
      if (id === 'tiled') expect(o.constants?.TILE, o.shape).toBe(o.tile);
    }
    for (const o of of('random')) expect(o.maxRelError, o.shape).toBeLessThan(1e-4);
    for (const o of of('exact')) {
      expect(o.exact, 'exact data').toBe(true);
      expect(o.maxRelError, 'bit for bit').toBe(0);
    }
    for (const o of of('bands')) {
      expect(o.parts, 'submissions').toBe(3);
      // The probe that times one band, then each band once (split-K: its summing pass per band too; a first pass before
      // the probe and before each band).
      const perProduct = 1 + (o.summed ? 1 : 0) + (o.prepared ? 1 : 0);
      expect(o.dispatches, 'dispatches').toBe((o.prepared ? 2 : 1) + 3 * perProduct);
    }
    for (const o of of('defaultLimits').filter((x) => x.status === 'verified')) {
      expect(o.workgroup!.x * o.workgroup!.y, `${o.shape} tile ${o.tile}: invocations within the default 256`).toBeLessThanOrEqual(256);
      // 32×32 = 1024 invocations exceed the default 256: 32×8 invocations, 4 rows of C each (device.spec.ts, the card's words).
      if (id === 'tiled' && o.tile === 32) {
        expect(o.workgroup).toEqual({ x: 32, y: 8 });
        expect(o.constants?.ROWS).toBe(4);
      }
    }
    // Each configuration really ran with its parameters (the override constants of its plan).
    for (const [j, o] of of('tuner').entries()) for (const [name, v] of Object.entries(groups.tuner![j]!.params ?? {})) expect(o.constants?.[name], name).toBe(v);
  });
}

test('a problem above the full-check size is verified by sampling corner and edge blocks', async ({ harness }) => {
  // 200×600×300 = 36M multiply-adds: above core/reference kFullCheckMacs, so the check samples.
  const shape = { m: 200, k: 600, n: 300 };
  test.setTimeout(harnessBudgetMs([shape, shape]));
  const outs = await harness.matmul([
    { kernel: 'tiled', shape, tile: 16 },
    { kernel: 'reg8x8', shape, tile: 16 },
  ]);
  expect(lines(outs)).toEqual(['tiled 200x600x300 tile 16: verified', 'reg8x8 200x600x300 tile 16: verified']);
  for (const o of outs) {
    expect(o.full).toBe(false);
    expect(o.checked).toBeGreaterThan(1000);
    expect(o.checked).toBeLessThan(o.total!);
  }
});

const closed = (n: number) => n * (n - 1);

test('dot product: the closed form N(N − 1), exact in f32 up to N = 4099, for every workgroup size and either final sum', async ({ harness }) => {
  const cases: DotCase[] = [];
  for (const n of [1, 2, 1000, 4099]) for (const workgroupSize of [32, 64, 128, 256]) for (const gpuFinal of [false, true]) cases.push({ n, pattern: 'closed-form', workgroupSize, maxWorkgroups: 32, gpuFinal });
  const outs = await harness.dot(cases);
  for (const o of outs) {
    const what = `N = ${o.n}, workgroup ${o.workgroupSize}, ${o.gpuFinal ? 'GPU' : 'host'} final sum`;
    expect(o.status, `${what}: ${o.why ?? ''}`).toBe('verified');
    // Every partial sum is an integer below 2^24: the f32 result is exact.
    expect(o.value, what).toBe(closed(o.n));
    expect(o.closedForm, what).toBe(closed(o.n));
    expect(o.dispatches, `${what}: the first pass and the final pass, once`).toBe(2);
  }
});

test('dot product: N = 2^22 (the grid-stride loop does most of the work) and random data with the GPU final pass match the CPU reference', async ({ harness }) => {
  test.setTimeout(120_000);
  const [big, random, capped] = await harness.dot([
    { n: 1 << 22, pattern: 'closed-form', workgroupSize: 256, maxWorkgroups: 32, gpuFinal: false },
    { n: 123457, pattern: 'random', workgroupSize: 256, maxWorkgroups: 100, gpuFinal: true },
    { n: 123457, pattern: 'random', workgroupSize: 64, maxWorkgroups: 7, gpuFinal: false },
  ]);
  expect(big!.status, big!.why).toBe('verified');
  expect(Math.abs(big!.value! - closed(1 << 22)) / closed(1 << 22)).toBeLessThan(1e-5);
  expect(random!.status, random!.why).toBe('verified');
  expect(random!.workgroups).toBe(100);
  expect(Math.abs(random!.value! - random!.reference!)).toBeLessThanOrEqual(random!.tolerance!);
  expect(capped!.status, capped!.why).toBe('verified');
  expect(capped!.partials).toBe(7);
});
