import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests drive the production build in Debian's Chromium with WebGPU enabled.
 * Without a GPU, Chromium's WebGPU runs on SwiftShader (a CPU implementation): real shaders,
 * real validation, about 0.2 GFLOP/s — so sizes here stay small and no test judges speed.
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// E2E_PORT lets several checkouts run their end-to-end tests side by side.
const port = Number(process.env.E2E_PORT ?? 4173);
// CI builds once (.ci/run builds before `npm test`): with CI set and a build present, only serve it.
// Locally, and in CI without a build, build first so `npm test` works from a clean clone.
const buildFirst = !(process.env.CI && existsSync('dist/index.html'));

export default defineConfig({
  testDir: 'e2e',
  // The default for quick tests; the slow ones set their own limit from their work (e2e/budget.ts).
  timeout: 120_000,
  expect: { timeout: 60_000 },
  fullyParallel: true,
  // One worker per core the machine has, locally and in CI (Playwright's default is half of them).
  // E2E_WORKERS overrides it (e.g. 1 on a machine shared with other heavy work).
  workers: Number(process.env.E2E_WORKERS) || availableParallelism(),
  retries: 0,
  // The JSON report keeps each test's duration, to find what makes the suite slow (docs/ci.md);
  // The last lines of every run name the ten slowest tests (e2e/slowest-reporter.ts).
  reporter: [['list'], ['json', { outputFile: 'playwright-report/e2e.json' }], ['./e2e/slowest-reporter.ts']],
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--enable-unsafe-webgpu',
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    // The specs read the English words; i18n.spec.ts opens pages in 简体中文 (?lang=zh-CN, a zh-CN locale).
    locale: 'en-US',
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false, sources: false },
  },
  projects: [
    { name: 'main', testIgnore: /freeze\.spec\.ts/ },
    // The page's responsiveness is probed on a quiet machine: after every other test, one test at a
    // time (beside SwiftShader kernels of a parallel test the probe measured their CPU, not the page).
    // Alone: npx playwright test e2e/freeze.spec.ts --no-deps
    { name: 'quiet', testMatch: /freeze\.spec\.ts/, dependencies: ['main'], fullyParallel: false },
  ],
  webServer: {
    command: `${buildFirst ? 'npm run build && ' : ''}npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
  },
});
