import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { decodeShare, encodeShare, kSharePrefix, ShareError, type SharePayload } from '../src/core/share';

/**
 * Share-link integrity, seen from the page. Links are made with the app's own codec (the same
 * module the app bundles, run here in Node) and opened by changing the fragment: the app listens
 * for hashchange, and viewing a shared link needs no GPU run.
 */

const payload: SharePayload = {
  v: 1,
  app: '0.2.0',
  date: '2026-11-21T23:00:00.000Z',
  config: { sizes: [16, 24], kernels: ['naive', 'tiled'], tile: 8, warmups: 2, samples: 0 },
  device: {
    vendor: 'google',
    architecture: 'swiftshader',
    description: 'SwiftShader device (Subzero)',
    features: ['timestamp-query'],
    limits: { maxStorageBufferBindingSize: 134217728, maxComputeInvocationsPerWorkgroup: 256, maxComputeWorkgroupStorageSize: 16384 },
    browser: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/150.0.0.0',
    timing: 'gpu-timestamp',
  },
  points: [
    { kernel: 'naive', tile: null, size: 16, clock: 'gpu-timestamp', samples: 30, dispatchesPerSample: 8, medianMs: 0.0412, minMs: 0.0398, maxMs: 0.0533, gflops: 0.198835, verified: true, checked: 256, maxRelError: 8.9e-8 },
    { kernel: 'tiled', tile: 8, size: 16, clock: 'gpu-timestamp', samples: 30, dispatchesPerSample: 8, medianMs: 0.0375, minMs: 0.0361, maxMs: 0.0488, gflops: 0.218453, verified: true, checked: 256, maxRelError: 5.96e-8 },
    { kernel: 'naive', tile: null, size: 24, clock: 'gpu-timestamp', samples: 30, dispatchesPerSample: 4, medianMs: 0.131, minMs: 0.127, maxMs: 0.152, gflops: 0.211053, verified: true, checked: 576, maxRelError: 1.1e-7 },
    { kernel: 'tiled', tile: 8, size: 24, clock: 'gpu-timestamp', samples: 30, dispatchesPerSample: 4, medianMs: 0.118, minMs: 0.114, maxMs: 0.139, gflops: 0.234305, verified: true, checked: 576, maxRelError: 7.45e-8 },
  ],
};

const toB64u = (b: Uint8Array) => Buffer.from(b).toString('base64url');
const fromB64u = (s: string) => new Uint8Array(Buffer.from(s, 'base64url'));

/** A small deterministic generator, so the 100 flips are the same on every run. */
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Everything the page shows about shared results: the banner and the rows of the shared table. */
const sharedView = (page: Page) =>
  page.evaluate(() => {
    const text = (el: Element | null) => (el as HTMLElement | null)?.innerText.replace(/\s+/g, ' ').trim() ?? '';
    const rows = [...document.querySelectorAll('[data-testid="bench-table"] tbody tr')].map(text);
    return [text(document.querySelector('[data-testid="shared-banner"]')), ...rows].join('\n');
  });

/** Open a fragment in the already loaded page and wait until the page has judged it. */
async function openFragment(page: Page, value: string): Promise<'error' | 'shown'> {
  // Clear first, so the state seen next belongs to this link, not to the previous one.
  await page.evaluate(() => (location.hash = ''));
  await expect(page.getByTestId('share-error')).toHaveCount(0);
  await expect(page.getByTestId('shared-banner')).toHaveCount(0);
  await page.evaluate((v) => (location.hash = `r=${v}`), value);
  const either = page.getByTestId('share-error').or(page.getByTestId('shared-banner'));
  await expect(either).toHaveCount(1);
  return (await page.getByTestId('share-error').count()) > 0 ? 'error' : 'shown';
}

test('100 single-bit flips of a genuine link never show altered results', async ({ app, page }) => {
  const link = await encodeShare(payload);
  expect(await decodeShare(link)).toEqual(payload);
  await app.open('?m=4&k=4&n=4&tile=2');
  expect(await openFragment(page, link)).toBe('shown');
  const original = await sharedView(page);
  expect(original).toContain('Shared results');

  const bytes = fromB64u(link.slice(kSharePrefix.length));
  const rand = mulberry32(15);
  const counts = { refused: 0, unchanged: 0, altered: 0 };
  const altered: string[] = [];
  for (let i = 0; i < 100; i++) {
    const bit = Math.floor(rand() * bytes.length * 8);
    const flipped = bytes.slice();
    flipped[bit >> 3]! ^= 1 << (bit & 7);
    const value = kSharePrefix + toB64u(flipped);
    // What the codec makes of it (exact comparison of every field) ...
    let decoded: SharePayload | undefined;
    try {
      decoded = await decodeShare(value);
    } catch (e) {
      if (!(e instanceof ShareError)) throw e;
    }
    // ... and what the page shows.
    const seen = await openFragment(page, value);
    expect(seen, `flip of bit ${bit}: the page and the codec agree`).toBe(decoded ? 'shown' : 'error');
    if (!decoded) counts.refused++;
    else if (JSON.stringify(decoded) === JSON.stringify(payload) && (await sharedView(page)) === original) counts.unchanged++;
    else {
      counts.altered++;
      altered.push(`bit ${bit} (byte ${bit >> 3} of ${bytes.length})`);
    }
  }
  console.log(`bit flips of a ${link.length}-character link (${bytes.length} bytes): refused ${counts.refused}, unchanged ${counts.unchanged}, altered ${counts.altered}${altered.length ? ` — ${altered.join(', ')}` : ''}`);
  expect(counts.refused + counts.unchanged + counts.altered).toBe(100);
  expect(counts.altered).toBe(0);
});
