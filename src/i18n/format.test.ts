import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clockResolutionMs } from '../core/clock';
import { fmtBelowResolution, fmtBytes, fmtError, fmtFlops, fmtGflops, fmtInt, fmtMeasuredMs, fmtMs, fmtRate, isBelowResolution } from './format';

/** A formatted figure: a plain decimal (thousands separated) or a power of ten, then a unit. */
const kWellFormed = /^(\d{1,3}(,\d{3})*|\d+\.\d+|\d\.\d{2} × 10\^-?\d+) [a-zA-Zµ/]+$/;

describe('fmtMs', () => {
  it('formats each unit and each boundary, the unit chosen after rounding', () => {
    const cases: Array<[number, string]> = [
      [0, '0 ms'],
      [1e-7, '0.100 ns'],
      [0.000999, '999 ns'],
      [0.0009996, '1.00 µs'], // rounds to 1000 ns: one µs, not "1.00e+3 ns"
      [0.001, '1.00 µs'],
      [0.0125, '12.5 µs'],
      [0.1, '100 µs'],
      [0.999, '999 µs'],
      [0.99996, '1.00 ms'], // the "1.00e+3 µs"
      [1, '1.00 ms'],
      [9.996, '10.0 ms'],
      [99.96, '100 ms'],
      [123.4, '123 ms'],
      [999.4, '999 ms'],
      [999.6, '1.00 s'],
      [1234, '1.23 s'],
      [86_400_000, '86,400 s'],
    ];
    for (const [ms, want] of cases) expect(fmtMs(ms), String(ms)).toBe(want);
  });
  it('never prints Infinity, NaN or a bare exponent', () => {
    for (const bad of [Infinity, -Infinity, NaN, -1]) expect(fmtMs(bad)).toBe('—');
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e300, noNaN: true }), (ms) => {
        const s = fmtMs(ms);
        expect(s).not.toMatch(/Infinity|NaN|e[+-]/);
        if (ms > 0) expect(s).toMatch(kWellFormed);
      }),
      { numRuns: 2000 },
    );
  });
  it('keeps three significant digits within 0.5% of the value', () => {
    const scale = { ns: 1e-6, µs: 1e-3, ms: 1, s: 1e3 } as const;
    fc.assert(
      fc.property(fc.double({ min: 1e-6, max: 1e8, noNaN: true }), (ms) => {
        const [num, unit] = fmtMs(ms).split(' ') as [string, keyof typeof scale];
        const back = Number(num.replace(/,/g, '')) * scale[unit];
        expect(Math.abs(back - ms) / ms).toBeLessThanOrEqual(0.005);
        expect(Number(num.replace(/,/g, ''))).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('fmtGflops', () => {
  it('formats each unit and each boundary', () => {
    const cases: Array<[number, string]> = [
      [0, '0 GFLOP/s'],
      [0.000123, '123 kFLOP/s'],
      [0.0009996, '1.00 MFLOP/s'],
      [0.001, '0.00100 GFLOP/s'],
      [0.198835, '0.199 GFLOP/s'],
      [1, '1.00 GFLOP/s'],
      [999.4, '999 GFLOP/s'],
      [999.96, '1.00 TFLOP/s'],
      [42_300, '42.3 TFLOP/s'],
      [999_960, '1.00 PFLOP/s'],
      [1e9, '1.00 EFLOP/s'],
      [1.7e308, '1.70 × 10^299 EFLOP/s'],
    ];
    for (const [g, want] of cases) expect(fmtGflops(g), String(g)).toBe(want);
    for (const bad of [Infinity, NaN, -1]) expect(fmtGflops(bad)).toBe('—');
  });
  it('never prints Infinity, NaN or a bare exponent', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: Number.MAX_VALUE, noNaN: true }), (g) => {
        const s = fmtGflops(g);
        expect(s).not.toMatch(/Infinity|NaN|e[+-]/);
        if (g > 0) expect(s).toMatch(kWellFormed);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('times below the clock’s resolution', () => {
  it('give no rate, and say so with the resolution', () => {
    expect(isBelowResolution(0)).toBe(true);
    expect(isBelowResolution(0.05, 0.1)).toBe(true);
    expect(isBelowResolution(0.1, 0.1)).toBe(false);
    expect(isBelowResolution(0.05)).toBe(false);
    expect(isBelowResolution(NaN, 0.1)).toBe(false);
    expect(fmtBelowResolution(0.1)).toBe("below the clock’s resolution (100 µs)");
    expect(fmtBelowResolution()).toBe("below the clock’s resolution");
    expect(fmtBelowResolution(0)).toBe("below the clock’s resolution");
    expect(fmtRate(Infinity, 0, 0.1)).toBe("below the clock’s resolution (100 µs)");
    expect(fmtRate(0, 0)).toBe("below the clock’s resolution");
    expect(fmtRate(0.27, 0.2, 0.1)).toBe('0.270 GFLOP/s');
    expect(fmtMeasuredMs(0, 0.005)).toBe("below the clock’s resolution (5.00 µs)");
    expect(fmtMeasuredMs(0.2, 0.005)).toBe('200 µs');
  });
  it('measures a clock’s step', () => {
    let t = 0;
    let calls = 0;
    // A clock that moves by 0.1 ms every fourth reading.
    expect(clockResolutionMs(() => (calls++ % 4 === 3 ? (t += 0.1) : t))).toBeCloseTo(0.1, 12);
    expect(clockResolutionMs(() => 5, 2)).toBe(0);
    const r = clockResolutionMs();
    expect(r).toBeGreaterThan(0);
    expect(r).toBeLessThan(1);
  });
});

describe('other figures', () => {
  it('errors', () => {
    expect(fmtError(0)).toBe('0');
    expect(fmtError(8.9e-8)).toBe('8.90e-8');
    expect(fmtError(Infinity)).toBe('∞');
    expect(fmtError(NaN)).toBe('—');
  });
  it('bytes at each boundary', () => {
    const cases: Array<[number, string]> = [
      [0, '0 B'],
      [1023, '1023 B'],
      [1024, '1.0 KiB'],
      [2 ** 20 - 1, '1.0 MiB'], // not "1024.0 KiB"
      [2 ** 20 * 676, '676.0 MiB'],
      [2 ** 30 - 1, '1.0 GiB'],
      [2 ** 40, '1.0 TiB'],
    ];
    for (const [b, want] of cases) expect(fmtBytes(b), String(b)).toBe(want);
    for (const bad of [Infinity, NaN, -1]) expect(fmtBytes(bad)).toBe('—');
  });
  it('counts', () => {
    expect(fmtInt(1234567)).toBe('1,234,567');
    expect(fmtInt(NaN)).toBe('—');
    expect(fmtFlops(54)).toBe('54 FLOP');
    expect(fmtFlops(999)).toBe('999 FLOP');
    expect(fmtFlops(33_554_432)).toBe('33.6 MFLOP');
    expect(fmtFlops(999_960_000)).toBe('1.00 GFLOP');
    expect(fmtFlops(137_438_953_472)).toBe('137 GFLOP');
    expect(fmtFlops(Infinity)).toBe('—');
  });
});

describe('figures in the language in use', () => {
  it('formats through Intl for 简体中文 and says "below the clock’s resolution" in Chinese, units and signs kept', async () => {
    const { i18n } = await import('../i18n');
    try {
      await i18n.changeLanguage('zh-CN');
      expect(fmtMs(0.0125)).toBe('12.5 µs');
      expect(fmtMs(86_400_000)).toBe('86,400 s');
      expect(fmtGflops(42_300)).toBe('42.3 TFLOP/s');
      expect(fmtBytes(1536)).toBe('1.5 KiB');
      expect(fmtInt(1234567)).toBe('1,234,567');
      expect(fmtError(8.9e-8)).toBe('8.90e-8');
      expect(fmtBelowResolution(0.1)).toBe('低于时钟分辨率（100 µs）');
      expect(fmtMeasuredMs(0.001, 0.1)).toBe('低于时钟分辨率（100 µs）');
      await i18n.changeLanguage('en');
      expect(fmtBelowResolution(0.1)).toBe("below the clock’s resolution (100 µs)");
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('lists of names (listOf, a message’s { list })', () => {
  const features = ['shader-f16', 'subgroups', 'chromium-experimental-subgroup-matrix'];
  it('in Chinese, a space where a Latin name meets a Han word, none at 、 and none inside a name', async () => {
    const { listOf } = await import('../i18n');
    expect(listOf(features.slice(0, 2), 'zh-CN')).toBe('shader-f16 和 subgroups');
    expect(listOf(features, 'zh-CN')).toBe('shader-f16、subgroups 和 chromium-experimental-subgroup-matrix');
    expect(listOf(features.slice(0, 2), 'zh-TW')).toMatch(/^shader-f16 \p{Script=Han}+ subgroups$/u);
    expect(listOf(['朴素', '分块'], 'zh-CN')).toBe('朴素和分块');
    expect(listOf(features.slice(0, 1), 'zh-CN')).toBe('shader-f16');
    expect(listOf(features, 'en')).toBe('shader-f16, subgroups, and chromium-experimental-subgroup-matrix');
  });
  it('a plan failure naming missing features reads so in both Chinese scripts', async () => {
    const { i18n, say, said } = await import('../i18n');
    try {
      for (const lang of ['zh-CN', 'zh-TW'] as const) {
        await i18n.changeLanguage(lang);
        const text = say(said('run:plan.needsFeatures', { features: { list: features.slice(0, 2) } }));
        expect(text).toContain('shader-f16 ');
        expect(text, lang).not.toMatch(/[A-Za-z0-9]\p{Script=Han}|\p{Script=Han}[A-Za-z0-9]/u);
      }
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
