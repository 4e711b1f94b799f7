import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kMaxPlausibleGflops, kSweepLimits, parseSweepCount, relTolerance, sweepConfigError, SweepConfigSchema, type BenchPoint } from './bench';
import { kKernelIdList, type KernelId } from './kernels';
import { gflops } from './shape';
import {
  decodeShare,
  encodeShare,
  kChecksumBytes,
  kMaxLinkChars,
  kSharePrefix,
  parseStoredPayload,
  shareChecksum,
  shareFromHash,
  sharesFromHash,
  sharesInText,
  applyShareChoice,
  kDefaultShareChoice,
  kMaxLabelChars,
  ShareError,
  shareSearch,
  SharePayloadSchema,
  type SharePayload,
} from './share';
import { i18n } from '../i18n';
import { kMaxGpuGflops, pointTrust } from './trust';
import { shareFailureText } from '../i18n/bench';

/** Why a link was refused, in words (English), as the page says it; 'accepted' when it was not. */
const refusal = (p: Promise<unknown>): Promise<string> =>
  p.then(
    () => 'accepted',
    (e: unknown) => (e instanceof ShareError ? shareFailureText(e.failure) : String(e)),
  );

/** A measured, verified point whose figures agree with each other, as a sweep makes them. */
function measured(kernel: KernelId, size: number, medianMs: number, extra: Partial<BenchPoint> = {}): BenchPoint {
  return {
    kernel,
    tile: kernel === 'tiled' ? 16 : null,
    size,
    clock: 'gpu-timestamp',
    samples: 30,
    dispatchesPerSample: 8,
    medianMs,
    minMs: medianMs * 0.9,
    maxMs: medianMs * 1.5,
    gflops: gflops({ m: size, k: size, n: size }, medianMs),
    verified: true,
    checked: size * size,
    maxRelError: 1e-7,
    relTolerance: relTolerance(size),
    ...extra,
  };
}

const payload: SharePayload = {
  v: 2,
  app: '0.2.0',
  date: '2026-11-21T23:00:00.000Z',
  config: { sizes: [16, 4096], kernels: ['naive', 'tiled', 'reg16x8v'], tile: 16, warmups: 2, samples: 0 },
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
    measured('naive', 16, 0.01, { maxRelError: 8.9e-8 }),
    measured('tiled', 16, 0.008),
    measured('reg16x8v', 16, 0.02, { constants: { GROUP: 8 } }),
    measured('naive', 4096, 90.5),
    { kernel: 'tiled', tile: 16, size: 4096, skipped: 'Matrix C needs 64 MiB' },
    { kernel: 'reg16x8v', tile: null, size: 4096, error: 'The device was lost.' },
  ],
};

const b64u = (bytes: Uint8Array) => {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};
const unb64u = (s: string) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/**
 * A link made from any JSON, bypassing encodeShare's typing and schema (to feed the decoder bad
 * payloads); its checksum is right unless `badSum`, so a refusal comes from the schema.
 */
async function packRaw(value: unknown, { badSum = false } = {}): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(value));
  const packed = new Uint8Array(await new Response(new Blob([json]).stream().pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer());
  const sum = await shareChecksum(json);
  if (badSum) sum[0]! ^= 1;
  const data = new Uint8Array(kChecksumBytes + packed.length);
  data.set(sum);
  data.set(packed, kChecksumBytes);
  return kSharePrefix + b64u(data);
}

async function decodeOrError(s: string): Promise<SharePayload | ShareError> {
  try {
    return await decodeShare(s);
  } catch (e) {
    if (e instanceof ShareError) return e;
    throw e; // anything else is a crash: the property fails
  }
}

const withPoint = (i: number, patch: Partial<BenchPoint>) => ({ ...payload, points: payload.points.map((p, j) => (j === i ? { ...p, ...patch } : p)) });

