import { budgetMs } from './budget';
import { ladderOfRecord } from './record';
import { test, expect, type ShapeSpec } from './fixtures';

/**
 * GPU correctness in a real browser: every kernel × every tile width × awkward shapes, each
 * result compared by the app with the CPU reference (the full matrix at these sizes).
 */
const kShapes: ShapeSpec[] = [
  { m: 1, k: 1, n: 1 },
  { m: 3, k: 3, n: 3 }, // PMPP Fig. 4.18: width 3, not a multiple of any tile
  { m: 7, k: 5, n: 3 }, // primes
  { m: 17, k: 31, n: 13 }, // primes around the tile widths
  { m: 5, k: 1, n: 7 }, // K = 1: one phase, mostly padding
  { m: 67, k: 3, n: 2 }, // tall
  { m: 2, k: 3, n: 67 }, // wide
  { m: 33, k: 65, n: 31 }, // one past / one short of 32 and 64
  { m: 48, k: 32, n: 48 }, // cuda-samples: 3×2 blocks · 2×3 blocks of 16
];

for (const tile of [2, 4, 8, 16, 32]) {
  test(`naive and tiled (tile ${tile}) match the CPU reference on awkward shapes`, async ({ app }) => {
    // Three timed samples: this test is about correctness, and auto (about 1 s of kernel time per run) would be most of its time on SwiftShader.
    test.setTimeout(budgetMs(kShapes, 2));
    await app.open(`?tile=${tile}&samples=3`);
    for (const shape of kShapes) {
      await test.step(`${shape.m}×${shape.k}×${shape.n}`, async () => {
        await app.setShape(shape);
        await app.run('run-both');
        for (const id of ['naive', 'tiled'] as const) {
          const card = app.result(id);
          await expect(card).toHaveAttribute('data-shape', `${shape.m}x${shape.k}x${shape.n}`);
          await expect(card, `${id} verified`).toHaveAttribute('data-status', 'verified');
          expect(Number(await card.getAttribute('data-median-ms'))).toBeGreaterThan(0);
          expect(Number(await card.getAttribute('data-gflops'))).toBeGreaterThan(0);
          expect(Number(await card.getAttribute('data-max-rel-error'))).toBeLessThan(1e-4);
        }
        await expect(app.result('tiled')).toHaveAttribute('data-tile', String(tile));
      });
    }
    // The card says which mapping ran (32 → several rows per invocation on a 256-invocation adapter).
    await expect(app.result('tiled')).toContainText(`Mapping: ${tile}×${tile} tile`);
  });
}

test('exact patterns match bit for bit', async ({ app }) => {
  for (const pattern of ['integers', 'ones', 'identity']) {
    await test.step(pattern, async () => {
      await app.open(`?m=37&k=29&n=41&tile=8&pattern=${pattern}`);
      await app.run('run-both');
      for (const id of ['naive', 'tiled'] as const) {
        await expect(app.result(id)).toHaveAttribute('data-status', 'verified');
        await expect(app.result(id)).toHaveAttribute('data-max-rel-error', '0');
        await expect(app.result(id)).toContainText('exact data');
      }
    });
  }
});

test('a larger problem is verified by sampling corner and edge tiles', async ({ app }) => {
  // 200×300×600 = 36M multiply-adds: above the full-check threshold, so the check samples.
  await app.open('?m=200&k=600&n=300&tile=16');
  await app.run('run-tiled');
  await expect(app.result('tiled')).toHaveAttribute('data-status', 'verified');
  await expect(app.result('tiled')).toContainText(/in corner and edge tiles/);
});

/** A time as the cards write it ("12.3 ms", "456 µs"), in ms. */
function parseMs(text: string): number {
  const m = /^([\d.]+) (ms|µs)$/.exec(text.trim());
  if (!m) throw new Error(`not a time: ${JSON.stringify(text)}`);
  return Number(m[1]) * (m[2] === 'µs' ? 1e-3 : 1);
}

