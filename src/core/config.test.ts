import fc from 'fast-check';
import { say } from '../i18n';
import { describe, expect, it } from 'vitest';
import { parseConfig, sameRunConfig, type ParsedConfig } from './config';
import { kPatterns } from './data';
import { kTileWidths } from './shape';
import { kDefaultConfig, type ConfigText } from './url';

describe('parseConfig', () => {
  it('parses the default configuration', () => {
    expect(parseConfig(kDefaultConfig)).toEqual({
      config: { shape: { m: 48, k: 32, n: 48 }, tile: 16, pattern: 'random', seed: 1, samples: 0 },
      errors: {},
    });
  });

  it('parses the sample count: auto or one of the offered counts', () => {
    expect(parseConfig({ ...kDefaultConfig, samples: '3' }).config?.samples).toBe(3);
    expect(say(parseConfig({ ...kDefaultConfig, samples: '7' }).errors.samples!)).toMatch(/auto or one of 3, 10, 30/);
  });

  it('parses every field into its own slot', () => {
    const r = parseConfig({ m: '3', k: '5', n: '7', tile: '2', pattern: 'identity', seed: '4294967295', samples: 'auto' });
    expect(r).toEqual({ config: { shape: { m: 3, k: 5, n: 7 }, tile: 2, pattern: 'identity', seed: 4294967295, samples: 0 }, errors: {} });
  });

  it('trims and accepts number forms the inputs accept', () => {
    const r = parseConfig({ m: ' 1e3 ', k: '16.0', n: '+9', tile: ' 32 ', pattern: 'ones', seed: ' 0 ', samples: 'auto' });
    expect(r.config).toEqual({ shape: { m: 1000, k: 16, n: 9 }, tile: 32, pattern: 'ones', seed: 0, samples: 0 });
  });

  it.each([
    ['m', '0', /^M must be at least 1/],
    ['k', '', /^K is required/],
    ['n', 'abc', /^N must be a whole number; “abc” is not a number\.$/],
    ['tile', '3', /^Tile width must be one of 2, 4, 8, 16, 32 \(got “3”\)\.$/],
    ['tile', '64', /^Tile width must be one of/],
    ['seed', '-1', /^Seed must be a whole number from 0 to 4294967295 \(got “-1”\)\.$/],
    ['seed', '4294967296', /^Seed must be/],
    ['pattern', 'zeros', /^Data pattern must be one of random, integers, ones, identity\.$/],
    ['pattern', '', /^Data pattern must be one of/],
    ['pattern', 'Random', /^Data pattern must be one of/],
  ] as const)('a bad %s (%j) gives no config and one message under that key', (field, raw, want) => {
    const r = parseConfig({ ...kDefaultConfig, [field]: raw });
    expect(r.config).toBeUndefined();
    expect(Object.keys(r.errors)).toEqual([field]);
    expect(say(r.errors[field]!)).toMatch(want);
  });

  it('reports every bad field at once', () => {
    const r = parseConfig({ m: '', k: '-1', n: '2.5', tile: '5', pattern: 'x', seed: 'y', samples: 'auto' });
    expect(r.config).toBeUndefined();
    expect(Object.keys(r.errors).sort()).toEqual(['k', 'm', 'n', 'pattern', 'seed', 'tile']);
    for (const msg of Object.values(r.errors)) expect(say(msg).length).toBeGreaterThan(0);
  });

  it('gives a config exactly when there are no errors, for any text (property)', () => {
    const field = (good: fc.Arbitrary<string>) => fc.oneof(good, fc.string({ maxLength: 8 }));
    const arb = fc.record({
      m: field(fc.integer({ min: 1, max: 5000 }).map(String)),
      k: field(fc.integer({ min: 1, max: 5000 }).map(String)),
      n: field(fc.integer({ min: 1, max: 5000 }).map(String)),
      tile: field(fc.constantFrom(...kTileWidths).map(String)),
      pattern: field(fc.constantFrom(...kPatterns)),
      seed: field(fc.integer({ min: 0, max: 0xffffffff }).map(String)),
      samples: fc.constantFrom('auto', '3', '10', '30'),
    });
    fc.assert(
      fc.property(arb, (c: ConfigText) => {
        const r = parseConfig(c);
        if (r.config) {
          expect(r.errors).toEqual({});
          expect(String(r.config.shape.m)).toBe(String(Number(c.m.trim())));
          expect(r.config.pattern).toBe(c.pattern);
          expect(kTileWidths).toContain(r.config.tile);
        } else {
          expect(Object.keys(r.errors).length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('sameRunConfig: the one rule for "this result belongs to that configuration"', () => {
  const base: ParsedConfig = { shape: { m: 48, k: 32, n: 48 }, tile: 16, pattern: 'random', seed: 1, samples: 0 };
  it('holds for the same configuration, and ignores the sample count', () => {
    expect(sameRunConfig(base, { ...base }, true)).toBe(true);
    expect(sameRunConfig(base, { ...base, samples: 30 }, true)).toBe(true);
  });
  it.each<[string, Partial<ParsedConfig>]>([
    ['m', { shape: { m: 49, k: 32, n: 48 } }],
    ['k', { shape: { m: 48, k: 33, n: 48 } }],
    ['n', { shape: { m: 48, k: 32, n: 47 } }],
    ['pattern', { pattern: 'ones' }],
    ['seed', { seed: 2 }],
  ])('fails when %s differs, whether or not the kernel uses the tile', (_, patch) => {
    expect(sameRunConfig(base, { ...base, ...patch }, true)).toBe(false);
    expect(sameRunConfig(base, { ...base, ...patch }, false)).toBe(false);
  });
  it('compares the tile width only for kernels that use it', () => {
    expect(sameRunConfig(base, { ...base, tile: 8 }, true)).toBe(false);
    expect(sameRunConfig(base, { ...base, tile: 8 }, false)).toBe(true);
  });
  it('is symmetric (property)', () => {
    const cfg = fc.record({
      shape: fc.record({ m: fc.integer({ min: 1, max: 4 }), k: fc.integer({ min: 1, max: 4 }), n: fc.integer({ min: 1, max: 4 }) }),
      tile: fc.constantFrom(...kTileWidths),
      pattern: fc.constantFrom(...kPatterns),
      seed: fc.integer({ min: 0, max: 2 }),
      samples: fc.constantFrom(0, 3),
    });
    fc.assert(fc.property(cfg, cfg, fc.boolean(), (a, b, t) => sameRunConfig(a, b, t) === sameRunConfig(b, a, t)));
  });
});
