import { test, expect } from './fixtures';
import { forgeLink, samplePayload, type LinkPayload } from './links';

/**
 * Every shared figure earns its trust (issue #35): a software sender is named and none of its
 * figures is drawn or compared as a GPU's speed; a link's roofline and probes pass the same kind of
 * rule as its points (plausible, consistent with their own bytes or FLOP and medians, verified only
 * when every part was), and a refused link says its true reason. The links are forged here with a
 * correct checksum (e2e/links.ts), as someone who edits a link and recomputes it would.
 *
 * The spec imports nothing from src/; it restates the limits it tests against: 50 TB/s of global
 * memory, ratios within 1000× either way.
 */

const kernels = [{ id: 'naive', usesTile: false }, { id: 'tiled', usesTile: true }];
/** A GPU's genuine-looking link: trusted points at 1024 and 2048. */
const gpuPayload = (extra: Partial<LinkPayload> & Record<string, unknown> = {}) => samplePayload(kernels, [1024, 2048], extra);

/** A roofline whose rates follow from their bytes, FLOP and medians (an H100-like 2.99 TB/s, 57.8 TFLOP/s). */
const copyMib = 256;
const moved = 2 * copyMib * 2 ** 20;
const roofline = (patch: Record<string, unknown> = {}) => {
  const copyMs = moved / (2987 * 1e6);
  const builtinMs = moved / (845 * 1e6);
  const fmaGflop = 274.9;
  const fmaMs = (fmaGflop * 1e9) / (57840 * 1e6);
  return { bandwidthGbs: moved / (copyMs * 1e6), builtinGbs: moved / (builtinMs * 1e6), fmaGflops: (fmaGflop * 1e9) / (fmaMs * 1e6), verified: true, clock: 'gpu-timestamp', runs: 10, copyMib, fmaGflop, scale: 'large', copyMs, builtinMs, fmaMs, ...patch };
};
/** A probe variant whose GB/s follow from the MiB and its median. */
const variant = (kind: string, mib: number, medianMs: number, patch: Record<string, unknown> = {}) => ({ kind, medianMs, gbps: (mib * 2 ** 20) / (medianMs * 1e6), runs: 10, verified: true, trusted: true, ...patch });
const coalescing = (coalescedMs: number, stridedMs: number, patch: Record<string, unknown> = {}) => ({
  mib: 64,
  software: false,
  clock: 'gpu-timestamp',
  variants: [variant('coalesced', 64, coalescedMs), variant('strided', 64, stridedMs, patch)],
});

test('a sweep made on SwiftShader, opened as a link in a fresh context, names the software sender and draws no point as a GPU speed', async ({ app, page, browser }) => {
  // 64³: timeable on SwiftShader (milliseconds). One rule on every screen (issue #46): the sender's own
  // chart draws none of its points either, and its table marks each as a software adapter's.
  await app.open('?sizes=64&tile=8&samples=3&warmups=0');
  await app.bench.run('done');
  await expect(app.bench.chart.locator('.bench-chart')).toHaveAttribute('data-drawn', '0');
  await expect(app.bench.table.getByTestId('point-software')).toHaveCount(2);
  const link = await app.bench.shareLink.inputValue();

  const fresh = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const reader = await fresh.newPage();
  await reader.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(reader.getByTestId('shared-banner')).toBeVisible();
  await test.step('the banner says it at the top: a software adapter, by name', async () => {
    const sw = reader.getByTestId('shared-software');
    await expect(sw).toBeVisible();
    await expect(sw).toContainText('software adapter');
    await expect(sw).toContainText('not a GPU’s speed');
    await expect(sw).toHaveAttribute('data-renderer', 'SwiftShader');
    const [bannerTop, swTop] = await Promise.all([reader.getByTestId('shared-banner').evaluate((e) => e.getBoundingClientRect().top), sw.evaluate((e) => e.getBoundingClientRect().top)]);
    expect(swTop - bannerTop, 'within the banner’s first lines').toBeLessThan(120);
  });
  await test.step('every point is marked software, and the chart draws none', async () => {
    const rows = reader.getByTestId('bench-table').locator('tbody tr');
    await expect(rows).toHaveCount(2);
    for (const row of await rows.all()) {
      await expect(row).toHaveAttribute('data-trust', /(^| )software$/);
      await expect(row.getByTestId('point-software')).toHaveText(/software adapter: not a GPU’s speed/);
    }
    await expect(reader.getByTestId('bench-chart').locator('.bench-chart')).toHaveAttribute('data-drawn', '0');
    await expect(reader.getByTestId('chart-marks').getByTestId('point-software')).toHaveCount(2);
  });
  await test.step('in the comparison beside a GPU’s link: named at the top, no ratio claimed', async () => {
    await reader.goto(`./?view=compare#r=${forgeLink(samplePayload(kernels, [64]))}&r=${link.slice(link.indexOf('#r=') + 3)}`);
    const sw = reader.getByTestId('compare-software');
    await expect(sw).toBeVisible();
    await expect(sw).toHaveAttribute('data-runs', 'B');
    await expect(sw).toContainText('run B (SwiftShader)');
    const ratios = reader.getByTestId('compare-ratio');
    await expect(ratios).toHaveCount(2);
    for (const r of await ratios.all()) {
      await expect(r).toHaveAttribute('data-ratio', '');
      await expect(r).toContainText('software adapter');
    }
  });
  await fresh.close();
});