test('every figure names its clock and run count, and the statistics are the run’s own', async ({ app }) => {
  await app.open('?m=32&k=32&n=32&tile=8');
  await app.run('run-both');
  for (const id of ['naive', 'tiled'] as const) {
    const card = app.result(id);
    await expect(card).toHaveAttribute('data-status', 'verified');
    await expect(card).toContainText(/Clock: (GPU timestamps|wall clock)/);
    // Auto sampling takes 3 to 30 timed samples after the warm-up runs.
    const counts = /(\d+) timed samples after (\d+) warm-up runs?/.exec(await card.innerText());
    expect(counts, 'sample and warm-up counts').not.toBeNull();
    expect(Number(counts![1])).toBeGreaterThanOrEqual(3);
    expect(Number(counts![1])).toBeLessThanOrEqual(30);
    expect(Number(counts![2])).toBeGreaterThanOrEqual(1);
    // Each statistic is a time, in order, and the median shown is the card's measured median.
    const stat = async (label: string) => parseMs(await card.locator('dl.stats > div').filter({ has: app.page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd').innerText());
    const [min, median, max] = [await stat('min'), await stat('median'), await stat('max')];
    expect(min).toBeGreaterThan(0);
    expect(min).toBeLessThanOrEqual(median);
    expect(median).toBeLessThanOrEqual(max);
    const measured = Number(await card.getAttribute('data-median-ms'));
    expect(Math.abs(median - measured) / measured, `median shown ${median} ms vs measured ${measured} ms`).toBeLessThan(0.006); // 3 significant digits
  }
  // A ratio only when both runs could be timed; a card that says "too small to time" gets no ratio.
  const untimed = await app.page.locator('[data-testid^="too-small-"]').count();
  await expect(app.page.getByTestId('comparison')).toContainText(
    untimed > 0 ? /Tiled \(tile 8\) and naive: too (small to time meaningfully|noisy to trust as speeds), so no speed ratio/ : /Tiled \(tile 8\) was [\d.]+× (faster|slower) than naive/,
  );
});

const kLadderShapes: ShapeSpec[] = [
  { m: 1, k: 1, n: 1 },
  { m: 7, k: 5, n: 3 },
  { m: 5, k: 1, n: 7 },
  { m: 67, k: 3, n: 2 },
  { m: 2, k: 3, n: 67 },
  { m: 65, k: 17, n: 130 }, // one past a 64 block, partial 16-deep phase, two past a 128 block
  { m: 129, k: 40, n: 127 },
  { m: 131, k: 36, n: 132 }, // K and N multiples of 4: the vec4 rungs run unpadded
  { m: 4, k: 4, n: 4 },
  { m: 300, k: 12, n: 260 }, // 3×3 blocks of 128: launch groups of block rows, partial at the end
];
// Every rung of the kernel record (src/core/kernels/, read in Node by e2e/record.ts), in its order:
// a new rung is tested here without editing this file. K = 17, 36 and 40 split K into 2 and 3 layers.
test('every rung of the ladder matches the CPU reference on awkward shapes', async ({ app }) => {
  const rungs = await ladderOfRecord();
  const ids = rungs.map((r) => r.id);
  expect(ids.length, 'the record has rungs').toBeGreaterThan(0);
  test.setTimeout(budgetMs(kLadderShapes, ids.length));
  await app.open('?tile=16&samples=3&view=ladder');
  // A rung that needs a feature (subgroups) runs where the adapter has it (SwiftShader has subgroups of 4); elsewhere it is n/a.
  const features = await app.page.evaluate(async () => [...((await navigator.gpu.requestAdapter())?.features ?? [])]);
  const runsHere = (r: (typeof rungs)[number]) => r.requiredFeatures.every((f) => features.includes(f));
  const expected = Object.fromEntries(rungs.map((r) => [r.id, runsHere(r) ? 'verified' : 'n/a']));
  for (const shape of kLadderShapes) {
    await test.step(`${shape.m}×${shape.k}×${shape.n}`, async () => {
      await app.setShape(shape);
      for (const r of rungs) await expect(app.ladder.rung(r.id), r.id).toHaveAttribute('data-status', runsHere(r) ? 'idle' : 'n/a');
      const ran = await app.ladder.runAll(ids);
      expect(ran).toEqual(rungs.filter(runsHere).map((r) => r.id));
      expect(await app.ladder.statuses(ids)).toEqual(expected);
      await expect(app.ladder.rung('reg8x8')).toHaveAttribute('data-gflops', /\d/);
    });
  }
});

test('the tuner verifies every configuration, auto runs the best, and the record survives a reload', async ({ app }) => {
  const shape = { m: 40, k: 24, n: 36 }; // a tiny problem: auto tries naive, tiled and the smallest block only
  const big = { m: 160, k: 132, n: 144 }; // not tiny: the register-tiled rungs with the most workgroups
  // At the tiny shape 3 configurations, at the other 9, each run at most twice with the tuner's 300 ms sampling budget
  // (the second round: those within half of the best), then the final (at most 3 leaders twice, 1 s each: gpu/tuner.ts),
  // then the auto run (1 s).
  const work = (s: { m: number; k: number; n: number }, configs: number) =>
    budgetMs([s], 2 * configs, { samplingMsPerRun: 300 }) + budgetMs([s], 6, { samplingMsPerRun: 1000 }) + budgetMs([s], 1, { samplingMsPerRun: 1000 });
  const limit = work(shape, 3);
  const bigLimit = work(big, 9);
  test.setTimeout(limit + bigLimit);
  await app.open(`?m=${shape.m}&k=${shape.k}&n=${shape.n}&view=ladder`);
  await expect(app.page.getByTestId('auto-choice')).toContainText('Not tuned on this adapter yet');
  // Stated before it starts: at most 3 + 3 runs in the rounds and 3 leaders twice in the final (core/tuning tuneRunsBound).
  await expect(app.page.getByTestId('tune-plan')).toHaveAttribute('data-runs', '12');
  await expect(app.page.getByTestId('tune-plan')).toContainText('at most 12 timed runs');
  await app.page.getByTestId('run-auto').click();
  const result = app.page.getByTestId('auto-result');
  await expect(result).toHaveAttribute('data-status', 'verified', { timeout: limit });
  const choice = app.page.getByTestId('auto-choice');
  const kernel = await choice.getAttribute('data-kernel');
  expect(['naive', 'tiled', 'blk32x64v']).toContain(kernel);
  await expect(result).toHaveAttribute('data-kernel', kernel!);
  await expect(app.page.getByTestId(`ladder-auto-${kernel}`)).toBeVisible();
  await expect(app.page.getByTestId('tune-status')).toContainText('3 of 3 configurations ran and were verified');
  // The record says how it decided, and the plan now states this GPU's pace.
  await expect(app.page.getByTestId('tune-decided')).toHaveAttribute('data-decided', /^(final|rounds)$/);
  await expect(app.page.getByTestId('tune-plan')).toContainText('At this GPU’s pace');
  const rows = app.page.getByTestId('tune-row');
  await expect(rows).toHaveCount(3);
  await expect(app.page.locator('[data-testid=tune-row][data-best=true]')).toHaveCount(1);
  // Kept per adapter in this browser: a reload knows the choice without tuning again.
  const params = await choice.getAttribute('data-params');
  await app.page.reload();
  await expect(app.page.getByTestId('auto-choice')).toHaveAttribute('data-kernel', kernel!);
  await expect(app.page.getByTestId('auto-choice')).toHaveAttribute('data-params', params ?? '');
  // A nearby shape uses the same record (the nearest tuned one) and says so.
  await app.setShape({ m: 40, k: 24, n: 37 });
  await expect(app.page.getByTestId('auto-choice')).toHaveAttribute('data-kernel', kernel!);
  await expect(app.page.getByTestId('auto-choice')).toContainText('the nearest tuned shape');
  // A shape that is not tiny is not chosen for from a tiny one: auto tunes the register-tiled rungs
  // that launch the most workgroups there (32×64, 64×64 blocks, the 4×4 rung and both split-K rungs with S = 2, 3, 4 at 160×144).
  await app.setShape(big);
  await expect(app.page.getByTestId('auto-choice')).toContainText('Not tuned near this shape on this adapter yet');
  await app.page.getByTestId('run-auto').click();
  await expect(app.page.getByTestId('tune-status')).toContainText('9 of 9 configurations ran and were verified', { timeout: bigLimit });
  await expect(result).toHaveAttribute('data-status', 'verified', { timeout: bigLimit });
  expect(['reg4x4', 'blk32x64v', 'blk64x64v', 'split128v', 'split8x16v']).toContain(await choice.getAttribute('data-kernel'));
  // A damaged record is dropped on load, not trusted.
  await app.page.evaluate(() => localStorage.setItem('tiles.tuning.v1', JSON.stringify({ state: { records: [{ adapter: 'x', shape: { m: -1 }, entries: 'junk' }] }, version: 1 })));
  await app.page.reload();
  await expect(app.page.getByTestId('auto-choice')).toContainText('Not tuned on this adapter yet');
});

test('the row-strip partition matches the CPU reference on shapes that are not multiples of its band', async ({ app }) => {
  await app.open('?tile=8&view=partitions');
  for (const shape of [
    { m: 1, k: 1, n: 1 },
    { m: 3, k: 7, n: 5 }, // M < band
    { m: 9, k: 65, n: 3 }, // M one past two bands, K one past a 64-deep chunk
    { m: 30, k: 20, n: 300 }, // N past one 256-column chunk
    { m: 257, k: 3, n: 17 },
  ]) {
    await test.step(`${shape.m}×${shape.k}×${shape.n}`, async () => {
      await app.setShape(shape);
      await app.page.getByTestId('run-strip').click();
      await expect(app.page.getByTestId('partition-strip')).toContainText('✓ verified');
      await expect(app.page.getByTestId('partition-tiled')).toContainText('✓ verified');
      await expect(app.page.getByTestId(`strip-band-0`)).toHaveAttribute('data-rows', `0-${Math.min(shape.m, 4) - 1}`);
    });
  }
});
