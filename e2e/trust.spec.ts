import { createHash } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { test, expect } from './fixtures';

/**
 * The trust rule (src/core/trust.ts) applied by every view that shows a time as a speed: a figure
 * under 10 steps of its clock per dispatch is untimeable; one whose median's 95% interval reaches
 * beyond ±3% (or which had too few samples for one) noisy, or, for a point without an interval (an
 * older link), one whose samples spread over 50%.
 * The spec imports nothing from src/ (Vite-only module graph); it restates the rule for points:
 * a point carries no clock step, so 100 µs is assumed.
 */
const kAssumedStepMs = 0.1;
const kMinClockSteps = 10;
const kMaxSpread = 50;

/** A point with its median's 95% interval is noisy when the interval reaches beyond ±3% (or it had none: null). */
const kMaxCiPct = 3;

function expectedReasons(f: { medianMs: number; minMs: number; maxMs: number; dps: number; ci95Ms?: [number, number] | null }): string[] {
  const out: string[] = [];
  if (!(f.medianMs > 0) || f.medianMs < (kMinClockSteps * kAssumedStepMs) / f.dps) out.push('untimeable');
  const spread = f.medianMs > 0 ? ((f.maxMs - f.minMs) / f.medianMs) * 100 : 0;
  const ciPct = f.ci95Ms ? (Math.max(f.medianMs - f.ci95Ms[0], f.ci95Ms[1] - f.medianMs) / f.medianMs) * 100 : Infinity;
  if (f.ci95Ms === undefined ? spread > kMaxSpread : !(ciPct <= kMaxCiPct)) out.push('noisy');
  return out;
}

