import { say } from '../i18n';
import { isPlanFailure, type PlanFailure } from '../core/kernels';
import './testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseConfig, type ParsedConfig } from '../core/config';
import type { TuneRecord } from '../core/tuning';
import { kDefaultConfig } from '../core/url';
import { kKernelIds, planKernel } from '../core/kernels';
import { belongs, checkKernels, currentDerived, derive, deriveCount, describeConfig, resultFor, verifiedFor } from './selectors';
import { applyConfig, initialState, kStartUrl, setField, useApp, type GpuStatus, type KernelResult } from './store';
import { defaultLimitsInfo } from './testing';

const ready = (features: readonly string[] = []): GpuStatus => ({ state: 'ready', info: defaultLimitsInfo(features) });
const noRecords: readonly TuneRecord[] = [];

beforeEach(() => useApp.setState(initialState(kStartUrl), true));

describe('derive: the configuration parsed once, one plan per kernel', () => {
  it('plans every kernel once the adapter is known, exactly as planKernel does', () => {
    const gpu = ready();
    const d = derive({ ...kDefaultConfig, m: '67', k: '3', n: '2', tile: '8' }, gpu, noRecords);
    expect(d.parsed?.shape).toEqual({ m: 67, k: 3, n: 2 });
    expect(Object.keys(d.plans).sort()).toEqual([...kKernelIds].sort());
    for (const id of kKernelIds) expect(d.plans[id], id).toEqual(planKernel(id, d.parsed!.shape, 8, defaultLimitsInfo()));
    // Without the subgroups feature the subgroup rung cannot run, and says why.
    const sub = d.plans.subgroup;
    expect(sub && isPlanFailure(sub) ? say(sub.why) : 'planned').toMatch(/subgroups/);
  });

  it('does not plan before the adapter is known, nor for a configuration that does not parse', () => {
    expect(derive(kDefaultConfig, { state: 'initializing' }, noRecords).plans).toEqual({});
    const bad = derive({ ...kDefaultConfig, m: 'abc' }, ready(), noRecords);
    expect(bad.parsed).toBeUndefined();
    expect(bad.parseErrors.m).toBeTruthy();
    expect(bad.plans).toEqual({});
  });

  it('is memoised: the same inputs give the same object without planning again', () => {
    const config = { ...kDefaultConfig };
    const gpu = ready();
    const a = derive(config, gpu, noRecords);
    const n = deriveCount;
    expect(derive(config, gpu, noRecords)).toBe(a);
    expect(derive(config, gpu, noRecords)).toBe(a);
    expect(deriveCount).toBe(n);
    const b = derive({ ...config }, gpu, noRecords); // a new configuration object: derive again
    expect(b).not.toBe(a);
    expect(deriveCount).toBe(n + 1);
    expect(b).toEqual(a);
  });

  it('follows the store: an edit gives a new derivation, reading twice does not', () => {
    useApp.setState({ gpu: ready() });
    const a = currentDerived();
    expect(currentDerived()).toBe(a);
    setField('m', '12');
    const b = currentDerived();
    expect(b).not.toBe(a);
    expect(b.parsed?.shape.m).toBe(12);
    applyConfig({ tile: '4' });
    expect(currentDerived().parsed?.tile).toBe(4);
  });
});

