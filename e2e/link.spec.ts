import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { forgeLink, gflopsAt, readLink, samplePayload, type LinkPayload } from './links';
import { kernelsOfRecord } from './record';

/**
 * The engineer's link (#25): the benchmark's first screen, a shared link that says what it is
 * (as reported by the sender, labelled by them, implausible figures marked), compared side by side
 * with a run here, readable at every size. Links are made here from a JSON payload (e2e/links.ts).
 */

const kFirstScreen = { width: 1366, height: 768 };

/** Whether an element lies wholly within the first screen (no scrolling). */
const onFirstScreen = (page: Page, testId: string) =>
  page.getByTestId(testId).first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
  });

/** Every rung × 3 sizes, every point trusted. */
async function everyRungPayload(extra: Partial<LinkPayload> = {}): Promise<LinkPayload> {
  const kernels = await kernelsOfRecord();
  return samplePayload(kernels, [256, 1024, 4096], extra);
}

test('at 1366×768 the benchmark starts on its first screen; presets choose the kernels', async ({ app, page }) => {
  await page.setViewportSize(kFirstScreen);
  await app.open('?view=bench');
  await expect(page.getByTestId('bench-start')).toBeVisible();
  expect(await onFirstScreen(page, 'bench-start')).toBe(true);
  const kernels = await kernelsOfRecord();
  await page.getByTestId('bench-preset-ladder').click();
  await expect(page.getByTestId('bench-preset-ladder')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('bench-kernels').locator('summary')).toContainText(`${kernels.filter((k) => k.ladder).length} kernels`);
  await page.getByTestId('bench-preset-pair').click();
  await expect(page.getByTestId('bench-preset-pair')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('bench-kernels').locator('summary')).toContainText('2 kernels');
  await page.getByTestId('bench-preset-auto').click();
  await expect(page.getByTestId('bench-kernels').locator('summary')).toContainText(`${kernels.filter((k) => k.tuned).length} kernel`);
  expect(await onFirstScreen(page, 'bench-start')).toBe(true);
});

test('a shared link of every rung × 3 sizes: its whole table fits at 1366, the trust note and the sender’s label in view', async ({ app, page }) => {
  await page.setViewportSize(kFirstScreen);
  const link = forgeLink(await everyRungPayload({ label: 'RTX 4090, driver 560, Windows' }));
  await app.open(`?view=bench#r=${link}`);
  await expect(page.getByTestId('shared-banner')).toBeVisible();
  await expect(page.getByTestId('shared-trust-note')).toContainText('as reported by the sender');
  expect(await onFirstScreen(page, 'shared-trust-note')).toBe(true);
  await expect(page.getByTestId('shared-label')).toContainText('Stated by the sender');
  await expect(page.getByTestId('shared-label')).toContainText('RTX 4090, driver 560, Windows');
  const table = page.getByTestId('bench-table');
  const kernels = await kernelsOfRecord();
  await expect(table.locator('tbody tr')).toHaveCount(kernels.length * 3);
  const fit = await table.evaluate((el) => {
    const box = el.closest('.table-wrap') as HTMLElement;
    return { scroll: box.scrollWidth, client: box.clientWidth, table: el.getBoundingClientRect().width };
  });
  expect(fit.scroll, `table ${fit.table}px in a box of ${fit.client}px`).toBeLessThanOrEqual(fit.client);
  // The chart draws every kernel, and the legend switches a line off and on.
  await expect(page.getByTestId('bench-chart')).toHaveAttribute('data-series', String(kernels.length));
  // The legend draws each line's own dash: no two samples alike (and every line has one).
  const items = page.getByTestId('chart-legend-item');
  await expect(items).toHaveCount(kernels.length);
  const samples = await items.evaluateAll((bs) => bs.map((b) => { const l = b.querySelector('line')!; return `${l.getAttribute('stroke')} ${l.getAttribute('stroke-dasharray') ?? 'solid'}`; }));
  expect(new Set(samples).size).toBe(kernels.length);
  // It switches a line off and on, by keyboard too.
  const second = items.nth(1);
  await second.focus();
  await page.keyboard.press('Enter');
  await expect(second).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Space');
  await expect(second).toHaveAttribute('aria-pressed', 'true');
});