describe('share link codec', () => {
  it('round-trips a payload exactly', async () => {
    const s = await encodeShare(payload);
    expect(s.startsWith('r2.')).toBe(true);
    expect(s).toMatch(/^[A-Za-z0-9._-]+$/);
    expect(await decodeShare(s)).toEqual(payload);
  });

  it('finds the link in a fragment', () => {
    expect(shareFromHash('#r=r2.abc')).toBe('r2.abc');
    expect(shareFromHash('#x=1&r=r2.abc')).toBe('r2.abc');
    expect(shareFromHash('')).toBeUndefined();
  });

  it('rejects truncations with a ShareError', async () => {
    const s = await encodeShare(payload);
    for (let cut = 1; cut < s.length; cut += 3) {
      const r = await decodeOrError(s.slice(0, s.length - cut));
      expect(r, `cut ${cut}`).toBeInstanceOf(ShareError);
    }
  });

  it('rejects older links (no checksum), newer ones, foreign strings and oversized links, each with its reason', async () => {
    await expect(refusal(decodeShare('r1.abcd'))).resolves.toMatch(/older version of Tiles.*no checksum.*new link/);
    await expect(refusal(decodeShare('r3.abcd'))).resolves.toMatch(/newer version/);
    await expect(refusal(decodeShare('hello'))).resolves.toMatch(/not a Tiles results link/);
    await expect(refusal(decodeShare(`${kSharePrefix}${'A'.repeat(kMaxLinkChars)}`))).resolves.toMatch(/too long/);
    await expect(refusal(decodeShare(`${kSharePrefix}ab$cd`))).resolves.toMatch(/characters/);
    await expect(refusal(decodeShare(`${kSharePrefix}AAAA`))).resolves.toMatch(/truncated/);
  });

  it('rejects a zip bomb (tiny link, huge inflated data)', async () => {
    const s = await packRaw({ v: 2, pad: 'x'.repeat(2_000_000) });
    expect(s.length).toBeLessThan(kMaxLinkChars);
    await expect(refusal(decodeShare(s))).resolves.toMatch(/too large once unpacked/);
  });

  it('refuses a link whose checksum does not match, with a plain explanation', async () => {
    expect(await decodeShare(await packRaw(payload))).toEqual(payload);
    await expect(refusal(decodeShare(await packRaw(payload, { badSum: true })))).resolves.toMatch(/incomplete.*damaged, or was edited.*checksum.*whole link was copied/);
  });

  it('rejects valid JSON of the wrong form', async () => {
    for (const bad of [withPoint(0, { medianMs: -1 }), withPoint(2, { constants: { '<img>': 1 } }), withPoint(2, { constants: { GROUP: 1.5 } })]) {
      await expect(refusal(decodeShare(await packRaw(bad)))).resolves.toMatch(/expected form.*damaged or edited/);
    }
  });

  it('refuses a record key that names a prototype (__proto__, constructor, prototype), with the key in its reason (issue #26)', async () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      // JSON.parse makes "__proto__" an own key, as a link's JSON does (an object literal would set the prototype).
      const limits = JSON.parse(`{"maxBufferSize": 4294967296, ${JSON.stringify(key)}: 1024}`) as Record<string, number>;
      const e = await decodeOrError(await packRaw({ ...payload, device: { ...payload.device, limits } }));
      expect(e).toBeInstanceOf(ShareError);
      const words = shareFailureText((e as ShareError).failure);
      expect(words).toContain(`device.limits.${key}`);
      expect(words).toContain('reserved name');
      // A non-number value behind __proto__ is refused too (zod's record dropped the key without checking it).
      const constants = JSON.parse(`{"GROUP": 8, ${JSON.stringify(key)}: "x"}`) as Record<string, number>;
      expect(await decodeOrError(await packRaw(withPoint(2, { constants })))).toBeInstanceOf(ShareError);
      expect(parseStoredPayload({ ...payload, device: { ...payload.device, limits } })).toBeUndefined();
    }
  });

  it('property: any 1–4 bit flips of a genuine link are refused or decode to exactly the original', async () => {
    const s = await encodeShare(payload);
    const data = unb64u(s.slice(kSharePrefix.length));
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.nat(data.length * 8 - 1), { minLength: 1, maxLength: 4 }), async (bits) => {
        const t = data.slice();
        for (const b of bits) t[b >> 3]! ^= 1 << (b & 7);
        const r = await decodeOrError(kSharePrefix + b64u(t));
        if (!(r instanceof ShareError)) expect(r).toEqual(payload);
      }),
      { numRuns: 400 },
    );
  });

  it('every single-bit flip of a genuine link is refused or decodes to exactly the original (exhaustive)', async () => {
    const s = await encodeShare(payload);
    const data = unb64u(s.slice(kSharePrefix.length));
    let refused = 0;
    for (let b = 0; b < data.length * 8; b++) {
      const t = data.slice();
      t[b >> 3]! ^= 1 << (b & 7);
      const r = await decodeOrError(kSharePrefix + b64u(t));
      if (r instanceof ShareError) refused++;
      else expect(r, `bit ${b}`).toEqual(payload);
    }
    // Only a flip that leaves the inflated JSON unchanged passes (e.g. in the unused bits after the
    // deflate stream's last block): a handful of the 5,000-odd, each checked above to be the original.
    expect(refused).toBeGreaterThan(data.length * 8 * 0.99);
  });

  it('property: random edits of the text are refused or decode to exactly the original — never a crash', async () => {
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
          if (!(r instanceof ShareError)) expect(r).toEqual(payload);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('property: arbitrary strings never crash the decoder', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), async (t) => {
        expect(await decodeOrError(t)).toBeInstanceOf(ShareError);
      }),
      { numRuns: 300 },
    );
    await fc.assert(
      fc.asyncProperty(fc.base64String({ maxLength: 400 }), async (t) => {
        expect(await decodeOrError(kSharePrefix + t.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''))).toBeInstanceOf(ShareError);
      }),
      { numRuns: 300 },
    );
  });
});

