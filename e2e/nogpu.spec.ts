import { test, expect } from '@playwright/test';

/** A browser without WebGPU: the status explains, nothing is shown as a GPU result, the teaching views run on a CPU simulation. */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'gpu', { get: () => undefined, configurable: true });
  });
});

test('no WebGPU: the GPU panel explains how to enable it', async ({ page }) => {
  await page.goto('./?m=3&k=3&n=3&tile=2');
  const status = page.getByTestId('gpu-status');
  await expect(status).toHaveAttribute('data-state', 'unavailable');
  await expect(status).toContainText('navigator.gpu is missing');
  await expect(status).toContainText('Chrome or Edge');
  await expect(status).toContainText('Firefox');
  await expect(status).toContainText('Safari');
});

test('no WebGPU: the lesson opens on what works (a CPU simulation) and how to enable WebGPU, with no error before a run', async ({ page }) => {
  await page.goto('./?m=3&k=3&n=3&tile=2');
  await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'unavailable');
  const note = page.getByTestId('nogpu-note');
  await expect(note).toBeVisible();
  await expect(note).toContainText('CPU simulation');
  await expect(note).toContainText('chrome://flags/#enable-unsafe-webgpu');
  // The headline says which of the three it was: no WebGPU, no adapter, or a device that would not open.
  const reason = await page.getByTestId('nogpu-title').getAttribute('data-reason');
  expect(['no-webgpu', 'no-adapter', 'device-failed']).toContain(reason);
  await expect(page.getByTestId('nogpu-title')).toContainText({ 'no-webgpu': 'No WebGPU', 'no-adapter': 'no GPU adapter', 'device-failed': 'could not be opened' }[reason as 'no-webgpu']);
  // Nothing red before a run: no error badge, no error text, no alert.
  await expect(page.locator('.badge.bad, .error-text, [role="alert"], [data-testid="error-message"]').filter({ visible: true })).toHaveCount(0);
  // At 1366×768 the action the note names is on the first screen (the browsers' list is folded).
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect(page.getByTestId('run-both')).toBeInViewport({ ratio: 1 });
  await page.getByTestId('run-tiled').click();
  await expect(page.getByTestId('result-tiled')).toContainText('No GPU time here');
  await expect(page.getByTestId('tile-map')).toHaveAttribute('data-source', 'cpu');
  await expect(page.getByTestId('kernel-source')).toHaveAttribute('data-file', 'tiled2.wgsl');
  await expect(page.getByTestId('phase-stepper')).toContainText('The kernel simulated on the CPU: tiled2.wgsl');
});

for (const lang of ['en', 'zh-CN', 'zh-TW']) {
  test(`WebGPU without an adapter (${lang}, Chrome on Linux without the flag): "Run both" whole on the first screen at 1366×768`, async ({ page }) => {
    await page.addInitScript(() => {
      // Undo the suite's "no navigator.gpu": here WebGPU is present and gives no adapter.
      Object.defineProperty(Navigator.prototype, 'gpu', { get: () => ({ requestAdapter: async () => null, getPreferredCanvasFormat: () => 'bgra8unorm' }), configurable: true });
    });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`./?lang=${lang}`);
    await expect(page.getByTestId('nogpu-title')).toHaveAttribute('data-reason', 'no-adapter');
    await expect(page.getByTestId('run-both')).toBeInViewport({ ratio: 1 });
  });
}

test('no WebGPU: a run shows a neutral note (a CPU simulation of the same kernel, not an error), no GPU result, and the simulated tile map and stepper', async ({ page }) => {
  await page.goto('./?m=3&k=3&n=3&tile=2');
  await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'unavailable');
  await page.getByTestId('run-tiled').click();
  // After the run: a neutral note, labelled as a CPU simulation of the same kernel, with how to
  // enable WebGPU; not an alert, not error-styled (red is kept for failures).
  const note = page.getByTestId('run-note');
  await expect(note).toContainText('CPU simulation of the same kernel');
  await expect(note).toContainText('Nothing ran on a GPU');
  await expect(note).toContainText('chrome://flags/#enable-unsafe-webgpu');
  await expect(note).toHaveAttribute('role', 'status');
  await expect(note).not.toHaveClass(/error/);
  const colours = await note.evaluate((el) => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--bad)';
    el.appendChild(probe);
    const bad = getComputedStyle(probe).color;
    probe.remove();
    const cs = getComputedStyle(el);
    return { bad, color: cs.color, border: cs.borderTopColor, left: cs.borderLeftColor };
  });
  expect(colours.color).not.toBe(colours.bad);
  expect(colours.border).not.toBe(colours.bad);
  expect(colours.left).not.toBe(colours.bad);
  await expect(page.locator('.badge.bad, .error-text, .error-summary, [role="alert"], [data-testid="error-message"]').filter({ visible: true })).toHaveCount(0);
  // A 3×3×3 product takes less than the browser's clock step (5–100 µs): no rate is given for it.
  await expect(note).toContainText(
    /The CPU reference .* computed 3×3×3 in (a time below the clock’s resolution \([\d.]+ [nµ]s\), too short to give a rate \(wall clock, median of 3 runs\)|[\d.]+ [nµm]s \(wall clock, median of 3 runs\) = [\d.]+ [kMG]FLOP\/s)\./,
  );
  await expect(page.getByTestId('result-tiled')).not.toHaveAttribute('data-status', /.*/);
  const map = page.getByTestId('tile-map');
  await expect(map).toHaveAttribute('data-source', 'cpu');
  await expect(page.getByTestId('simulated-note')).toBeVisible();
  await expect(page.getByTestId('tile-cell-1-1')).toHaveAttribute('data-workgroup', '1,1');
  await expect(page.getByTestId('phase-stepper')).toHaveAttribute('data-source', 'cpu');
  await page.getByTestId('tile-cell-0-0').click();
  for (let i = 0; i < 4; i++) await page.getByTestId('phase-next').click();
  await expect(page.getByTestId('lane-a-0-1')).toHaveAttribute('data-oob', 'true');
  await expect(page.getByTestId('formula')).toHaveText('C11 = A11·B11 + A12·B21');
  // The boundary lesson works in the simulation too.
  await page.getByTestId('toggle-bounds').uncheck();
  await expect(page.getByTestId('bounds-off-summary')).toContainText(/wrong/);
});