test('a point edited to 1 EFLOP/s with its checksum recomputed is shown marked implausible', async ({ app, page }) => {
  const payload = samplePayload([{ id: 'naive', usesTile: false }, { id: 'tiled', usesTile: true }], [8, 16]);
  const size = payload.points[1]!.size;
  const ms = ((2 * size ** 3) / 1e15) * (1 + 1e-9); // 1 EFLOP/s: the schema's sanity cap
  payload.points[1] = { ...payload.points[1]!, medianMs: ms, minMs: ms, maxMs: ms, gflops: gflopsAt(size, ms) };
  await app.open(`?view=bench#r=${forgeLink(payload)}`);
  await expect(page.getByTestId('shared-banner')).toBeVisible();
  const row = page.getByTestId('bench-table').locator('tbody tr').nth(1);
  await expect(row.getByTestId('point-implausible')).toBeVisible();
  await expect(row).toContainText('implausible');
  await expect(page.getByTestId('bench-table').locator('tbody tr').nth(0).getByTestId('point-implausible')).toHaveCount(0);
  // The chart's list of points that are not speeds says it too.
  await expect(page.getByTestId('chart-marks').getByTestId('point-implausible')).toHaveCount(1);
});

test('after a sweep the link sits beside the results, says what it contains, and carries the sender’s choice', async ({ app, page }) => {
  await app.open('?sizes=8&tile=4');
  await app.bench.setKernel('tiled', false);
  await app.bench.run('done');
  await expect(page.getByTestId('share-contents')).toContainText('vendor and architecture');
  await expect(page.getByTestId('share-contents')).toContainText('Left out: the GPU’s description, its limits, its features');
  let payload = readLink(await app.bench.shareLink.inputValue());
  expect(payload.withheld).toEqual(['description', 'limits', 'features']);
  expect(payload.device.limits).toEqual({});
  await page.getByTestId('share-label').fill('SwiftShader, CI');
  // Each "Also reveal" box sits beside its own words: nearer its label's text than any other label.
  const gaps = await page.locator('.share-include label').evaluateAll((labels) =>
    labels.map((l, i) => {
      const box = l.querySelector('input')!.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(l);
      range.setStartAfter(l.querySelector('input')!);
      const own = range.getBoundingClientRect();
      const prev = i > 0 ? labels[i - 1]!.getBoundingClientRect() : undefined;
      // From the box's centre (a checkbox is drawn at the centre of however wide its element is).
      const centre = (box.left + box.right) / 2;
      return { own: own.left - centre, other: prev && Math.abs(prev.top - box.top) < 4 ? centre - prev.right : Infinity };
    }),
  );
  for (const g of gaps) expect(g.own, JSON.stringify(gaps)).toBeLessThan(Math.min(30, g.other));
  await page.getByTestId('share-include-limits').check();
  await expect(page.getByTestId('share-contents')).toContainText('your label');
  await expect.poll(async () => readLink(await app.bench.shareLink.inputValue()).label).toBe('SwiftShader, CI');
  payload = readLink(await app.bench.shareLink.inputValue());
  expect(payload.withheld).toEqual(['description', 'features']);
  expect(Object.keys(payload.device.limits).length).toBeGreaterThan(0);
  // The link comes before the chart and the table.
  const linkTop = await app.bench.shareLink.evaluate((el) => el.getBoundingClientRect().top);
  const tableTop = await app.bench.table.evaluate((el) => el.getBoundingClientRect().top);
  expect(linkTop).toBeLessThan(tableTop);
  await expect(page.getByTestId('copy-markdown')).toBeVisible();
  await expect(page.getByTestId('export-csv')).toBeVisible();
  await expect(page.getByTestId('export-json')).toBeVisible();
  // Automatic sampling: the rule is stated beside the table and travels in the link; each point
  // carries its median's 95% interval, and one that stopped at the maximum without ±3% is marked noisy.
  await expect(page.getByTestId('sampling-rule')).toContainText('until the median’s 95% confidence interval is within ±3%, at most 60 samples');
  expect(payload.config.stop).toMatchObject({ level: 0.95, halfWidthPct: 3, maxSamples: 60 });
  const point = payload.points[0]!;
  const ci = point.ci95Ms as [number, number] | null;
  const median = point.medianMs as number;
  const within = ci !== null && Math.max(median - ci[0], ci[1] - median) <= 0.03 * median;
  const n = point.samples as number;
  if (!within) expect(n === 60 || n * median * (point.dispatchesPerSample as number) >= 2000, `${n} samples: it stopped at the maximum (samples, or 2 s of kernel time)`).toBe(true);
  await expect(app.bench.table.locator('tbody tr').first().getByTestId('point-noisy')).toHaveCount(within ? 0 : 1);
});

