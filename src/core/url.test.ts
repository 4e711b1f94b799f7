import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseConfig } from './config';
import { decodeUrl, encodeUrl, kDefaultConfig, kViews, startView, type ConfigText } from './url';

/** The configuration part of a decoded query. */
const configOf = (search: string, base?: ConfigText): ConfigText => decodeUrl(search, base).config;

describe('kDefaultConfig', () => {
  it('is the cuda-samples example (48×32×48, tile 16), random, seed 1', () => {
    expect(kDefaultConfig).toEqual({ m: '48', k: '32', n: '48', tile: '16', pattern: 'random', seed: '1', samples: 'auto' });
  });
});

describe('decodeUrl: the configuration', () => {
  it('returns the defaults for an empty query', () => {
    expect(configOf('')).toEqual(kDefaultConfig);
    expect(configOf('?')).toEqual(kDefaultConfig);
  });

  it('reads every key, with or without the leading "?"', () => {
    const want: ConfigText = { m: '1000', k: '3', n: '7', tile: '32', pattern: 'ones', seed: '42', samples: 'auto' };
    expect(configOf('?m=1000&k=3&n=7&tile=32&pattern=ones&seed=42')).toEqual(want);
    expect(configOf('m=1000&k=3&n=7&tile=32&pattern=ones&seed=42')).toEqual(want);
    expect(configOf('?seed=42&pattern=ones&tile=32&n=7&k=3&m=1000')).toEqual(want);
  });

  it('fills missing keys from the base (the defaults unless given)', () => {
    expect(configOf('?m=5')).toEqual({ ...kDefaultConfig, m: '5' });
    const base: ConfigText = { m: '1', k: '2', n: '3', tile: '4', pattern: 'identity', seed: '9', samples: 'auto' };
    expect(configOf('?n=30', base)).toEqual({ ...base, n: '30' });
    expect(base.n).toBe('3'); // base not modified
  });

  it('returns a new object, never the base itself', () => {
    const r = configOf('');
    expect(r).not.toBe(kDefaultConfig);
    expect(kDefaultConfig.m).toBe('48');
  });

  it('keeps bad values as text (so they show in the input with a message)', () => {
    const c = configOf('?m=abc&k=&tile=3&pattern=zeros&seed=-1');
    expect(c).toEqual({ m: 'abc', k: '', n: '48', tile: '3', pattern: 'zeros', seed: '-1', samples: 'auto' });
    const r = parseConfig(c);
    expect(r.config).toBeUndefined();
    expect(Object.keys(r.errors).sort()).toEqual(['k', 'm', 'pattern', 'seed', 'tile']);
  });

  it('ignores unknown keys, case variants and fragments of other syntax', () => {
    expect(configOf('?M=5&x=1&tile_=8&mm=3&utm_source=mail')).toEqual(kDefaultConfig);
  });

  it('decodes percent-escapes and "+" as a space', () => {
    expect(configOf('?m=%20%2042&k=1%2B1&n=+7+&pattern=%E2%80%9C').m).toBe('  42');
    expect(configOf('?k=1%2B1').k).toBe('1+1');
    expect(configOf('?n=+7+').n).toBe(' 7 ');
    expect(configOf('?pattern=%E2%80%9C').pattern).toBe('“');
  });

  it('survives garbage without throwing', () => {
    for (const q of ['?%', '?%%%&&==', '?m=%ZZ', '?&&&', '?=&=', '?m', '?m=1=2', '#m=5', '?m=%00%1b', '?\u0000\uFFFF', '?m=%F0%9F%98']) {
      expect(() => configOf(q), q).not.toThrow();
    }
    expect(configOf('?m=%ZZ').m).toBe('%ZZ');
    expect(configOf('?m').m).toBe('');
    expect(configOf('?m=1=2').m).toBe('1=2');
    expect(configOf('?%%%&&==')).toEqual(kDefaultConfig);
  });

  it('takes the first of repeated keys', () => {
    expect(configOf('?m=1&m=2').m).toBe('1');
  });

  it('clips very long values to 32 characters', () => {
    const c = configOf(`?m=${'9'.repeat(10_000)}&pattern=${'x'.repeat(33)}&seed=${'1'.repeat(32)}`);
    expect(c.m).toBe('9'.repeat(32));
    expect(c.pattern).toBe('x'.repeat(32));
    expect(c.seed).toBe('1'.repeat(32)); // exactly 32 is kept whole
    expect(configOf(`?tile=${'%41'.repeat(100)}`).tile).toBe('A'.repeat(32)); // clipped after decoding
  });

  it('never returns a value longer than 32, never throws, always has all seven keys (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 120 }), fc.string({ maxLength: 120 })), (q) => {
        const c = configOf(q);
        const keys = Object.keys(c).sort().join(',');
        const bad = Object.values(c).filter((v) => typeof v !== 'string' || v.length > 32);
        if (keys !== 'k,m,n,pattern,samples,seed,tile' || bad.length > 0) throw new Error(`for ${JSON.stringify(q)}: ${JSON.stringify(c)}`);
      }),
      { numRuns: 300 },
    );
  });
});