test('an older link from a software adapter is judged from its adapter strings; a GPU’s link is not marked', async ({ app, page }) => {
  const older = gpuPayload({ device: { vendor: 'mesa', architecture: '', description: 'llvmpipe (LLVM 15.0.7, 256 bits)', features: [], limits: {}, browser: 'Mozilla/5.0 Firefox/140.0', timing: 'wall-clock' } });
  await app.open(`?view=shared#r=${forgeLink(older)}`);
  await expect(page.getByTestId('shared-software')).toHaveAttribute('data-renderer', 'llvmpipe');
  await expect(page.getByTestId('bench-chart').locator('.bench-chart')).toHaveAttribute('data-drawn', '0');
  // Nothing to draw is said in words, not shown as an empty frame.
  await expect(page.getByTestId('chart-nothing')).toBeVisible();
  await expect(page.getByTestId('bench-chart').locator('canvas')).toHaveCount(0);
  // Recorded as data (isFallbackAdapter), whatever the strings say.
  const fallback: LinkPayload['device'] = Object.assign({ ...gpuPayload().device }, { isFallbackAdapter: true });
  await page.goto(`./?view=shared#r=${forgeLink(gpuPayload({ device: fallback }))}`);
  await expect(page.getByTestId('shared-software')).toHaveAttribute('data-renderer', '');
  await page.goto(`./?view=shared#r=${forgeLink(gpuPayload())}`);
  await expect(page.getByTestId('shared-banner')).toBeVisible();
  await expect(page.getByTestId('shared-software')).toHaveCount(0);
  await expect(page.getByTestId('bench-chart').locator('.bench-chart')).toHaveAttribute('data-drawn', '4');
  await expect(page.getByTestId('chart-nothing')).toHaveCount(0);
});