test('“Run the same benchmark here” puts both runs in one table with a ratio for every point', async ({ app, page }) => {
  await page.setViewportSize(kFirstScreen);
  const payload = samplePayload([{ id: 'naive', usesTile: false }, { id: 'tiled', usesTile: true }], [8, 16], { config: { sizes: [8, 16], kernels: ['naive', 'tiled'], tile: 8, warmups: 0, samples: 3 } });
  await app.open(`?view=bench#r=${forgeLink(payload)}`);
  await page.getByTestId('shared-run-here').click();
  await expect(page.getByTestId('bench-progress')).toHaveAttribute('data-status', 'done');
  const ratios = page.getByTestId('compare-ratio');
  await expect(ratios).toHaveCount(payload.points.length);
  for (const r of await ratios.all()) {
    const value = await r.getAttribute('data-ratio');
    // A trusted pair gives a positive ratio; an untrusted one (tiny sizes on SwiftShader) gives none, and says why.
    if (value) expect(Number(value)).toBeGreaterThan(0);
    else await expect(r).toContainText('no ratio');
  }
  await expect(page.getByTestId('bench-chart')).toHaveAttribute('data-series', '4');
  // Both tables fit their boxes, however many marks the tiny points here carry.
  for (const id of ['bench-table', 'bench-table-shared', 'compare-table']) {
    const fit = await page.getByTestId(id).evaluate((el) => {
      const box = el.closest('.table-wrap') as HTMLElement;
      return box.scrollWidth - box.clientWidth;
    });
    expect(fit, `${id} overflows its box by ${fit}px`).toBeLessThanOrEqual(0);
  }
  await page.screenshot({ path: 'test-results/link/run-here.png', fullPage: true });
});

