import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeShare, encodeShare, kMaxLinkChars, kSharePrefix, shareFromHash, ShareError, type SharePayload } from './share';

const payload: SharePayload = {
  v: 1,
  app: '0.2.0',
  date: '2026-11-21T23:00:00.000Z',
  config: { sizes: [16, 24, 40], kernels: ['naive', 'tiled'], tile: 16, warmups: 2, samples: 0 },
  device: {
    vendor: 'nvidia',
    architecture: 'hopper',
    description: 'NVIDIA H200 <script>alert(1)</script>',
    features: ['timestamp-query'],
    limits: { maxBufferSize: 4294967296, maxComputeInvocationsPerWorkgroup: 1024 },
    browser: 'Mozilla/5.0 Chrome/150',
    timing: 'gpu-timestamp',
  },
  points: [
    { kernel: 'naive', tile: null, size: 16, clock: 'gpu-timestamp', samples: 30, dispatchesPerSample: 8, medianMs: 0.01, minMs: 0.009, maxMs: 0.02, gflops: 0.8, verified: true, checked: 256, maxRelError: 1e-7 },
    { kernel: 'tiled', tile: 16, size: 4096, skipped: 'Matrix C needs 64 MiB' },
    { kernel: 'reg16x8v', tile: null, size: 24, constants: { GROUP: 8 }, clock: 'gpu-timestamp', samples: 30, dispatchesPerSample: 8, medianMs: 0.02, minMs: 0.019, maxMs: 0.03, gflops: 1.4, verified: true, checked: 576, maxRelError: 1e-7 },
  ],
};

/** A link made from any JSON, bypassing encodeShare's typing (to feed the decoder bad payloads). */
async function packRaw(value: unknown): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(value));
  const packed = new Uint8Array(await new Response(new Blob([json]).stream().pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer());
  let bin = '';
  for (const b of packed) bin += String.fromCharCode(b);
  return kSharePrefix + btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function decodeOrError(s: string): Promise<SharePayload | ShareError> {
  try {
    return await decodeShare(s);
  } catch (e) {
    if (e instanceof ShareError) return e;
    throw e; // anything else is a crash: the property fails
  }
}

describe('share link codec', () => {
  it('round-trips a payload exactly', async () => {
    const s = await encodeShare(payload);
    expect(s.startsWith(kSharePrefix)).toBe(true);
    expect(s).toMatch(/^[A-Za-z0-9._-]+$/);
    expect(await decodeShare(s)).toEqual(payload);
  });

  it('finds the link in a fragment', () => {
    expect(shareFromHash('#r=r1.abc')).toBe('r1.abc');
    expect(shareFromHash('#x=1&r=r1.abc')).toBe('r1.abc');
    expect(shareFromHash('')).toBeUndefined();
  });

  it('rejects truncations with a ShareError', async () => {
    const s = await encodeShare(payload);
    for (let cut = 1; cut < s.length; cut += 3) {
      const r = await decodeOrError(s.slice(0, s.length - cut));
      expect(r, `cut ${cut}`).toBeInstanceOf(ShareError);
    }
  });

  it('rejects other versions, foreign strings and oversized links', async () => {
    await expect(decodeShare('r2.abcd')).rejects.toThrow(/another version/);
    await expect(decodeShare('hello')).rejects.toThrow(/not a Tiles results link/);
    await expect(decodeShare(`${kSharePrefix}${'A'.repeat(kMaxLinkChars)}`)).rejects.toThrow(/too long/);
    await expect(decodeShare(`${kSharePrefix}ab$cd`)).rejects.toThrow(/characters/);
  });

  it('rejects a zip bomb (tiny link, huge inflated data)', async () => {
    const huge = new TextEncoder().encode(`{"v":1,"pad":"${'x'.repeat(2_000_000)}"}`);
    const cs = new CompressionStream('deflate-raw');
    const packed = new Uint8Array(await new Response(new Blob([huge]).stream().pipeThrough(cs)).arrayBuffer());
    let bin = '';
    for (const b of packed) bin += String.fromCharCode(b);
    const s = kSharePrefix + btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(s.length).toBeLessThan(kMaxLinkChars);
    await expect(decodeShare(s)).rejects.toThrow(/too large once unpacked/);
  });

  it('rejects valid JSON of the wrong form', async () => {
    for (const bad of [
      { ...payload, points: [{ ...payload.points[0], medianMs: -1 }] },
      { ...payload, points: [{ ...payload.points[2], constants: { '<img>': 1 } }] },
      { ...payload, points: [{ ...payload.points[2], constants: { GROUP: 1.5 } }] },
    ]) await expect(decodeShare(await packRaw(bad))).rejects.toThrow(/expected form/);
  });

  it('rejects valid JSON of the wrong form (negative time)', async () => {
    const bad = { ...payload, points: [{ ...payload.points[0], medianMs: -1 }] };
    const json = new TextEncoder().encode(JSON.stringify(bad));
    const packed = new Uint8Array(await new Response(new Blob([json]).stream().pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer());
    let bin = '';
    for (const b of packed) bin += String.fromCharCode(b);
    const s = kSharePrefix + btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    await expect(decodeShare(s)).rejects.toThrow(/expected form/);
  });

  it('property: any random corruption is rejected or decodes to a valid payload — never a crash', async () => {
    const s = await encodeShare(payload);
    const body = s.slice(kSharePrefix.length);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ at: fc.nat(), ch: fc.integer({ min: 0, max: alphabet.length - 1 }), op: fc.constantFrom('set', 'del', 'ins') }), { minLength: 1, maxLength: 6 }),
        async (edits) => {
          let t = body;
          for (const e of edits) {
            const at = e.at % Math.max(1, t.length);
            const c = alphabet[e.ch]!;
            t = e.op === 'set' ? t.slice(0, at) + c + t.slice(at + 1) : e.op === 'del' ? t.slice(0, at) + t.slice(at + 1) : t.slice(0, at) + c + t.slice(at);
          }
          const r = await decodeOrError(kSharePrefix + t);
          if (!(r instanceof ShareError)) {
            // It decoded: it must be a valid payload, re-encodable.
            expect(await decodeShare(await encodeShare(r))).toEqual(r);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('property: arbitrary strings never crash the decoder', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), async (t) => {
        const r = await decodeOrError(t);
        expect(r).toBeInstanceOf(ShareError);
      }),
      { numRuns: 300 },
    );
    await fc.assert(
      fc.asyncProperty(fc.base64String({ maxLength: 400 }), async (t) => {
        const r = await decodeOrError(kSharePrefix + t.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''));
        expect(r).toBeInstanceOf(ShareError);
      }),
      { numRuns: 300 },
    );
  });
});
