import './testing';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { parseDimension } from '../core/input';
import { checkProblem } from '../core/limits';
import { kPresets } from '../core/presets';
import { say } from '../i18n';
import { presetLabel, presetSource } from '../i18n/words';
import { howChecked, kClockLabels, kPatternLabels } from '../i18n/words';
import { kDefaultConfig } from '../core/url';
import { checkKernels, derive, deriveCount, describeConfig } from './selectors';
import { lostMessage } from './session';
import type { GpuStatus } from './store';
import type { TuneRecord } from '../core/tuning';
import { defaultLimitsInfo } from './testing';

const ready: GpuStatus = { state: 'ready', info: defaultLimitsInfo() };
const noRecords: readonly TuneRecord[] = [];
const han = /\p{Script=Han}/u;
/** Two English words in a row: text a Chinese reader would have to translate. */
const english = /[A-Za-z]{3,} [a-z]{3,}/;

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('messages in the language in use', () => {
  it('every bad size reads fully in Chinese (0, negative, fractional, not a number, empty, absurd)', async () => {
    await i18n.changeLanguage('zh-CN');
    for (const raw of ['0', '-3', '2.5', 'abc', '', '99999999999']) {
      const r = parseDimension(raw, 'M');
      expect(r.ok).toBe(false);
      const message = r.ok ? '' : say(r.message);
      expect(message, raw).toMatch(han);
      expect(message, raw).not.toMatch(english);
    }
    const empty = parseDimension('', 'M');
    expect(empty.ok ? '' : say(empty.message)).toBe('M 为必填项：请输入 1 到 1,048,576 之间的整数。');
  });

  it('sizes beyond the adapter’s limits read fully in Chinese, numbers through Intl', async () => {
    await i18n.changeLanguage('zh-CN');
    const limits = defaultLimitsInfo().limits;
    const buffer = checkProblem({ m: 65536, k: 4, n: 65536 }, limits, []);
    expect(say(buffer.m!)).toBe('矩阵 C（M×N = 65536×65536）需要 16,384 MiB；这个 GPU 的 maxStorageBufferBindingSize 是 128 MiB。');
    const across = checkProblem({ m: 4, k: 4, n: 300000 }, limits, [{ label: 'tiled', dispatch: [150000, 1, 1] }]);
    expect(say(across.n!)).toMatch(han);
    expect(say(across.n!)).not.toMatch(english);
  });

  it('a language switch plans nothing again: the derivation holds data, the words follow the language', async () => {
    const config = { ...kDefaultConfig, m: '0', tile: '3' };
    const en = derive(config, ready, noRecords);
    expect(say(en.parseErrors.m!)).toBe('M must be at least 1 (got 0).');
    const planned = deriveCount;
    await i18n.changeLanguage('zh-CN');
    const zh = derive(config, ready, noRecords);
    expect(zh).toBe(en); // the same derivation object: no parse, no plan
    expect(deriveCount).toBe(planned);
    expect(say(zh.parseErrors.m!)).toBe('M 必须至少为 1（输入的是 0）。');
    expect(say(checkKernels(zh, ['naive', 'tiled']).errors.tile!)).toMatch(han);
    await i18n.changeLanguage('en');
    expect(derive(config, ready, noRecords)).toBe(en);
    expect(deriveCount).toBe(planned);
    expect(say(derive(config, ready, noRecords).parseErrors.m!)).toBe('M must be at least 1 (got 0).');
  });

  it('a valid configuration is planned once for every kernel, whatever the language switches', async () => {
    const config = { ...kDefaultConfig, m: '40', k: '24', n: '56' };
    const before = deriveCount;
    const d = derive(config, ready, noRecords);
    expect(deriveCount).toBe(before + 1);
    expect(Object.keys(d.plans).length).toBeGreaterThan(10);
    for (const lang of ['zh-CN', 'en', 'zh-CN', 'en'] as const) {
      await i18n.changeLanguage(lang);
      expect(derive(config, ready, noRecords)).toBe(d);
    }
    expect(deriveCount).toBe(before + 1);
  });

  it('labels read from core (clocks, patterns, presets, checks, configurations) follow the language when read', async () => {
    const cfg = { shape: { m: 48, k: 32, n: 48 }, tile: 16 as const, pattern: 'random' as const, seed: 1, samples: 0 };
    expect(kClockLabels['gpu-timestamp']).toBe('GPU timestamps');
    expect(presetLabel(kPresets[1]!)).toBe('PMPP chapter 4: 3×3, tile 2');
    expect(howChecked({ full: false, sampled: { structured: 1024, random: 5 } })).toBe('1,024 in corner and edge tiles + 5 random');
    await i18n.changeLanguage('zh-CN');
    expect(kClockLabels['gpu-timestamp']).toBe('GPU 时间戳');
    expect(Object.values(kPatternLabels).every((l) => han.test(l))).toBe(true);
    expect(kPresets.every((p) => han.test(presetLabel(p)) && han.test(presetSource(p)))).toBe(true);
    expect(howChecked({ full: true })).toBe('全部元素');
    expect(describeConfig(cfg)).toBe('48×32×48，块宽 16，随机数据，种子 1');
    expect(lostMessage('unknown', 'the driver stopped')).toMatch(/^GPU 设备已丢失/);
  });
});

describe('the GPU status in the language in use', () => {
  it('an unavailable GPU is explained again after a language switch', async () => {
    const { gpuStatusMessage, initGpu } = await import('./session');
    const { useApp } = await import('./store');
    // Node has no navigator.gpu: the session ends unavailable, as in a browser without WebGPU.
    expect(await initGpu()).toBeUndefined();
    const gpu = useApp.getState().gpu;
    expect(gpu.state).toBe('unavailable');
    expect(gpuStatusMessage(gpu)).toBe('This browser does not expose WebGPU (navigator.gpu is missing).');
    await i18n.changeLanguage('zh-CN');
    expect(gpuStatusMessage(gpu)).toBe('这个浏览器没有提供 WebGPU（缺少 navigator.gpu）。');
  });
});