test('a tiny benchmark point is marked untimeable in the table and the chart, and the link shows the same marks', async ({ app, page }) => {
  // 1³: on SwiftShader a compute pass costs far more than the dispatch, so the warm-up overestimates
  // a dispatch and the batched samples last well under 10 steps of 100 µs.
  await app.open('?sizes=1&tile=2&samples=3');
  await app.bench.run('done');
  const rows = app.bench.rows();
  await expect(rows).toHaveCount(2);
  const link = await app.bench.shareLink.inputValue();

  await test.step('each row’s marks are the rule over its own figures', async () => {
    const points = pointsOf(link);
    let untimeable = 0;
    for (const [i, p] of points.entries()) {
      const row = rows.nth(i);
      expect(p.ci95Ms, 'every point of this app carries its interval, or null for none').not.toBeUndefined();
      const want = expectedReasons({ medianMs: p.medianMs, minMs: p.minMs, maxMs: p.maxMs, dps: p.dispatchesPerSample, ci95Ms: p.ci95Ms });
      await expect(row).toHaveAttribute('data-trust', want.length === 0 ? 'trusted' : want.join(' '));
      await expect(row.getByTestId('point-untimeable')).toHaveCount(want.includes('untimeable') ? 1 : 0);
      await expect(row.getByTestId('point-noisy')).toHaveCount(want.includes('noisy') ? 1 : 0);
      if (want.includes('untimeable')) {
        untimeable++;
        await expect(row.getByTestId('point-untimeable')).toHaveText(/⚠ too small to time/);
      }
    }
    expect(untimeable, 'a 1³ point on SwiftShader is too small to time').toBeGreaterThan(0);
  });

  await test.step('the chart says which points it leaves out, in words', async () => {
    await expect(app.bench.chart.getByTestId('point-untimeable').first()).toContainText(/at 1³: ⚠ too small to time — not drawn/);
  });

  await test.step('the shared link recomputes the same marks from the figures it carries', async () => {
    const before = await app.bench.table.locator('tbody tr').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-trust')));
    const fresh = await page.context().newPage();
    await fresh.goto(link);
    const shared = fresh.getByTestId('bench-table');
    await expect(shared).toBeVisible();
    // The same marks, and each point marked as a software adapter's too (SwiftShader: issue #35).
    expect(await shared.locator('tbody tr').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-trust')))).toEqual(before.map((b) => (b === 'trusted' ? 'software' : `${b} software`)));
    await expect(shared.getByTestId('point-untimeable').first()).toBeVisible();
    await expect(fresh.getByTestId('shared-software')).toBeVisible();

    // The same link with its first point made an older link's (no interval) and noisy (spread 150%, 2 ms a dispatch: timeable), checksum recomputed.
    const value = JSON.parse(inflateLink(link)) as { points: Array<Record<string, unknown>> };
    const { ci95Ms: _none, ...older } = value.points[0]!;
    value.points[0] = { ...older, dispatchesPerSample: 1, medianMs: 2, minMs: 1, maxMs: 4, gflops: 2 / (2 * 1e6) };
    await fresh.goto(link.slice(0, link.indexOf('#r=') + 3) + forge(value));
    const row = fresh.getByTestId('bench-table').locator('tbody tr').first();
    await expect(row).toHaveAttribute('data-trust', 'noisy software');
    await expect(row.getByTestId('point-noisy')).toHaveText(/⚠ noisy \(spread 150%\)/);
    await expect(fresh.getByTestId('bench-chart').getByTestId('point-noisy').first()).toContainText('not a speed to compare');
    await fresh.close();
  });
});

/** The JSON a link carries (inflated; no checks). */
const inflateLink = (link: string): string => inflateRawSync(Buffer.from(link.slice(link.indexOf('#r=') + 3 + 'r2.'.length), 'base64url').subarray(12)).toString('utf8');

/** A fragment value with a valid checksum over any JSON (the documented format). */
function forge(value: unknown): string {
  const json = Buffer.from(JSON.stringify(value), 'utf8');
  return 'r2.' + Buffer.concat([createHash('sha256').update(json).digest().subarray(0, 12), deflateRawSync(json)]).toString('base64url');
}

/** The points a share link carries (the documented format: r2.<base64url(12-byte checksum ‖ deflate-raw(JSON))>). */
type LinkedPoint = { medianMs: number; minMs: number; maxMs: number; dispatchesPerSample: number; ci95Ms?: [number, number] | null };
function pointsOf(link: string): LinkedPoint[] {
  return (JSON.parse(inflateLink(link)) as { points: LinkedPoint[] }).points;
}

test('the ladder draws no bar for an untimeable figure', async ({ app, page }) => {
  // A browser without timestamp-query whose performance.now() is coarsened to 5 ms (as privacy
  // settings do): every rung is timed by the wall clock, and a 1×1×1 rung's 256-dispatch samples
  // last under 10 steps of it.
  await page.addInitScript(() => {
    const proto = (globalThis as unknown as { GPUAdapter?: { prototype: GPUAdapter } }).GPUAdapter?.prototype;
    const desc = proto && Object.getOwnPropertyDescriptor(proto, 'features');
    if (proto && desc?.get) {
      const get = desc.get;
      Object.defineProperty(proto, 'features', {
        configurable: true,
        get(this: GPUAdapter) {
          return new Set([...(get.call(this) as GPUSupportedFeatures)].filter((f) => f !== 'timestamp-query'));
        },
      });
    }
    const now = performance.now.bind(performance);
    performance.now = () => Math.floor(now() / 5) * 5;
  });
  // 13 rungs of 256-dispatch samples timed by a 5 ms clock: 103 s in one CI run, so the default 120 s was too close.
  test.setTimeout(30_000 + 13 * 20_000);
  await app.open('?m=1&k=1&n=1&tile=2&samples=3&view=ladder');
  const ids = ['naive', 'tiled'] as const;
  await app.ladder.runAll(['naive', 'tiled', 'reg4x4', 'reg8x8', 'reg8x8v', 'reg8x8db', 'reg16x8', 'reg16x8v', 'blk32x64v', 'blk64x64v', 'blk128x64v', 'blk128x256', 'subgroup']);
  for (const id of ids) {
    const rung = app.ladder.rung(id);
    await expect(rung, id).toHaveAttribute('data-status', 'verified');
    await expect(rung, id).toHaveAttribute('data-trust', /untimeable/);
  }
  // Every untimeable rung: no bar, the mark in words; a bar only where the figure is a speed or marked noisy.
  const rungs = page.locator('[data-testid^="ladder-"][data-trust]');
  for (const rung of await rungs.all()) {
    const trust = (await rung.getAttribute('data-trust')) ?? '';
    const id = await rung.getAttribute('data-testid');
    if (trust.includes('untimeable')) {
      await expect(rung.locator('.bar'), `${id}: no bar`).toHaveCount(0);
      await expect(rung.getByTestId('point-untimeable'), `${id}: the mark`).toHaveText('⚠ too small to time');
    } else {
      await expect(rung.locator('.bar'), `${id}: a bar`).toHaveCount(1);
    }
  }
});

test('the partitions claim a speed ratio only when both measured times are trusted', async ({ app, page }) => {
  await app.open('?m=24&k=24&n=24&tile=8&samples=3&view=partitions');
  await page.getByTestId('run-strip').click();
  const rows = [page.getByTestId('partition-strip'), page.getByTestId('partition-tiled')];
  for (const row of rows) await expect(row).toContainText('✓ verified');
  const speed = page.getByTestId('partitions-speed');
  const marked = (await rows[0]!.locator('[data-testid^="point-"]').count()) + (await rows[1]!.locator('[data-testid^="point-"]').count());
  if (marked > 0) {
    await expect(speed).toContainText('The measured times are not compared');
    await expect(speed).not.toContainText('faster');
  } else {
    await expect(speed).toContainText(/Measured here, the (row strips|checkerboard) ran [\d.]+× faster than the (checkerboard|row strips)\./);
  }
});