/** Any valid sweep result, as the app would make one: config within the form's limits, one point per size × kernel. */
const arbPayload: fc.Arbitrary<SharePayload> = fc
  .record({
    sizes: fc.uniqueArray(fc.integer({ min: 1, max: 4096 }), { minLength: 1, maxLength: 4 }),
    kernels: fc.uniqueArray(fc.constantFrom(...kKernelIdList), { minLength: 1, maxLength: 3 }),
    tile: fc.constantFrom(2, 4, 8, 16, 32) as fc.Arbitrary<2 | 4 | 8 | 16 | 32>,
    warmups: fc.integer(kSweepLimits.warmups),
    samples: fc.integer(kSweepLimits.samples),
    seed: fc.nat(),
  })
  .map(({ sizes, kernels, tile, warmups, samples, seed }) => {
    let x = seed;
    const next = () => ((x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const points = sizes.flatMap((size) =>
      kernels.map((kernel): BenchPoint => {
        const t = kernel === 'tiled' ? tile : null;
        const r = next();
        if (r < 0.15) return { kernel, tile: t, size, skipped: 'too big' };
        const medianMs = r < 0.2 ? 0 : next() * 100;
        const tol = relTolerance(size, r < 0.4);
        const verified = r < 0.9;
        return {
          kernel,
          tile: t,
          size,
          clock: 'gpu-timestamp',
          samples: samples || 30,
          dispatchesPerSample: 1,
          medianMs,
          minMs: medianMs * 0.5,
          maxMs: medianMs * 2,
          gflops: gflops({ m: size, k: size, n: size }, medianMs),
          verified,
          checked: Math.max(1, Math.floor(size * size * next())),
          maxRelError: verified ? tol * next() : tol * (1 + next()) + 1e-9,
          relTolerance: tol,
        };
      }),
    );
    return {
      v: 2 as const,
      app: '0.2.0',
      date: '2026-11-21T23:00:00.000Z',
      config: { sizes, kernels, tile, warmups, samples },
      device: payload.device,
      points,
    };
  });

describe('cross-field rules', () => {
  it('property: every valid sweep result round-trips through a link exactly', async () => {
    await fc.assert(
      fc.asyncProperty(arbPayload, async (p) => {
        expect(await decodeShare(await encodeShare(p))).toEqual(p);
      }),
      { numRuns: 150 },
    );
  });

  it('property: a point marked verified with its error above its own tolerance is refused', async () => {
    await fc.assert(
      fc.asyncProperty(arbPayload, fc.nat(), fc.double({ min: 1.001, max: 1e12, noNaN: true }), async (p, at, factor) => {
        const ran = p.points.map((q, i) => [q, i] as const).filter(([q]) => q.medianMs !== undefined);
        fc.pre(ran.length > 0);
        const [q, i] = ran[at % ran.length]!;
        const tol = q.relTolerance!;
        const bad = { ...p, points: p.points.map((x, j) => (j === i ? { ...x, verified: true, maxRelError: tol === 0 ? 1e-9 * factor : tol * factor } : x)) };
        await expect(refusal(decodeShare(await packRaw(bad)))).resolves.toMatch(/verified has its error outside its own tolerance/);
      }),
      { numRuns: 100 },
    );
  });

  it('refuses a verified point without a tolerance, or with a tolerance wider than the verification allows', async () => {
    await expect(refusal(decodeShare(await packRaw(withPoint(0, { relTolerance: undefined }))))).resolves.toMatch(/outside its own tolerance/);
    await expect(refusal(decodeShare(await packRaw(withPoint(0, { relTolerance: 10, maxRelError: 8.9 }))))).resolves.toMatch(/tolerance wider/);
    await expect(refusal(decodeShare(await packRaw(withPoint(0, { maxRelError: null }))))).resolves.toMatch(/outside its own tolerance/);
    // The altered link: 8.9e-8 became 8.9, still marked verified.
    await expect(refusal(decodeShare(await packRaw(withPoint(0, { maxRelError: 8.9 }))))).resolves.toMatch(/outside its own tolerance/);
    // A mismatch may carry any error: it is shown as a mismatch.
    expect((await decodeShare(await packRaw(withPoint(0, { verified: false, maxRelError: 8.9 })))).points[0]!.maxRelError).toBe(8.9);
  });

  it('property: config.sizes must match the points', async () => {
    await fc.assert(
      fc.asyncProperty(arbPayload, fc.nat(), fc.integer({ min: 1, max: 4096 }), async (p, at, size) => {
        const i = at % p.config.sizes.length;
        fc.pre(!p.config.sizes.includes(size));
        const bad = { ...p, config: { ...p.config, sizes: p.config.sizes.map((s, j) => (j === i ? size : s)) } };
        await expect(refusal(decodeShare(await packRaw(bad)))).resolves.toMatch(/do not match config.sizes/);
      }),
      { numRuns: 100 },
    );
    // The altered link: sizes [8, 16] became [8, 13] while the points still said 16.
    await expect(refusal(decodeShare(await packRaw({ ...payload, config: { ...payload.config, sizes: [16, 4095] } })))).resolves.toMatch(/do not match/);
    await expect(refusal(decodeShare(await packRaw({ ...payload, points: payload.points.slice(1) })))).resolves.toMatch(/do not match/);
    await expect(refusal(decodeShare(await packRaw(withPoint(1, { tile: 8 }))))).resolves.toMatch(/tile width differs/);
  });

  it('property: the form and the link accept exactly the same warm-up and sample counts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('warmups' as const, 'samples' as const), fc.integer({ min: -5, max: 2000 }), async (field, n) => {
        const form = parseSweepCount(String(n), field).error === undefined;
        const config = { ...payload.config, [field]: n };
        expect(SweepConfigSchema.safeParse(config).success).toBe(form);
        expect(sweepConfigError(config) === undefined).toBe(form);
        const r = await decodeOrError(await packRaw({ ...payload, config }));
        expect(r instanceof ShareError, `${field} = ${n}`).toBe(!form);
        if (!form) expect(sweepConfigError(config)).toEqual(parseSweepCount(String(n), field).error);
      }),
      { numRuns: 200 },
    );
    await expect(refusal(decodeShare(await packRaw({ ...payload, config: { ...payload.config, samples: 1000 } })))).resolves.toMatch(/config.samples/);
  });

  it('refuses absurd or self-contradicting figures', async () => {
    const big = kMaxPlausibleGflops * 10;
    // 1.7e308 GFLOP/s is finite, and would overflow the chart's range.
    for (const bad of [
      withPoint(0, { gflops: 1.7e308 }),
      withPoint(0, { gflops: big, medianMs: gflops({ m: 16, k: 16, n: 16 }, 1) / big }),
      withPoint(0, { gflops: 5 }), // does not follow from the median
      withPoint(0, { minMs: 1 }), // min above the median
      withPoint(0, { checked: 16 * 16 + 1 }),
      withPoint(0, { medianMs: undefined }),
      withPoint(4, { medianMs: 3 }), // a skipped point with a time
      withPoint(0, { samples: kSweepLimits.samples.max + 1 }),
    ]) {
      await expect(refusal(decodeShare(await packRaw(bad)))).resolves.toMatch(/expected form/);
    }
  });

  it('upgrades history entries saved before version 2 and validates them like links', () => {
    const v1 = { ...payload, v: 1, points: payload.points.map(({ relTolerance: _t, ...p }) => p) };
    expect(parseStoredPayload(v1)).toEqual(payload);
    expect(parseStoredPayload({ ...v1, points: v1.points.map((p, i) => (i === 0 ? { ...p, maxRelError: 8.9 } : p)) })).toBeUndefined();
    expect(parseStoredPayload(payload)).toEqual(payload);
    expect(parseStoredPayload({ nonsense: true })).toBeUndefined();
  });
});