test('forged links with a recomputed checksum: 500 TB/s, a 10¹²× probe ratio, rates that contradict their medians — each marked with its reason', async ({ app, page }) => {
  await app.open('?view=shared');
  const open = async (payload: unknown) => {
    await page.goto(`./?view=shared#r=${forgeLink(payload)}`);
    await expect(page.getByTestId('shared-banner')).toBeVisible();
  };

  await test.step('genuine figures: no mark, verified', async () => {
    await open(gpuPayload({ roofline: roofline(), probes: { coalescing: coalescing(0.03, 0.108) } }));
    await expect(page.getByTestId('shared-roofline')).toContainText('✓ verified');
    await expect(page.getByTestId('shared-roofline')).toHaveAttribute('data-trusted', 'true');
    await expect(page.getByTestId('roofline-implausible')).toHaveCount(0);
    await expect(page.getByTestId('shared-probe-coalescing')).toHaveAttribute('data-ratio', '3.6');
    await expect(page.getByTestId('probe-implausible')).toHaveCount(0);
  });

  await test.step('a tensor roof in the link (issue #49): shown with its figure; one that contradicts its median marked, no ✓', async () => {
    const gflop = 1099.5;
    const tensor = (gflops: number) => ({ gflops, gflop, ms: (gflop * 1e9) / (633_000 * 1e6), runs: 40, clock: 'gpu-timestamp', verified: true });
    await open(gpuPayload({ roofline: roofline({ tensor: tensor(633_000) }) }));
    await expect(page.getByTestId('shared-roofline-tensor')).toHaveText('Tensor roof: 633 TFLOP/s, ✓ verified against the CPU.');
    await expect(page.getByTestId('shared-roofline')).toHaveAttribute('data-trusted', 'true');
    await open(gpuPayload({ roofline: roofline({ tensor: tensor(6_330_000) }) }));
    await expect(page.getByTestId('roofline-implausible')).toHaveAttribute('data-problems', 'tensor:inconsistent');
    await expect(page.getByTestId('shared-roofline')).not.toContainText('✓');
  });

  await test.step('500 TB/s of bandwidth (and 1 EFLOP/s): implausible, no ✓', async () => {
    const bw = 500_000;
    await open(gpuPayload({ roofline: roofline({ bandwidthGbs: bw, copyMs: moved / (bw * 1e6), fmaGflops: 1e9, fmaMs: (274.9 * 1e9) / (1e9 * 1e6) }) }));
    const mark = page.getByTestId('roofline-implausible');
    await expect(mark).toHaveAttribute('data-problems', 'bandwidth:implausible fma:implausible');
    await expect(mark).toContainText('the bandwidth of 500 TB/s is beyond any GPU (at most 50.0 TB/s)');
    await expect(mark).toContainText('the compute rate of 1.00 EFLOP/s is beyond any GPU (at most 1.00 PFLOP/s)');
    await expect(page.getByTestId('shared-roofline')).not.toContainText('✓');
    await expect(page.getByTestId('shared-roofline')).toHaveAttribute('data-verified', 'false');
  });

  await test.step('a 10¹²× probe ratio: implausible, no ratio, no “every sum verified”', async () => {
    // 64 MiB in 0.1 ns and in 100 s: every figure within the schema's bounds, the ratio 10¹².
    await open(gpuPayload({ probes: { coalescing: coalescing(1e-7, 1e5) } }));
    const probe = page.getByTestId('shared-probe-coalescing');
    await expect(probe).not.toHaveAttribute('data-ratio', /./);
    await expect(probe).not.toContainText('every sum verified');
    const mark = page.getByTestId('probe-implausible');
    await expect(mark).toHaveAttribute('data-problems', 'coalesced:implausible ratio:implausible');
    await expect(mark).toContainText(/the ratio of 1(\.00)?E12× is beyond what the probe can show \(at most 1,000× either way\)/);
  });

  await test.step('rates that contradict their medians: the roofline’s and a probe’s', async () => {
    await open(gpuPayload({ roofline: roofline({ bandwidthGbs: 29_870 }), probes: { coalescing: coalescing(0.03, 0.108, { gbps: 6210 }) } }));
    const roof = page.getByTestId('roofline-implausible');
    await expect(roof).toHaveAttribute('data-problems', 'bandwidth:inconsistent');
    await expect(roof).toContainText('the bandwidth of 29.9 TB/s does not follow from its own size and median (they give 2.99 TB/s)');
    await expect(page.getByTestId('shared-roofline')).not.toContainText('✓');
    const probe = page.getByTestId('probe-implausible');
    await expect(probe).toHaveAttribute('data-problems', 'strided:inconsistent');
    await expect(probe).toContainText('strided reads of 6.21 TB/s does not follow from its own size and median (they give 621 GB/s)');
    await expect(page.getByTestId('shared-probe-coalescing')).not.toHaveAttribute('data-ratio', /./);
  });

  await test.step('in 简体中文', async () => {
    await page.getByTestId('lang-zh-CN').click();
    await expect(page.getByTestId('roofline-implausible')).toContainText('与其自身的数据量和中位数不符');
    await expect(page.getByTestId('probe-implausible')).toContainText('跨步读取');
    await page.screenshot({ path: test.info().outputPath('forged-zh.png') });
    await page.getByTestId('lang-en').click();
  });
});

test('a refused link says its true reason: invalid JSON behind a correct checksum, duplicate probe variants, another version', async ({ app, page }) => {
  const { createHash } = await import('node:crypto');
  const { deflateRawSync } = await import('node:zlib');
  const raw = (text: string) => {
    const json = Buffer.from(text, 'utf8');
    return 'r2.' + Buffer.concat([createHash('sha256').update(json).digest().subarray(0, 12), deflateRawSync(json)]).toString('base64url');
  };
  await app.open('?view=shared');
  const cases = [
    { what: 'invalid JSON, checksum right', link: raw('{"v": 2, "points": ['), reason: /checksum matches its contents, but they are not results data \(not valid JSON text\)/ },
    { what: 'duplicate probe variants', link: forgeLink(gpuPayload({ probes: { coalescing: { ...coalescing(0.03, 0.108), variants: [variant('coalesced', 64, 0.03), variant('coalesced', 64, 0.03)] } } })), reason: /probes\.coalescing\.variants: a probe lists the same variant more than once/ },
    { what: 'a version-3 payload behind an r2 prefix', link: forgeLink({ ...gpuPayload(), v: 3 }), reason: /data is of version 3; this version of Tiles reads version 2/ },
  ];
  for (const c of cases) {
    await test.step(c.what, async () => {
      await page.goto(`./?view=shared#r=${c.link}`);
      await expect(page.getByTestId('share-error')).toContainText(c.reason);
      await expect(page.getByTestId('share-error')).not.toContainText('checksum does not match');
      await expect(page.getByTestId('share-error')).not.toContainText('not trusted');
      await expect(page.getByTestId('shared-banner')).toHaveCount(0);
    });
  }
});