/** Words that claim a GPU recorded or computed something. */
const kGpuClaims = [/the GPU record/i, /recorded by the GPU/i, /from the GPU/i, /GPU trace/i, /recorded loads/i, /on the GPU:/i, /as recorded/i];

for (const shape of [
  { m: 3, k: 3, n: 3, tile: 2, why: 'traced invocation by invocation' },
  { m: 80, k: 72, n: 80, tile: 16, why: 'too large to trace every invocation: the stepper falls back to the model' },
]) {
  test(`no WebGPU: no Infinity, no NaN and no GPU claim anywhere on the page (${shape.m}×${shape.k}×${shape.n}, ${shape.why})`, async ({ page }) => {
    await page.goto(`./?m=${shape.m}&k=${shape.k}&n=${shape.n}&tile=${shape.tile}`);
    await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'unavailable');
    const text = () => page.locator('body').innerText();
    await test.step('before any run', async () => {
      const before = await text();
      expect(before).not.toMatch(/Infinity|NaN/);
      for (const claim of kGpuClaims) expect(before).not.toMatch(claim);
    });
    for (const run of ['run-tiled', 'run-naive', 'run-both'] as const) {
      await test.step(run, async () => {
        await page.getByTestId(run).click();
        await expect(page.getByTestId('run-note')).toContainText('Nothing ran on a GPU');
        await expect(page.getByTestId('tile-map')).toHaveAttribute('data-source', 'cpu');
        await expect(page.getByTestId('simulated-note')).toBeVisible();
        await expect(page.getByTestId('tile-map-check')).toContainText('CPU');
        await expect(page.getByTestId('phase-stepper')).toContainText(/simulat/i);
        const after = await text();
        expect(after).not.toMatch(/Infinity|NaN/);
        for (const claim of kGpuClaims) expect(after, `the page claims a GPU result: ${claim}`).not.toMatch(claim);
      });
    }
    await test.step('every phase of the stepper, with the boundary tests on and off', async () => {
      for (const bounds of [true, false]) {
        if (!bounds) await page.getByTestId('toggle-bounds').uncheck();
        for (let i = 0; i < 8 && (await page.getByTestId('phase-next').isEnabled()); i++) await page.getByTestId('phase-next').click();
        const t = await text();
        expect(t).not.toMatch(/Infinity|NaN/);
        for (const claim of kGpuClaims) expect(t).not.toMatch(claim);
      }
    });
  });
}

test('no WebGPU: a shared link reads, says running here needs WebGPU, and offers no button that does nothing', async ({ page }) => {
  const { forgeLink, samplePayload } = await import('./links');
  const link = forgeLink(samplePayload([{ id: 'naive', usesTile: false }], [512]));
  await page.goto(`./?view=bench#r=${link}`);
  await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'unavailable');
  await expect(page.getByTestId('shared-banner')).toBeVisible();
  await expect(page.getByTestId('shared-needs-webgpu')).toContainText('needs WebGPU');
  await expect(page.getByTestId('shared-run-here')).toHaveCount(0);
  await expect(page.getByTestId('bench-table').locator('tbody tr')).toHaveCount(1);
  // The empty shared view says how to get a link.
  await page.goto('./?view=shared');
  await expect(page.getByTestId('shared-none')).toContainText('To get a link');
});

for (const lang of ['en', 'zh-CN'] as const) {
  test(`no WebGPU (${lang}): the practice, ladder and benchmark views name no button they lack, and say once what works and how to enable WebGPU`, async ({ page }) => {
    for (const view of ['practice', 'ladder', 'bench'] as const) {
      await page.goto(`./?view=${view}&lang=${lang}`);
      await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'unavailable');
      await expect(page.getByTestId('nogpu-note')).toBeVisible();
      // The view's own body has loaded (its lazy chunk) before its words are read.
      await expect(page.locator('main')).not.toBeEmpty();
      await page.waitForLoadState('networkidle');
      const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
      expect(text, view).not.toContain('Run both');
      expect(text, view).not.toContain('运行两个内核');
      // What works here (the lesson's CPU simulation) is said once, on the panel; how to enable WebGPU is one click away there.
      await expect(page.getByTestId('nogpu-note')).toContainText(lang === 'en' ? 'CPU simulation' : 'CPU 模拟');
      await expect(page.getByTestId('nogpu-note').locator('summary')).toBeVisible();
      if (view === 'ladder') {
        // Nothing to time here: the ladder's and the roofline's buttons are off, and one line says why.
        await expect(page.getByTestId('ladder-run')).toBeDisabled();
        await expect(page.getByTestId('roofline-run')).toBeDisabled();
        await expect(page.getByTestId('ladder-needs-gpu')).toHaveCount(1);
      }
    }
  });
}