describe('encodeUrl: the configuration', () => {
  it('always writes m, k, n and tile; pattern and seed only when not the default', () => {
    expect(encodeUrl(kDefaultConfig)).toBe('?m=48&k=32&n=48&tile=16');
    expect(encodeUrl({ ...kDefaultConfig, pattern: 'ones' })).toBe('?m=48&k=32&n=48&tile=16&pattern=ones');
    expect(encodeUrl({ ...kDefaultConfig, seed: '7', samples: 'auto' })).toBe('?m=48&k=32&n=48&tile=16&seed=7');
    expect(encodeUrl({ m: '1', k: '2', n: '3', tile: '4', pattern: 'integers', seed: '0', samples: 'auto' })).toBe('?m=1&k=2&n=3&tile=4&pattern=integers&seed=0');
  });

  it('escapes special characters', () => {
    const q = encodeUrl({ ...kDefaultConfig, m: 'a&b=c', k: '1 2', n: '#?', pattern: '“x”' });
    expect(q).toBe('?m=a%26b%3Dc&k=1+2&n=%23%3F&tile=16&pattern=%E2%80%9Cx%E2%80%9D');
  });
});

describe('round trip', () => {
  it.each<ConfigText>([
    kDefaultConfig,
    { m: '1000', k: '1000', n: '1000', tile: '16', pattern: 'random', seed: '1', samples: 'auto' },
    { m: '3', k: '3', n: '3', tile: '2', pattern: 'identity', seed: '2654435769', samples: 'auto' },
    { m: '', k: ' 5 ', n: 'a&b', tile: '=', pattern: '', seed: '', samples: 'auto' },
  ])('decodeUrl(encodeUrl(c)).config = c for %o', (c) => {
    expect(configOf(encodeUrl(c))).toEqual(c);
  });

  it('holds for any well-formed text up to 32 code units (property)', () => {
    const text = fc.string({ unit: 'binary', maxLength: 32 }).filter((s) => s.length <= 32);
    fc.assert(
      fc.property(fc.record({ m: text, k: text, n: text, tile: text, pattern: text, seed: text, samples: text }), (c) => {
        expect(configOf(encodeUrl(c))).toEqual(c);
      }),
      { numRuns: 500 },
    );
  });

  it('longer values come back clipped to their first 32 characters', () => {
    const c = { ...kDefaultConfig, m: '1'.repeat(40) };
    expect(configOf(encodeUrl(c))).toEqual({ ...c, m: '1'.repeat(32) });
  });
});

