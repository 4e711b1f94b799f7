import { describe, expect, it } from 'vitest';
import { crossover, estimateMs, showsSpread, kAutoSampling, parseSizes as parseSizesData, markdownTable, parseSweepCount, PointSchema, pointsToCsv, samplingText, SweepConfigSchema, sweepPlan } from './bench';
import { i18n, say, t } from '../i18n';
import { pointReasonText } from '../i18n/bench';

/** parseSizes with its message in words. */
const parseSizes = (raw: string) => {
  const r = parseSizesData(raw);
  return r.error ? { ...r, error: say(r.error) } : r;
};

describe('parseSizes', () => {
  it('accepts commas, spaces and semicolons and drops duplicates', () => {
    expect(parseSizes('16, 24 40;16')).toEqual({ sizes: [16, 24, 40] });
  });
  it('rejects empty, non-numeric, zero, fractional and absurd sizes', () => {
    for (const bad of ['', ' , ', 'abc', '0', '2.5', '-3', '99999999', Array.from({ length: 65 }, (_, i) => i + 1).join(',')]) {
      expect(parseSizes(bad).error, bad).toBeTruthy();
    }
  });
});

describe('parseSweepCount', () => {
  it('asks for an empty or blank count instead of reading it as 0 (issue #26)', () => {
    for (const field of ['warmups', 'samples'] as const) {
      for (const raw of ['', '   ', '\t']) {
        const r = parseSweepCount(raw, field);
        expect(r.value).toBeUndefined();
        expect(say(r.error!)).toContain('required');
      }
      expect(parseSweepCount('0', field)).toEqual({ value: 0 });
      expect(parseSweepCount(' 3 ', field)).toEqual({ value: 3 });
    }
  });
});

describe('sweep helpers', () => {
  it('plans each size × kernel in order', () => {
    expect(sweepPlan({ sizes: [8, 16], kernels: ['naive', 'tiled'], tile: 16, warmups: 1, samples: 0 })).toEqual([
      { size: 8, kernel: 'naive' },
      { size: 8, kernel: 'tiled' },
      { size: 16, kernel: 'naive' },
      { size: 16, kernel: 'tiled' },
    ]);
  });
  it('estimates cubic growth', () => {
    expect(estimateMs(2, 512, 1024)).toBe(16);
  });
  it('finds the size from which tiled stays ahead', () => {
    const p = (kernel: 'naive' | 'tiled', size: number, medianMs: number, spread = 0) => ({
      kernel,
      size,
      medianMs,
      minMs: medianMs * (1 - spread / 2),
      maxMs: medianMs * (1 + spread / 2),
      clock: 'gpu-timestamp' as const,
      dispatchesPerSample: 1,
      verified: true,
      tile: kernel === 'tiled' ? (16 as const) : null,
    });
    expect(crossover([p('naive', 64, 1), p('tiled', 64, 2), p('naive', 128, 2), p('tiled', 128, 1), p('naive', 256, 8), p('tiled', 256, 3)])).toBe(128);
    expect(crossover([p('naive', 64, 1), p('tiled', 64, 0.5), p('naive', 128, 1), p('tiled', 128, 2)])).toBeUndefined();
    expect(crossover([p('naive', 64, 1)])).toBeUndefined();
    // The same figures from a software adapter: no GPU's speed, so no crossover (issue #46).
    expect(crossover([p('naive', 64, 1), p('tiled', 64, 2), p('naive', 128, 2), p('tiled', 128, 1), p('naive', 256, 8), p('tiled', 256, 3)], true)).toBeUndefined();
  });
  it('reads no crossover from a point that is not a speed (core/trust)', () => {
    const p = (kernel: 'naive' | 'tiled', size: number, medianMs: number, spread = 0) => ({
      kernel,
      size,
      medianMs,
      minMs: medianMs * (1 - spread / 2),
      maxMs: medianMs * (1 + spread / 2),
      clock: 'gpu-timestamp' as const,
      dispatchesPerSample: 1,
      verified: true,
      tile: kernel === 'tiled' ? (16 as const) : null,
    });
    // Tiled "ahead" from 64 only by an untimeable naive time (0.5 ms, under 10 steps of 100 µs) at 64, and a noisy one at 128.
    expect(crossover([p('naive', 64, 0.5), p('tiled', 64, 0.4), p('naive', 128, 2, 1.5), p('tiled', 128, 1), p('naive', 256, 8), p('tiled', 256, 3)])).toBe(256);
    expect(crossover([p('naive', 64, 0.5), p('tiled', 64, 0.4)])).toBeUndefined();
  });
  it('writes CSV with quoting and defused formulas', () => {
    const csv = pointsToCsv([{ kernel: 'tiled', tile: 16, size: 64, skipped: '=HYPERLINK("x"), too big' }]);
    const [head, row] = csv.trim().split('\n');
    expect(head!.split(',')[0]).toBe('kernel');
    expect(row).toContain(`"'=HYPERLINK(""x""), too big"`);
  });
});