describe('what the sender chooses to share', () => {
  it('by default reveals vendor, architecture, browser and timing, and names what it withheld', async () => {
    const p = applyShareChoice(payload, kDefaultShareChoice);
    expect(p.device).toMatchObject({ vendor: 'nvidia', architecture: 'hopper', browser: 'Mozilla/5.0 Chrome/150', timing: 'gpu-timestamp', description: '', limits: {}, features: [] });
    expect(p.withheld).toEqual(['description', 'limits', 'features']);
    expect(p.label).toBeUndefined();
    expect(await decodeShare(await encodeShare(p))).toEqual(p);
  });
  it('keeps what the sender includes, and a trimmed label', async () => {
    const p = applyShareChoice(payload, { include: { description: true, limits: true, features: true }, label: '  RTX 4090, driver 560, Windows ' });
    expect(p.device).toEqual(payload.device);
    expect(p.withheld).toBeUndefined();
    expect(p.label).toBe('RTX 4090, driver 560, Windows');
    expect(await decodeShare(await encodeShare(p))).toEqual(p);
    // Choosing again starts from the whole payload: nothing of an earlier choice sticks.
    expect(applyShareChoice(p, { include: { description: true, limits: true, features: true }, label: '' }).label).toBeUndefined();
  });
  it('refuses a label longer than its limit, and unknown withheld fields', async () => {
    await expect(refusal(decodeShare(await packRaw({ ...payload, label: 'x'.repeat(kMaxLabelChars + 1) })))).resolves.toMatch(/label/);
    await expect(refusal(decodeShare(await packRaw({ ...payload, withheld: ['browser'] })))).resolves.toMatch(/withheld/);
  });
  it('still opens a v2 link made before the label and the choice (no new fields)', async () => {
    expect(await decodeShare(await packRaw(payload))).toEqual(payload);
  });
});