describe('checkKernels: validation from the plans', () => {
  it('passes a configuration every named kernel can run', () => {
    const d = derive({ ...kDefaultConfig, m: '48', k: '32', n: '48' }, ready(), noRecords);
    const r = checkKernels(d, ['naive', 'tiled']);
    expect(r.errors).toEqual({});
    expect(r.parsed?.shape).toEqual({ m: 48, k: 32, n: 48 });
  });

  it('reports a plan failure under the fields it names (a missing feature: the kernel, not the tile), and gives no parsed config', () => {
    const d = derive(kDefaultConfig, ready(), noRecords);
    const r = checkKernels(d, ['naive', 'subgroup']);
    expect(r.parsed).toBeUndefined();
    expect(r.errors.tile).toBeUndefined();
    expect(r.errors.kernel).toBe((d.plans.subgroup as PlanFailure).why);
    // Kernels not named are not checked.
    expect(checkKernels(d, ['naive', 'tiled']).errors).toEqual({});
  });

  it('checks the buffer limits of the adapter', () => {
    // 8192 × 8192 floats = 256 MiB per matrix: over the default 128 MiB storage binding.
    const r = checkKernels(derive({ ...kDefaultConfig, m: '8192', k: '8192', n: '8192' }, ready(), noRecords), []);
    expect(r.parsed).toBeUndefined();
    expect(Object.values(r.errors).map(say).join(' ')).toMatch(/MiB|GiB|buffer|binding/i);
  });

  it('checks the dispatch limits from the plans', () => {
    // naive: one workgroup per 16×16 C elements → more than 65535 workgroups along x for n = 2^21.
    const r = checkKernels(derive({ ...kDefaultConfig, m: '1', k: '1', n: String(2 ** 21) }, ready(), noRecords), ['naive']);
    expect(r.parsed).toBeUndefined();
    expect(Object.keys(r.errors).length).toBeGreaterThan(0);
  });

  it('without an adapter, parse errors only', () => {
    const r = checkKernels(derive({ ...kDefaultConfig, tile: '3' }, { state: 'initializing' }, noRecords), ['tiled']);
    expect(r.parsed).toBeUndefined();
    expect(r.errors.tile).toBeTruthy();
    const ok = checkKernels(derive(kDefaultConfig, { state: 'initializing' }, noRecords), ['subgroup']);
    expect(ok.parsed).toBeDefined();
  });
});

describe('belongs / resultFor / verifiedFor: the one rule in the views', () => {
  const cfg = parseConfig({ ...kDefaultConfig, m: '48', k: '32', n: '48' }).config!;
  const result = (config: ParsedConfig, status: KernelResult['status'] = 'verified', withRun = true): KernelResult => ({
    status,
    seq: 1,
    config,
    label: 'x',
    ...(withRun ? { run: {} as NonNullable<KernelResult['run']> } : {}),
  });

  it("uses the tile width for the tiled kernel and ignores it for naive", () => {
    const other = { ...cfg, tile: 8 as const };
    expect(belongs(result(cfg), 'tiled', other)).toBe(false);
    expect(belongs(result(cfg), 'naive', other)).toBe(true);
    expect(belongs(result(cfg), 'reg8x8', other)).toBe(true);
  });

  it('a different shape, pattern or seed never belongs', () => {
    for (const other of [{ ...cfg, seed: 2 }, { ...cfg, pattern: 'ones' as const }, { ...cfg, shape: { ...cfg.shape, k: 33 } }]) {
      expect(belongs(result(cfg), 'naive', other)).toBe(false);
    }
    expect(belongs(undefined, 'naive', cfg)).toBe(false);
    expect(belongs(result(cfg), 'naive', undefined)).toBe(false);
  });

  it('resultFor returns the result only when it belongs; verifiedFor only when verified with a run', () => {
    const results = { naive: result(cfg), tiled: result(cfg, 'mismatch'), strip: result(cfg, 'verified', false) };
    expect(resultFor(results, 'naive', cfg)).toBe(results.naive);
    expect(resultFor(results, 'naive', { ...cfg, seed: 9 })).toBeUndefined();
    expect(verifiedFor(results, 'naive', cfg)).toBe(results.naive);
    expect(verifiedFor(results, 'tiled', cfg)).toBeUndefined();
    expect(verifiedFor(results, 'strip', cfg)).toBeUndefined();
    expect(verifiedFor(results, 'reg4x4', cfg)).toBeUndefined();
  });

  it('describes a configuration in words', () => {
    expect(describeConfig(cfg)).toBe('48×32×48, tile 16, random data, seed 1');
  });
});