describe('a point’s recorded reason', () => {
  it('is recorded in English and shown in the reader’s language; other reasons are shown as recorded', async () => {
    const recorded = t('bench:sweep.skippedEstimate', { lng: 'en', seconds: '12', from: '1024³', limit: 4 });
    expect(recorded).toBe('Estimated 12 s per run on this adapter (from 1024³), over the 4 s limit.');
    expect(pointReasonText(recorded)).toBe(recorded);
    try {
      await i18n.changeLanguage('zh-CN');
      // Made while the page reads Chinese, the record is still English (a link carries no language).
      expect(t('bench:sweep.skippedEstimate', { lng: 'en', seconds: '12', from: '1024³', limit: 4 })).toBe(recorded);
      expect(pointReasonText(recorded)).toBe('估计在此适配器上每次运行需 12 秒（根据 1024³ 推算），超过 4 秒的上限。');
      expect(pointReasonText('The adapter refused it.')).toBe('The adapter refused it.');
      expect(parseSizes('').error).toMatch(/\p{Script=Han}/u);
    } finally {
      await i18n.changeLanguage('en');
    }
    expect(parseSizes('').error).toBe('Enter at least one size, e.g. 64, 128, 256.');
  });
});

describe('a point’s reason made in one language, read in the other', () => {
  const inLanguage = async (lng: 'en' | 'zh-CN', check: () => void) => {
    try {
      await i18n.changeLanguage(lng);
      check();
    } finally {
      await i18n.changeLanguage('en');
    }
  };
  // What the sweep records, as the plan and the GPU error scopes say it in the maker's language.
  const made = (lng: 'en' | 'zh-CN') => ({
    feature: t('run:plan.needsFeature', { lng, features: 'subgroups' }),
    wide: t('run:plan.tileWide', { lng, tile: 32, limit: 16 }),
    subgroup: t('run:plan.subgroupTooLarge', { lng, label: t('run:kernel.subgroup.label', { lng }), max: 64, got: 128 }),
    gpu: t('common:device.validation', { lng, what: t('run:scope.running', { lng, label: 'Matmul.naive' }), message: 'Binding size (64) is larger than the maximum: 32.' }),
    memory: t('common:device.outOfMemory', { lng, what: t('run:scope.allocate', { lng }), message: 'Allocation failed' }),
    pipeline: t('common:device.validation', { lng, what: t('common:device.creatingPipeline', { lng, what: t('run:kernel.reg4x4.label', { lng }) }), message: 'Error while parsing WGSL: :3:1 error: x' }),
  });

  it('a reason recorded in Chinese reads in English, names and numbers kept', async () => {
    const zh = made('zh-CN');
    const en = made('en');
    expect(zh.feature).toMatch(/\p{Script=Han}/u);
    for (const k of Object.keys(en) as Array<keyof typeof en>) expect(pointReasonText(zh[k]), k).toBe(en[k]);
    expect(pointReasonText(zh.gpu)).toBe('Running Matmul.naive: Binding size (64) is larger than the maximum: 32.');
    expect(pointReasonText(zh.pipeline)).toBe('Creating the Register-tiled 4×4 pipeline: Error while parsing WGSL: :3:1 error: x');
    await inLanguage('zh-CN', () => {
      for (const k of Object.keys(zh) as Array<keyof typeof zh>) expect(pointReasonText(zh[k]), k).toBe(zh[k]);
    });
  });

  it('a reason recorded in English reads in Chinese, a placeholder used twice included', async () => {
    const en = made('en');
    await inLanguage('zh-CN', () => {
      const zh = made('zh-CN');
      for (const k of Object.keys(en) as Array<keyof typeof en>) expect(pointReasonText(en[k]), k).toBe(zh[k]);
      expect(pointReasonText(en.wide)).toBe('块宽 32 需要宽 32 个调用的工作组；此 GPU 的 maxComputeWorkgroupSizeX 为 16。');
      // A repeated placeholder must hold the same value twice.
      expect(pointReasonText(en.wide.replace('32 invocations', '31 invocations'))).toBe(en.wide.replace('32 invocations', '31 invocations'));
    });
  });

  it('text that is none of the app’s sentences stays as recorded, even when it looks like “what: message”', async () => {
    await inLanguage('zh-CN', () => {
      for (const other of ['Compiling shader: error at line 3', 'The adapter refused it.', '', 'Running: x', 'Running my kernel: x', 'Creating the Nonexistent pipeline: x'])
        expect(pointReasonText(other)).toBe(other);
    });
  });
});