describe('implausible figures: shown, marked', () => {
  it('accepts a point edited to 1 EFLOP/s with its checksum recomputed, and marks it implausible', async () => {
    const size = 16;
    const medianMs = (gflops({ m: size, k: size, n: size }, 1) / kMaxPlausibleGflops) * (1 + 1e-9); // 1 EFLOP/s, the schema's cap
    const edited = withPoint(1, { medianMs, minMs: medianMs, maxMs: medianMs, gflops: gflops({ m: size, k: size, n: size }, medianMs), dispatchesPerSample: 1 });
    const shown = await decodeShare(await packRaw(edited));
    expect(pointTrust(shown.points[1]!)?.reasons).toContain('implausible');
    expect(pointTrust(shown.points[0]!)?.reasons).not.toContain('implausible');
  });
  it('marks a point whose fastest sample is beyond any GPU, though its median is not', () => {
    const size = 4096;
    const fastMin = gflops({ m: size, k: size, n: size }, 1) / (kMaxGpuGflops * 2);
    const p = measured('naive', size, 90.5, { minMs: fastMin });
    expect(pointTrust(p)?.reasons).toContain('implausible');
    expect(pointTrust(measured('naive', size, 90.5))?.reasons).not.toContain('implausible');
  });
});

describe('several links in one fragment or pasted text', () => {
  it('reads every r= part of a fragment, in order', () => {
    expect(sharesFromHash('#r=r2.a&r=r2.b&x=1&r=r2.c')).toEqual(['r2.a', 'r2.b', 'r2.c']);
    expect(sharesFromHash('')).toEqual([]);
    expect(shareFromHash('#r=r2.a&r=r2.b')).toBe('r2.a');
  });
  it('finds links in pasted text: whole URLs or bare values, without repeats', () => {
    const text = 'mine: https://x.example/?view=bench#r=r2.AAA_-b\nyours r2.CCC and again https://x/#r=r2.AAA_-b';
    expect(sharesInText(text)).toEqual(['r2.AAA_-b', 'r2.CCC']);
    expect(sharesInText('nothing here')).toEqual([]);
  });
});