test('several links compare side by side in the comparison view', async ({ app, page }) => {
  const kernels = [{ id: 'naive', usesTile: false }, { id: 'tiled', usesTile: true }];
  const a = samplePayload(kernels, [2048, 4096]);
  const b = { ...samplePayload(kernels, [2048, 4096]), label: 'the other machine' };
  b.points = b.points.map((p) => ({ ...p, medianMs: (p.medianMs as number) / 2, minMs: (p.minMs as number) / 2, maxMs: (p.maxMs as number) / 2, gflops: (p.gflops as number) * 2 }));
  await app.open(`?view=compare`);
  await expect(page.getByTestId('compare-view')).toBeVisible();
  await page.getByTestId('compare-input').fill(`http://example/?view=bench#r=${forgeLink(a)}\n${forgeLink(b)}`);
  await page.getByTestId('compare-add').click();
  await expect(page.getByTestId('compare-run')).toHaveCount(2);
  await expect(page.getByTestId('compare-added')).toHaveAttribute('data-accepted', '2');
  const ratios = page.getByTestId('compare-ratio');
  await expect(ratios).toHaveCount(4);
  for (const r of await ratios.all()) expect(Number(await r.getAttribute('data-ratio'))).toBeCloseTo(2, 6);
  await expect(page.getByTestId('shared-label')).toContainText('the other machine');
  // A damaged link and a good one: the words count what can be compared, not what was pasted.
  const good = forgeLink({ ...a, label: 'a third' });
  const damaged = forgeLink({ ...a, label: 'a fourth' }).replace(/.(?=.{12}$)/u, (c) => (c === 'A' ? 'B' : 'A'));
  await page.getByTestId('compare-input').fill(`${damaged}\n${good}`);
  await page.getByTestId('compare-add').click();
  await expect(page.getByTestId('compare-added')).toHaveAttribute('data-added', '2');
  await expect(page.getByTestId('compare-added')).toHaveAttribute('data-accepted', '1');
  await expect(page.getByTestId('compare-added')).toContainText('1 can be compared, 1 refused');
  await expect(page.getByTestId('compare-refused')).toHaveCount(1);
  await page.getByRole('button', { name: 'Remove run C' }).click();
  await page.getByRole('button', { name: 'Remove run C' }).click();
  await expect(page.getByTestId('compare-run')).toHaveCount(2);
  // The address carries both links: opened again, it shows the same comparison.
  const url = page.url();
  expect(url).toMatch(/#r=r2\.[^&]+&r=r2\./);
  await page.goto(url);
  await expect(page.getByTestId('compare-view')).toBeVisible();
  await expect(page.getByTestId('compare-ratio')).toHaveCount(4);
});

for (const vp of [kFirstScreen, { width: 1920, height: 1080 }]) {
  test(`screenshot of a ${'16'}-kernel shared link at ${vp.width}×${vp.height}`, async ({ app, page }) => {
    await page.setViewportSize(vp);
    const link = forgeLink(await everyRungPayload({ label: 'RTX 4090, driver 560, Windows' }));
    await app.open(`?view=bench#r=${link}`);
    await expect(page.getByTestId('bench-chart').locator('canvas')).toHaveCount(1);
    await page.screenshot({ path: `test-results/link/${vp.width}x${vp.height}-shared.png` });
    await page.screenshot({ path: `test-results/link/${vp.width}x${vp.height}-shared-full.png`, fullPage: true });
    await page.getByTestId('bench-chart').screenshot({ path: `test-results/link/${vp.width}x${vp.height}-chart.png` });
    const table = page.getByTestId('bench-table');
    const top = await table.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    await page.screenshot({ path: `test-results/link/${vp.width}x${vp.height}-table.png`, fullPage: true, clip: { x: 0, y: top, width: vp.width, height: 900 } });
    await app.open('?view=bench');
    await page.screenshot({ path: `test-results/link/${vp.width}x${vp.height}-bench.png` });
  });
}

test('a shared link carries the sender’s roofline and probes: the ratios as sent, in either language, the trust note still in view', async ({ app, page }) => {
  await page.setViewportSize(kFirstScreen);
  const v = (kind: string, medianMs: number, gbps: number, trusted = true) => ({ kind, medianMs, gbps, runs: 10, verified: true, trusted });
  const roofline = { bandwidthGbs: 2987, builtinGbs: 845, fmaGflops: 57840, verified: true, clock: 'gpu-timestamp', runs: 10, copyMib: 256, fmaGflop: 274.9, scale: 'large' };
  const probes = {
    coalescing: { mib: 64, software: false, clock: 'gpu-timestamp', variants: [v('coalesced', 0.03, 2237), v('strided', 0.108, 621)] },
    banks: { mib: 512, software: false, clock: 'gpu-timestamp', variants: [v('rows', 0.4, 1342), v('columns', 2.12, 253), v('padded', 0.4, 1342, false)] },
  };
  const link = forgeLink({ ...(await everyRungPayload()), roofline, probes });
  await app.open(`?view=bench#r=${link}`);
  await expect(page.getByTestId('shared-roofline')).toBeVisible();
  await expect(page.getByTestId('shared-probe-coalescing')).toHaveAttribute('data-ratio', '3.6');
  await expect(page.getByTestId('shared-probe-coalescing')).toContainText('strided reads took 3.60× as long as coalesced');
  // A variant whose time the sender did not trust: no ratio, and the line says why.
  await expect(page.getByTestId('shared-probe-banks')).not.toHaveAttribute('data-ratio', /./);
  await expect(page.getByTestId('shared-probe-banks')).toContainText('no ratio');
  expect(await onFirstScreen(page, 'shared-trust-note')).toBe(true);
  await page.screenshot({ path: test.info().outputPath('shared-probes-1366-en.png') });
  await page.getByTestId('lang-zh-CN').click();
  await expect(page.getByTestId('shared-probe-coalescing')).toContainText('跨步读取耗时是合并读取的 3.60×');
  await page.screenshot({ path: test.info().outputPath('shared-probes-1366-zh.png') });
});