describe('markdownTable', () => {
  it('makes a pipe table, numeric columns right-aligned, pipes and line breaks in a cell escaped', () => {
    expect(markdownTable(['kernel', 'GFLOP/s'], [['naive', '1.5'], ['a|b\nc', '2']], [false, true])).toBe(
      '| kernel | GFLOP/s |\n| --- | ---: |\n| naive | 1.5 |\n| a\\|b c | 2 |\n',
    );
  });
});

describe('a point’s 95% interval and the sweep’s stop rule', () => {
  const point = { kernel: 'naive', tile: null, size: 64, clock: 'gpu-timestamp', samples: 20, dispatchesPerSample: 1, medianMs: 2, minMs: 1.5, maxMs: 3, gflops: (2 * 64 ** 3) / (2 * 1e6), verified: true, checked: 64, maxRelError: 0, relTolerance: 1e-6 } as const;
  it('accepts an interval within [min, max] around the median, null, or none (older links)', () => {
    expect(PointSchema.safeParse({ ...point, ci95Ms: [1.9, 2.1] }).success).toBe(true);
    expect(PointSchema.safeParse({ ...point, ci95Ms: null }).success).toBe(true);
    expect(PointSchema.safeParse(point).success).toBe(true);
  });
  it('a point shows its spread in place of an interval only when it is measured and carries none (an older link)', () => {
    expect(showsSpread(point)).toBe(true);
    expect(showsSpread({ ...point, ci95Ms: [1.9, 2.1] })).toBe(false);
    expect(showsSpread({ ...point, ci95Ms: null })).toBe(false);
    expect(showsSpread({ kernel: 'naive', tile: null, size: 64, skipped: 'x' })).toBe(false);
  });
  it('refuses an interval that does not hold the median, or reaches past min or max', () => {
    for (const ci95Ms of [[2.1, 2.2], [1.8, 1.9], [1.4, 2.1], [1.9, 3.5], [2.1, 1.9]])
      expect(PointSchema.safeParse({ ...point, ci95Ms }).success, String(ci95Ms)).toBe(false);
    expect(PointSchema.safeParse({ kernel: 'naive', tile: null, size: 64, skipped: 'x', ci95Ms: null }).success).toBe(false);
  });
  it('a config states its rule; one made before it still parses', () => {
    const c = { sizes: [64], kernels: ['naive'], tile: 16, warmups: 2, samples: 0 } as const;
    expect(SweepConfigSchema.safeParse(c).success).toBe(true);
    expect(SweepConfigSchema.safeParse({ ...c, stop: kAutoSampling }).success).toBe(true);
    expect(SweepConfigSchema.safeParse({ ...c, stop: { ...kAutoSampling, maxSamples: 1000 } }).success).toBe(false);
    expect(SweepConfigSchema.safeParse({ ...c, stop: { ...kAutoSampling, level: 1 } }).success).toBe(false);
  });
  it('CSV says how every point was sampled, and carries the interval', () => {
    expect(samplingText({ samples: 0, stop: kAutoSampling })).toBe('until ci95 <= ±3%; max 60 samples or 2000 ms');
    expect(samplingText({ samples: 7 })).toBe('fixed 7');
    expect(samplingText({ samples: 0 })).toBe('');
    const csv = pointsToCsv([{ ...point, ci95Ms: [1.9, 2.1] }], { samples: 0, stop: kAutoSampling }).split('\n');
    const head = csv[0]!.split(',');
    const row = csv[1]!.split(',');
    expect(row[head.indexOf('ci95LowMs')]).toBe('1.9');
    expect(row[head.indexOf('ci95HighMs')]).toBe('2.1');
    expect(row[head.indexOf('sampling')]).toBe('until ci95 <= ±3%; max 60 samples or 2000 ms');
  });
});