describe('decodeUrl: every key of the automation contract, in one codec', () => {
  it('reads the configuration, sizes, view, dotn, limits and maxSubmitMs', () => {
    const u = decodeUrl('?m=48&k=32&n=48&tile=16&pattern=integers&seed=7&samples=3&sizes=64,128&view=dot&dotn=1000&limits=default&maxSubmitMs=250');
    expect(u).toEqual({
      config: { m: '48', k: '32', n: '48', tile: '16', pattern: 'integers', seed: '7', samples: '3' },
      sizes: '64,128',
      view: 'dot',
      dotn: '1000',
      defaultLimitsOnly: true,
      maxSubmitMs: 250,
    });
  });

  it('gives the defaults for an empty query', () => {
    expect(decodeUrl('')).toEqual({ config: kDefaultConfig, defaultLimitsOnly: false });
  });

  it('drops each bad value on its own, keeping the good ones', () => {
    const u = decodeUrl('?m=5&view=nope&limits=all&maxSubmitMs=-3&dotn=abc');
    expect(u.config.m).toBe('5');
    expect(u.view).toBeUndefined();
    expect(u.defaultLimitsOnly).toBe(false);
    expect(u.maxSubmitMs).toBeUndefined();
    expect(u.dotn).toBe('abc'); // text, checked by the dot view like typed input
  });

  it.each([
    ['?lang=zh-CN', 'zh-CN'],
    ['?lang=en', 'en'],
    ['?lang=fr', undefined],
    ['?lang=zh-cn', undefined],
    ['?lang=', undefined],
  ] as const)('reads %s as language %s (only the tags it writes)', (q, want) => {
    expect(decodeUrl(q).lang).toBe(want);
  });

  it('writes lang last and leaves it out when not given', () => {
    expect(encodeUrl(kDefaultConfig, { lang: 'zh-CN' })).toBe('?m=48&k=32&n=48&tile=16&lang=zh-CN');
    expect(encodeUrl(kDefaultConfig)).not.toContain('lang');
  });

  it.each(['0', '', ' ', 'NaN', 'Infinity', '60001', 'abc', '-1'])('refuses maxSubmitMs=%s', (v) => {
    expect(decodeUrl(`?maxSubmitMs=${v}`).maxSubmitMs).toBeUndefined();
  });

  it.each([
    ['1', 1],
    ['0.5', 0.5],
    ['60000', 60000],
    ['1e3', 1000],
  ])('accepts maxSubmitMs=%s', (v, want) => {
    expect(decodeUrl(`?maxSubmitMs=${v}`).maxSubmitMs).toBe(want);
  });

  it('clips sizes to 400 and dotn to 32 characters', () => {
    const u = decodeUrl(`?sizes=${'1,'.repeat(300)}&dotn=${'7'.repeat(100)}`);
    expect(u.sizes).toHaveLength(400);
    expect(u.dotn).toBe('7'.repeat(32));
  });

  it('never throws and always gives a full state (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.string({ maxLength: 200 })), (q) => {
        const u = decodeUrl(q);
        expect(Object.keys(u.config).sort().join(',')).toBe('k,m,n,pattern,samples,seed,tile');
        if (u.view !== undefined) expect(kViews).toContain(u.view);
        expect(typeof u.defaultLimitsOnly).toBe('boolean');
        if (u.maxSubmitMs !== undefined) expect(u.maxSubmitMs > 0 && u.maxSubmitMs <= 60000).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});

describe('encodeUrl', () => {
  it('writes the extras after the configuration, in a fixed order, only when given', () => {
    expect(encodeUrl(kDefaultConfig)).toBe('?m=48&k=32&n=48&tile=16');
    expect(encodeUrl(kDefaultConfig, { defaultLimitsOnly: true, sizes: '8,16', view: 'dot', dotn: '64', maxSubmitMs: 1 })).toBe(
      '?m=48&k=32&n=48&tile=16&limits=default&sizes=8%2C16&view=dot&dotn=64&maxSubmitMs=1',
    );
    // dotn only with the dot view; the lesson is the default view and not written, unless sizes would open the benchmark
    expect(encodeUrl(kDefaultConfig, { view: 'lesson', dotn: '64' })).toBe('?m=48&k=32&n=48&tile=16');
    expect(encodeUrl(kDefaultConfig, { view: 'lesson', sizes: '8' })).toBe('?m=48&k=32&n=48&tile=16&sizes=8&view=lesson');
    expect(encodeUrl(kDefaultConfig, { view: 'ladder' })).toBe('?m=48&k=32&n=48&tile=16&view=ladder');
  });

  it('round-trips every key (property)', () => {
    const text = fc.string({ maxLength: 32 });
    fc.assert(
      fc.property(
        fc.record({ m: text, k: text, n: text, tile: text, pattern: text, seed: text, samples: text }),
        fc.record({
          sizes: fc.option(fc.string({ maxLength: 400 }), { nil: undefined }),
          view: fc.constantFrom(...kViews),
          dotn: fc.option(text, { nil: undefined }),
          defaultLimitsOnly: fc.boolean(),
          maxSubmitMs: fc.option(fc.integer({ min: 1, max: 60000 }), { nil: undefined }),
        }),
        (config, x) => {
          const u = decodeUrl(encodeUrl(config, x));
          expect(u.config).toEqual(config);
          expect(u.sizes).toBe(x.sizes);
          expect(startView(u)).toBe(x.view);
          expect(u.dotn).toBe(x.view === 'dot' ? x.dotn : undefined);
          expect(u.defaultLimitsOnly).toBe(x.defaultLimitsOnly);
          expect(u.maxSubmitMs).toBe(x.maxSubmitMs);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('startView: the view a page opens on', () => {
  it('opens a shared-results fragment on the shared results, whatever the query says', () => {
    expect(startView(decodeUrl('?sizes=8'), '#r=r2.abc')).toBe('shared');
    expect(startView(decodeUrl('?view=dot'), '#r=x')).toBe('shared');
  });
  it('opens the named view, then sizes on the benchmark, else the lesson (old links keep working)', () => {
    expect(startView(decodeUrl('?view=dot&dotn=1000'))).toBe('dot');
    expect(startView(decodeUrl('?view=matmul'))).toBe('lesson');
    expect(startView(decodeUrl('?sizes=64,128,256'))).toBe('bench');
    expect(startView(decodeUrl('?m=3&k=3&n=3&tile=2'))).toBe('lesson');
    expect(startView(decodeUrl(''), '#run-both')).toBe('lesson');
    for (const v of kViews) expect(startView(decodeUrl(`?view=${v}&sizes=8`))).toBe(v);
  });
});
