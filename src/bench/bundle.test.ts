import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';

/**
 * The headless bench as it is carried to a GPU machine: one file built by vite.bench.config.ts, run by Node. Built
 * here into a temporary folder and run without the webgpu package: it must load every kernel's WGSL and the words
 * (main's first step) and stop only where a GPU is needed, saying so. A bundle that ran main before its inlined
 * modules were initialized died at that first step on every GPU machine (2026-11-29).
 */
describe('the headless bench bundle', () => {
  it('starts under Node: loads every kernel and stops where it needs navigator.gpu, with its message', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tiles-bench-'));
    try {
      await build({ configFile: new URL('../../vite.bench.config.ts', import.meta.url).pathname, logLevel: 'silent', build: { outDir: dir } });
      const r = spawnSync(process.execPath, [join(dir, 'bench.js'), '--sizes', '8', '--kernels', 'naive'], { encoding: 'utf8', env: { ...process.env, NODE_PATH: '' }, timeout: 60_000 });
      expect(r.stderr).not.toMatch(/ReferenceError|before initialization/);
      expect(r.stderr).toMatch(/bench: .*(navigator\.gpu is missing|Cannot find module 'webgpu')/);
      expect(r.status).not.toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