describe('refusal reasons in the reader’s language', () => {
  /** The reason a link is refused with, as data. */
  async function failure(link: Promise<string> | string) {
    try {
      await decodeShare(await link);
    } catch (e) {
      if (e instanceof ShareError) return e.failure;
      throw e;
    }
    throw new Error('the link was accepted');
  }
  const english = /[A-Za-z]{3,} [a-z]{2,}/;

  it('keeps the reason as data and puts it into words when shown, in either language', async () => {
    const cases = [
      failure('r1.abcd'),
      failure('r3.abcd'),
      failure('hello'),
      failure(`${kSharePrefix}${'A'.repeat(kMaxLinkChars)}`),
      failure(`${kSharePrefix}ab$cd`),
      failure(`${kSharePrefix}AAAA`),
      failure(packRaw(payload, { badSum: true })),
      failure(packRaw(withPoint(0, { gflops: 5 }))),
      failure(packRaw(withPoint(0, { samples: kSweepLimits.samples.max + 1 }))),
      failure(packRaw(withPoint(0, { medianMs: 'slow' as unknown as number }))),
      failure(packRaw({ ...payload, points: payload.points.slice(1) })),
      failure(packRaw({ ...payload, extra: 1 })),
    ];
    const reasons = await Promise.all(cases);
    try {
      await i18n.changeLanguage('zh-CN');
      for (const f of reasons) {
        const text = shareFailureText(f);
        expect(text, text).toMatch(/\p{Script=Han}/u);
        // Field paths (points.0.gflops) and notation stay; no English sentence does.
        expect(text.replace(/[\w.]*config\.[\w.×\s]*/g, ''), text).not.toMatch(english);
      }
      expect(shareFailureText(reasons[7]!)).toContain('GFLOP/s 与尺寸和中位数时间不符');
      expect(shareFailureText(reasons[9]!)).toMatch(/points\.0\.medianMs：.*期望 数字，实际接收 string/);
    } finally {
      await i18n.changeLanguage('en');
    }
    expect(shareFailureText(reasons[7]!)).toMatch(/GFLOP\/s do not follow from the size/);
    expect(shareFailureText(reasons[9]!)).toMatch(/points\.0\.medianMs: Invalid input: expected number, received string/);
  });
});

describe('a share link’s query', () => {
  it('keeps the benchmark’s own keys only: not the language, not the lesson’s problem (issue #34)', () => {
    expect(shareSearch('?sizes=16,24&lang=zh-CN&tile=8')).toBe('?sizes=16,24');
    expect(shareSearch('?m=48&k=32&n=48&tile=16&view=bench&sizes=128,256')).toBe('?view=bench&sizes=128,256');
    expect(shareSearch('?lang=en')).toBe('');
    expect(shareSearch('lang&view=bench')).toBe('?view=bench');
    expect(shareSearch('')).toBe('');
    expect(shareSearch('?language=x&slang=1')).toBe('');
    expect(shareSearch('?limits=default&maxSubmitMs=50')).toBe('?limits=default&maxSubmitMs=50');
  });
});

describe('the roofline in a share link', () => {
  const roofline = { bandwidthGbs: 2987, builtinGbs: 845, fmaGflops: 57840, verified: true, clock: 'gpu-timestamp' as const, runs: 30, copyMib: 256, fmaGflop: 274.9, scale: 'large' as const };
  it('travels as measured figures and comes back exactly', async () => {
    const s = await encodeShare({ ...payload, roofline });
    expect((await decodeShare(s)).roofline).toEqual(roofline);
  });
  it('is optional: a link without it opens as before', async () => {
    const d = await decodeShare(await encodeShare(payload));
    expect(d.roofline).toBeUndefined();
    expect(d).toEqual(payload);
  });
  it('refuses figures that are no speed (negative, unknown fields)', async () => {
    expect(SharePayloadSchema.safeParse({ ...payload, roofline: { ...roofline, fmaGflops: -1 } }).success).toBe(false);
    expect(SharePayloadSchema.safeParse({ ...payload, roofline: { ...roofline, extra: 1 } }).success).toBe(false);
  });
  // The tensor roof (issue #49): an H200's, as its probe measured it (1.1·10^12 FLOP in 1.74 ms).
  const tensor = { gflops: 1_099_511.627776 / 1.74, gflop: 1099.511627776, ms: 1.74, runs: 40, clock: 'gpu-timestamp' as const, verified: true };
  it('carries the tensor roof where it was measured, and brings it back exactly', async () => {
    const d = await decodeShare(await encodeShare({ ...payload, roofline: { ...roofline, tensor } }));
    expect(d.roofline?.tensor).toEqual(tensor);
    expect(d.roofline).toEqual({ ...roofline, tensor });
  });
  it('still opens a link made before the tensor roof travelled: no tensor roof, the rest as before', async () => {
    // What the app wrote before: the roofline object with no tensor field.
    const d = await decodeShare(await encodeShare({ ...payload, roofline }));
    expect(d.roofline).toEqual(roofline);
    expect(d.roofline && 'tensor' in d.roofline).toBe(false);
  });
  it('refuses a tensor roof that is no figure (negative, a missing or unknown field)', () => {
    expect(SharePayloadSchema.safeParse({ ...payload, roofline: { ...roofline, tensor: { ...tensor, gflops: -1 } } }).success).toBe(false);
    const { ms: _ms, ...noMs } = tensor;
    expect(SharePayloadSchema.safeParse({ ...payload, roofline: { ...roofline, tensor: noMs } }).success).toBe(false);
    expect(SharePayloadSchema.safeParse({ ...payload, roofline: { ...roofline, tensor: { ...tensor, extra: 1 } } }).success).toBe(false);
  });
});

