import { defineConfig } from '@playwright/test';

/**
 * `npm run e2e:gpu` (issue #39): the app in a real browser on a real GPU. For the GPU machine only
 * (scripts/gpu-roundtrip.sh carries Chromium, Node and Playwright there; its env sets $CHROME and
 * $CHROME_GPU_FLAGS). Kept apart from playwright.config.ts (testDir e2e/), so `npm test` and .ci/run,
 * which have no GPU, never run it. Run here on SwiftShader it checks the suite's logic: the
 * speed and trust assertions skip with the reason (a software adapter's times are not a GPU's).
 *
 * One worker, one page through every step (the share link carries the roofline and the probes that
 * page measured), no retries: a step that fails is a finding.
 */
const chromium = process.env.CHROME ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const port = Number(process.env.E2E_PORT ?? 4183);
// Beside Playwright's own flags: WebGPU on, and on the GPU machine the flags that give WebGPU the NVIDIA adapter.
const gpuFlags = (process.env.CHROME_GPU_FLAGS ?? '').split(/\s+/).filter((f) => f && !f.startsWith('--headless'));

export default defineConfig({
  testDir: 'e2e-gpu',
  testMatch: /.*\.gpu\.ts$/,
  globalSetup: './e2e-gpu/setup.ts',
  timeout: 15 * 60_000,
  // On the GPU machine the whole suite must end inside one call (10 minutes): run-on-gpu.sh sets it.
  globalTimeout: Number(process.env.GPU_E2E_GLOBAL_MS) || 0,
  expect: { timeout: 120_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: process.env.GPU_E2E_JSON ?? 'test-results/e2e-gpu.json' }], ['./e2e/slowest-reporter.ts']],
  outputDir: 'test-results/e2e-gpu',
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    browserName: 'chromium',
    viewport: { width: 1366, height: 768 },
    launchOptions: {
      executablePath: chromium,
      args: ['--enable-unsafe-webgpu', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', ...gpuFlags],
    },
    locale: 'en-US',
    trace: 'off',
  },
  // The production build, served as a static host serves it (no Vite needed on the GPU machine).
  webServer: {
    command: `${process.env.GPU_E2E_NO_BUILD ? '' : 'npm run build && '}node e2e-gpu/serve.mjs dist ${port}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 180_000,
  },
});