describe('the probes in a share link', () => {
  const v = (kind: string, medianMs: number, gbps: number) => ({ kind, medianMs, gbps, runs: 10, verified: true, trusted: true });
  // The H100's figures through wgpu (bench/results/round10/call2-*): strided 3.60× coalesced; columns 5.38× rows.
  const probes = {
    coalescing: { mib: 64, software: false, clock: 'gpu-timestamp' as const, variants: [v('coalesced', 0.0301, 2229), v('strided', 0.1084, 619)] },
    banks: { mib: 512, software: false, clock: 'gpu-timestamp' as const, variants: [v('rows', 0.394, 1362), v('columns', 2.12, 253), v('padded', 0.394, 1362)] },
  };
  it('travel as measured figures and verdicts and come back exactly', async () => {
    const s = await encodeShare({ ...payload, probes } as SharePayload);
    expect((await decodeShare(s)).probes).toEqual(probes);
  });
  it('are optional, each of them: a link without them, or with one, opens', async () => {
    expect((await decodeShare(await encodeShare(payload))).probes).toBeUndefined();
    const one = { coalescing: probes.coalescing };
    expect((await decodeShare(await encodeShare({ ...payload, probes: one } as SharePayload))).probes).toEqual(one);
  });
  it('refuse a variant of the other probe, a fourth variant, a negative time or an unknown field', () => {
    const bad = [
      { coalescing: { ...probes.coalescing, variants: [v('rows', 1, 1)] } },
      { banks: { ...probes.banks, variants: [...probes.banks.variants, v('rows', 1, 1)] } },
      { banks: { ...probes.banks, variants: [v('rows', -1, 1)] } },
      { banks: { ...probes.banks, variants: [] } },
      { ...probes, extra: 1 },
    ];
    for (const p of bad) expect(SharePayloadSchema.safeParse({ ...payload, probes: p }).success, JSON.stringify(p)).toBe(false);
  });
});

describe('each refusal says its true reason (issue #35)', () => {
  /** A link over any bytes, with a correct checksum unless `badSum`. */
  async function packBytes(json: Uint8Array, { badSum = false } = {}): Promise<string> {
    const packed = new Uint8Array(await new Response(new Blob([json as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer());
    const sum = await shareChecksum(json);
    if (badSum) sum[0]! ^= 1;
    const data = new Uint8Array(kChecksumBytes + packed.length);
    data.set(sum);
    data.set(packed, kChecksumBytes);
    return kSharePrefix + b64u(data);
  }
  const reasonOf = async (link: string) => {
    const e = await decodeOrError(link);
    if (!(e instanceof ShareError)) throw new Error('the link was accepted');
    return e.failure;
  };

  it('invalid JSON behind a correct checksum: not JSON, never "checksum does not match"', async () => {
    for (const text of ['{"v": 2, "app": ', 'not json at all', '']) {
      const f = await reasonOf(await packBytes(new TextEncoder().encode(text)));
      expect(f.reason, text).toBe('notJson');
      expect(shareFailureText(f)).toMatch(/checksum matches.*not valid JSON/);
      expect(shareFailureText(f)).not.toMatch(/does not match/);
    }
    // Bytes that are not UTF-8 at all, checksum right: the same reason.
    expect((await reasonOf(await packBytes(Uint8Array.of(0xff, 0xfe, 0x7b)))).reason).toBe('notJson');
  });

  it('data that does not inflate: cannot be unpacked, never "checksum does not match"', async () => {
    const link = await encodeShare(payload);
    const bytes = unb64u(link.slice(kSharePrefix.length));
    // The deflate stream's first block header given the invalid block type 11.
    bytes[kChecksumBytes]! |= 0b110;
    const f = await reasonOf(kSharePrefix + b64u(bytes));
    expect(f.reason).toBe('unpack');
    expect(shareFailureText(f)).toMatch(/cannot be unpacked/);
  });

  it('a bad checksum over valid JSON: damaged, checksum does not match', async () => {
    const f = await reasonOf(await packBytes(new TextEncoder().encode(JSON.stringify(payload)), { badSum: true }));
    expect(f.reason).toBe('damaged');
    expect(shareFailureText(f)).toMatch(/checksum does not match/);
  });

  it('an unknown version: in the prefix (older, newer) or in the data behind a correct prefix', async () => {
    expect((await reasonOf('r1.abcd')).reason).toBe('older');
    expect((await reasonOf('r7.abcd')).reason).toBe('newer');
    for (const v of [3, 1, 99]) {
      const f = await reasonOf(await packRaw({ ...payload, v }));
      expect(f).toEqual({ reason: 'version', v });
      expect(shareFailureText(f)).toContain(`version ${v}; this version of Tiles reads version 2`);
    }
  });

  it('a schema field: its path and zod’s words for it', async () => {
    const f = await reasonOf(await packRaw({ ...payload, roofline: { bandwidthGbs: 'fast', builtinGbs: 1, fmaGflops: 1, verified: true, clock: 'gpu-timestamp', runs: 3, copyMib: 1, fmaGflop: 1, scale: 'small' } }));
    expect(f.reason).toBe('form');
    expect(shareFailureText(f)).toMatch(/roofline\.bandwidthGbs: Invalid input: expected number, received string/);
  });

  it('a cross-field rule: the rule’s own words (duplicate probe variants, not "not trusted")', async () => {
    const v = (kind: string) => ({ kind, medianMs: 1, gbps: 0.25 * 2 ** 20 / 1e6, runs: 3, verified: true, trusted: true });
    const probes = { coalescing: { mib: 0.25, software: true, clock: 'wall-clock', variants: [v('coalesced'), v('coalesced')] } };
    const f = await reasonOf(await packRaw({ ...payload, probes }));
    expect(f.reason).toBe('form');
    expect(shareFailureText(f)).toMatch(/probes\.coalescing\.variants: a probe lists the same variant more than once/);
    // The points' rule: rates that contradict the median.
    expect(shareFailureText(await reasonOf(await packRaw(withPoint(0, { gflops: 5 }))))).toMatch(/points: GFLOP\/s do not follow from the size and the median time|GFLOP\/s do not follow/);
  });

  it('each reason in 简体中文 too', async () => {
    const reasons = [await reasonOf(await packBytes(new TextEncoder().encode('{'))), await reasonOf(await packRaw({ ...payload, v: 3 }))];
    try {
      await i18n.changeLanguage('zh-CN');
      for (const f of reasons) expect(shareFailureText(f)).toMatch(/\p{Script=Han}/u);
      expect(shareFailureText(reasons[1]!)).toContain('版本为 3');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('the software adapter and the roofline’s medians travel as data (issue #35)', () => {
  it('a link records isFallbackAdapter and the roofline’s medians, and comes back exactly', async () => {
    const roofline = { bandwidthGbs: 2, builtinGbs: 1, fmaGflops: 0.2, verified: true, clock: 'wall-clock' as const, runs: 3, copyMib: 1, fmaGflop: 0.004, scale: 'small' as const, copyMs: 1.048576, builtinMs: 2.097152, fmaMs: 20 };
    const p = { ...payload, device: { ...payload.device, isFallbackAdapter: true }, roofline };
    expect(await decodeShare(await encodeShare(p))).toEqual(p);
  });
  it('links made before them still open', async () => {
    expect((await decodeShare(await encodeShare(payload))).device.isFallbackAdapter).toBeUndefined();
  });
});
