import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bandPlan, gpuShape, isPlanFailure, kernelNeeds, kKernelIds, kTensorCoreIds, usesTensorCores, kKernels, kLadderIds, kNativeReference, kReferenceRun, kTunedKernelIds, labelContext, planKernel as planData, type KernelId, type LaunchPlan, type PlanInfo } from './kernels';
import { kTileWidths, type Shape, type TileWidth } from './shape';
import { say } from '../i18n';
import { kernelLabel, kernelSummary, mappingText, tunableDoc } from '../i18n/kernels';

/** planKernel with a failure said in words (the language in use), as the views show it. */
const planKernel = (...a: Parameters<typeof planData>): LaunchPlan | string => {
  const p = planData(...a);
  return isPlanFailure(p) ? say(p.why) : p;
};

const limits = (storage: number) => ({
  maxStorageBufferBindingSize: 2 ** 27,
  maxBufferSize: 2 ** 28,
  maxComputeWorkgroupsPerDimension: 65535,
  maxComputeInvocationsPerWorkgroup: 256,
  maxComputeWorkgroupSizeX: 256,
  maxComputeWorkgroupSizeY: 256,
  maxComputeWorkgroupStorageSize: storage,
});
const defaults: PlanInfo = { limits: limits(16384), features: [] };
const roomy: PlanInfo = { limits: limits(32768), features: ['subgroups', 'shader-f16', 'chromium-experimental-subgroup-matrix'], subgroupMinSize: 32, subgroupMaxSize: 32 };
const shape = { m: 300, k: 41, n: 523 };

describe('launch plans', () => {
  it('a band of rows dispatches what planning the band again would (every kernel, bands of 128 and the rest)', () => {
    const wide: PlanInfo = { limits: { ...limits(65536), maxComputeInvocationsPerWorkgroup: 1024, maxComputeWorkgroupSizeX: 1024, maxComputeWorkgroupSizeY: 1024 }, features: ['subgroups', 'shader-f16', 'chromium-experimental-subgroup-matrix'], subgroupMinSize: 32, subgroupMaxSize: 32 };
    for (const id of kKernelIds) {
      for (const s of [{ m: 1000, k: 77, n: 301 }, { m: 384, k: 128, n: 64 }]) {
        const g = gpuShape(id, s);
        const whole = planData(id, g, 16, wide);
        if (isPlanFailure(whole)) throw new Error(`${id}: ${whole.why.key}`);
        for (const rows of [128, 256, g.m % 128 || 128]) {
          const again = planData(id, { ...g, m: rows }, 16, wide);
          if (isPlanFailure(again)) throw new Error(`${id}: ${again.why.key}`);
          const band = bandPlan(whole, rows);
          expect(band.dispatch, `${id} ${rows} rows`).toEqual(again.dispatch);
          expect(band.reduce?.dispatch, `${id} ${rows} rows`).toEqual(again.reduce?.dispatch);
        }
      }
    }
  });
  it('a plan failure names the inputs it concerns (not the tile field whatever its cause)', () => {
    const fields = (id: KernelId, s: Shape, tile: TileWidth, info: PlanInfo, params?: Record<string, number>) => {
      const p = planData(id, s, tile, info, params);
      return isPlanFailure(p) ? [...p.fields] : 'runs';
    };
    expect(fields('subgroup', shape, 16, defaults)).toEqual(['kernel']); // a missing feature
    expect(fields('blk128x256', shape, 16, defaults)).toEqual(['kernel']); // workgroup memory, whatever the sizes
    expect(fields('reg16x8', shape, 16, roomy, { GROUP: 3 })).toEqual(['kernel']); // a parameter not offered
    const narrow: PlanInfo = { limits: { ...limits(16384), maxComputeInvocationsPerWorkgroup: 16, maxComputeWorkgroupSizeX: 16, maxComputeWorkgroupSizeY: 16 }, features: [] };
    expect(fields('tiled', shape, 32, narrow)).toEqual(['tile']); // the tile width is what to change
    expect(fields('split128v', { m: 70000, k: 64, n: 8 }, 16, roomy)).toContain('m'); // too many rows for split-K's grid
    expect(fields('tiled', shape, 16, defaults)).toBe('runs');
  });
  it('every kernel but the subgroup and tensor rungs and the two 24 KiB block rungs runs on WebGPU’s default limits', () => {
    const roomier: readonly KernelId[] = ['blk128x64v', 'blk128x256']; // two 24 KiB copies of their tiles
    for (const id of kKernelIds) {
      const plan = planKernel(id, shape, 16, defaults);
      if (id === 'subgroup') expect(plan).toMatch(/needs the WebGPU feature “subgroups”/);
      else if (id === 'tensor') expect(plan).toMatch(/needs the WebGPU features shader-f16 and chromium-experimental-subgroup-matrix,/);
      else if (roomier.includes(id)) {
        expect(plan, id).toMatch(/needs 24576 bytes of workgroup memory; this GPU allows 16384/);
        expect(planKernel(id, shape, 16, roomy), id).toMatchObject({ workgroupStorageBytes: 24576 });
      } else expect(typeof plan, id).toBe('object');
    }
  });
  it('BK = 16 needs 32 KiB of workgroup memory and says so where it is not granted', () => {
    expect(planKernel('reg8x8db', shape, 16, defaults, { BK: 16 })).toMatch(/needs 32768 bytes of workgroup memory; this GPU allows 16384/);
    expect(planKernel('reg8x8db', shape, 16, roomy, { BK: 16 })).toMatchObject({ constants: { BK: 16 }, workgroupStorageBytes: 32768 });
    expect(planKernel('reg8x8db', shape, 16, defaults)).toMatchObject({ constants: { BK: 8 }, workgroupStorageBytes: 16384 });
  });
  it('rejects params a kernel does not have or values it does not offer', () => {
    expect(planKernel('reg16x8', shape, 16, roomy, { GROUP: 3 })).toMatch(/GROUP = 3 is not offered/);
    expect(planKernel('reg16x8', shape, 16, roomy, { BK: 8 })).toMatch(/has no parameter BK/);
  });
  it('the vec4 rungs run on K and N padded to multiples of 4 and say so', () => {
    expect(gpuShape('reg16x8v', shape)).toEqual({ m: 300, k: 44, n: 524 });
    expect(gpuShape('reg16x8', shape)).toEqual(shape);
    const plan = planKernel('reg16x8v', shape, 16, roomy);
    expect(typeof plan === 'object' && mappingText(plan.mapping)).toMatch(/41 × 523 padded with zeros to 44 × 524/);
    const small = planKernel('reg16x8v', { m: 8, k: 8, n: 8 }, 16, roomy);
    expect(typeof small === 'object' && mappingText(small.mapping)).not.toMatch(/padded/);
  });
  it('the tensor rung: a workgroup of 2×2 subgroups of 32 lanes per 128×128 block of C, any M, K, N padded with zeros to whole blocks and steps, 20,992 bytes of workgroup memory (two buffers); subgroups of exactly 32', () => {
    const info: PlanInfo = { limits: limits(32768), features: ['shader-f16', 'chromium-experimental-subgroup-matrix'], subgroupMinSize: 32, subgroupMaxSize: 32 };
    for (const [s, grid, g] of [
      [{ m: 4096, k: 4096, n: 4096 }, [32, 32, 1], { m: 4096, k: 4096, n: 4096 }],
      [{ m: 3001, k: 4999, n: 2003 }, [16, 24, 1], { m: 3072, k: 5024, n: 2048 }],
      [{ m: 1, k: 1, n: 1 }, [1, 1, 1], { m: 128, k: 32, n: 128 }],
      [{ m: 129, k: 16, n: 128 }, [1, 2, 1], { m: 256, k: 32, n: 128 }],
    ] as const) {
      const plan = planKernel('tensor', s, 16, info);
      expect(plan, JSON.stringify(s)).toMatchObject({ dispatch: grid, workgroup: { x: 32, y: 4 }, workgroupStorageBytes: 20992, block: { rows: 128, cols: 128 } });
      expect(gpuShape('tensor', s)).toEqual(g);
      // Its first pass: B's f16 copy (K × N f16 of the padded shape), 8 elements an invocation, 64 a workgroup, a row of
      // B per row of workgroups; a band of rows keeps it whole (B is whole for every band).
      const first = typeof plan === 'object' && 'prepare' in plan ? plan.prepare : undefined;
      expect(first?.source.file).toBe('tensor_halfb.wgsl');
      expect(first?.dispatch).toEqual([Math.ceil(g.n / 8 / 64), g.k, 1]);
      expect(first?.scratchBytes).toBe(g.k * g.n * 2);
      expect(kKernels.tensor.scratchBytes?.(s)).toBe(g.k * g.n * 2);
      if (typeof plan === 'object' && 'prepare' in plan) expect(bandPlan(plan, 128).prepare).toEqual(first);
      const mapping = typeof plan === 'object' && 'mapping' in plan ? plan.mapping : undefined;
      // The WGSL tests no bounds: the runner pads M, K and N with zeros (and says so where it does).
      const padded = g.m !== s.m || g.k !== s.k || g.n !== s.n;
      expect(mapping?.key).toBe(padded ? 'paddedBlocks' : 'tensor');
      if (padded) {
        expect(mapping?.inner?.key).toBe('tensor');
        expect(mappingText(mapping!)).toContain(`${s.m} × ${s.k} × ${s.n} padded with zeros to ${g.m} × ${g.k} × ${g.n}`);
      }
    }
    expect(planKernel('tensor', { m: 64, k: 64, n: 64 }, 16, { ...info, subgroupMaxSize: 64 })).toMatch(/exactly 32/);
    // Intel's 8–32 or an unknown size: the WGSL's split of the workgroup into subgroups would not hold.
    expect(planKernel('tensor', { m: 64, k: 64, n: 64 }, 16, { ...info, subgroupMinSize: 8 })).toMatch(/exactly 32.*8 to 32/);
    expect(planKernel('tensor', { m: 64, k: 64, n: 64 }, 16, { limits: info.limits, features: info.features })).toMatch(/exactly 32/);
    expect(planKernel('tensor', { m: 64, k: 64, n: 64 }, 16, { ...info, limits: limits(16384) })).toMatch(/20992|20,992/);
    expect(planKernel('tensor', { m: 64, k: 64, n: 64 }, 16, { ...info, features: ['shader-f16'] })).toMatch(/“chromium-experimental-subgroup-matrix”/);
  });
  it('the tensor-core rungs are known by their feature, and their needs (features, then subgroup size) come before any plan, for the roofline’s tensor probe too', () => {
    expect(kTensorCoreIds).toContain('tensor');
    expect(kTensorCoreIds.every(usesTensorCores)).toBe(true);
    expect(usesTensorCores('reg4x4')).toBe(false);
    const info = { features: ['shader-f16', 'chromium-experimental-subgroup-matrix'], subgroupMinSize: 32, subgroupMaxSize: 32 };
    expect(kernelNeeds('tensor', info)).toBeUndefined();
    expect(kernelNeeds('tensor', { ...info, features: [] })).toEqual({ need: 'features', missing: ['shader-f16', 'chromium-experimental-subgroup-matrix'] });
    expect(kernelNeeds('tensor', { ...info, subgroupMinSize: 8 })).toEqual({ need: 'subgroupExact', size: 32, min: 8, max: 32 });
    expect(kernelNeeds('tensor', { features: info.features })).toEqual({ need: 'subgroupExact', size: 32 });
    expect(kernelNeeds('subgroup', { features: ['subgroups'], subgroupMinSize: 4, subgroupMaxSize: 128 })).toEqual({ need: 'subgroupAtMost', max: 64, got: 128 });
    expect(kernelNeeds('naive', { features: [] })).toBeUndefined();
  });
  it('the subgroup rung wants subgroups of at most 64', () => {
    expect(planKernel('subgroup', shape, 16, { ...roomy, subgroupMaxSize: 128 })).toMatch(/at most 64/);
    expect(typeof planKernel('subgroup', shape, 16, roomy)).toBe('object');
  });
  it('every kernel’s WGSL starts with its header comment', () => {
    for (const id of kKernelIds) expect(kKernels[id].source.trimStart().startsWith(`// ${id}.wgsl`), id).toBe(true);
  });
});

/** The override constants a WGSL declares: name → whether it has a default. */
function overrides(source: string): Map<string, boolean> {
  const out = new Map<string, boolean>();
  for (const m of source.replace(/\/\/.*$/gm, '').matchAll(/^\s*override\s+(\w+)\s*:\s*\w+\s*(=)?/gm)) out.set(m[1]!, m[2] === '=');
  return out;
}

describe('the record against the WGSL', () => {
  const shapes = [shape, { m: 1, k: 1, n: 1 }, { m: 1024, k: 1024, n: 1024 }];
  // Every combination of a kernel's tunables (and none), so every constant any plan sets is seen.
  const paramSets = (id: KernelId) => {
    let combos: Record<string, number>[] = [{}];
    for (const t of kKernels[id].tunables ?? []) combos = [...combos, ...combos.flatMap((c) => t.values.map((v) => ({ ...c, [t.name]: v })))];
    return combos;
  };
  for (const id of kKernelIds) {
    it(`${id}: every constant its plans set, and every tunable, is an override in its WGSL; every override without a default is set`, () => {
      const declared = overrides(kKernels[id].source);
      const set = new Set<string>();
      // Split-K's tunable S sets its second pass's override (and the first pass's KS and dispatch z).
      const secondPass = new Set<string>();
      for (const s of shapes) {
        for (const tile of kTileWidths) {
          for (const params of paramSets(id)) {
            const plan = planKernel(id, s, tile, roomy, params);
            if (typeof plan === 'string') continue;
            for (const name of Object.keys(plan.constants)) set.add(name);
            // A plan that runs other WGSL (the tiled kernel's copy for tile 16) must fit that WGSL too.
            if (plan.source) for (const name of Object.keys(plan.constants)) expect(overrides(plan.source.text()).has(name), `${id} tile ${tile} sets ${name}`).toBe(true);
            if (plan.reduce) {
              const reduceDeclared = overrides(plan.reduce.source.text());
              for (const name of Object.keys(plan.reduce.constants)) {
                expect(reduceDeclared.has(name), `${id}: its second pass sets ${name}`).toBe(true);
                secondPass.add(name);
              }
              expect(plan.dispatch[2], `${id}: one layer of workgroups per partial product`).toBe(plan.reduce.slices);
            }
          }
        }
      }
      for (const name of set) expect(declared.has(name), `${id} sets ${name}`).toBe(true);
      for (const t of kKernels[id].tunables ?? []) expect(declared.has(t.name) || secondPass.has(t.name), `${id} tunes ${t.name}`).toBe(true);
      for (const [name, hasDefault] of declared) if (!hasDefault) expect(set.has(name), `${id} declares ${name} without a default`).toBe(true);
    });
  }
  it('finds override declarations (and not the word in comments)', () => {
    expect([...overrides('// override X\noverride BK: u32 = 8u;\n  override N: u32;').entries()]).toEqual([
      ['BK', true],
      ['N', false],
    ]);
  });
  it('every tile width runs the seed kernel with its k loop written out (tiled<T>.wgsl), one copy per width', () => {
    for (const tile of [2, 4, 8, 16, 32] as const) {
      const p = planKernel('tiled', shape, tile, roomy);
      expect(typeof p === 'object' && p.source?.text(), String(tile)).toMatch(new RegExp(`^// tiled${tile}\\.wgsl`));
      expect(typeof p === 'object' && p.source?.text(), String(tile)).not.toMatch(/for \(var k/);
      expect(typeof p === 'object' && p.source?.text(), String(tile)).toContain(`As[ty][${tile - 1}]`);
      expect(typeof p === 'object' && mappingText(p.mapping)).toMatch(new RegExp(`k loop written out \\(tiled${tile}\\.wgsl\\)`));
      expect(p).toMatchObject({ constants: { TILE: tile } });
    }
  });
  it('the C block of a plan is the record’s (128×128 for the reg8x8 rungs, the tile for tiled)', () => {
    expect(planKernel('reg8x8db', shape, 16, roomy)).toMatchObject({ block: { rows: 128, cols: 128 } });
    expect(planKernel('tiled', shape, 8, roomy)).toMatchObject({ block: { rows: 8, cols: 8 } });
    expect(planKernel('reg4x4', shape, 8, roomy)).toMatchObject({ block: { rows: 64, cols: 64 } });
  });
  it('ladder and tuner membership come from the record, in record order', () => {
    expect(kLadderIds).toEqual(kKernelIds.filter((id) => kKernels[id].ladder));
    expect(kLadderIds).not.toContain('strip');
    expect(kTunedKernelIds.every((id) => kLadderIds.includes(id))).toBe(true);
  });
  it('chart styles are told apart without colour: no two kernels share a dash pattern', () => {
    const dashes = kKernelIds.map((id) => kKernels[id].chart.dash.join(','));
    expect(new Set(dashes).size).toBe(dashes.length);
  });
  it('every kernel has its own colour, at least 3:1 against the chart’s background in the light and the dark theme', () => {
    const colours = kKernelIds.map((id) => kKernels[id].chart.color.toLowerCase());
    expect(new Set(colours).size).toBe(colours.length);
    // The chart sits on the panel: --panel of each theme, read from the stylesheet itself.
    const css = readFileSync(resolve(__dirname, '../ui/styles.css'), 'utf8');
    const dark = css.slice(css.indexOf('prefers-color-scheme: dark'));
    const panel = (from: string) => /--panel:\s*(#[0-9a-fA-F]{6})/.exec(from)![1]!;
    const backgrounds = { light: panel(css), dark: panel(dark) };
    expect(backgrounds.light).not.toBe(backgrounds.dark);
    for (const id of kKernelIds)
      for (const [theme, bg] of Object.entries(backgrounds)) expect(contrast(kKernels[id].chart.color, bg), `${id} on ${theme} ${bg}`).toBeGreaterThanOrEqual(3);
  });
  it('the contrast check itself: WCAG’s figures', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 6);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrast('#ffffff', '#ffffff')).toBe(1);
  });
});

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('the words of a kernel, in either language', () => {
  it('names, sums up and says the mapping of every kernel with every figure filled in, in English and 简体中文', async () => {
    const { i18n } = await import('../i18n');
    const wide: PlanInfo = { limits: { ...limits(65536), maxComputeInvocationsPerWorkgroup: 1024, maxComputeWorkgroupSizeX: 1024, maxComputeWorkgroupSizeY: 1024 }, features: ['subgroups', 'shader-f16', 'chromium-experimental-subgroup-matrix'], subgroupMinSize: 32, subgroupMaxSize: 32 };
    try {
      for (const lang of ['en', 'zh-CN'] as const) {
        await i18n.changeLanguage(lang);
        for (const id of kKernelIds) {
          const plan = planKernel(id, shape, 16, wide);
          expect(typeof plan, id).toBe('object');
          const words = [kernelLabel(id), kernelSummary(id), typeof plan === 'object' ? mappingText(plan.mapping) : '', ...(kKernels[id].tunables ?? []).map((t) => tunableDoc(t.name))];
          for (const w of words) {
            expect(w, `${lang} ${id}`).not.toMatch(/\{\{|\}\}|^run:|undefined/);
            expect(w.length, `${lang} ${id}`).toBeGreaterThan(0);
          }
          // Chinese words in Chinese, none in English (labels such as "Register-tiled 4×4" included).
          expect(/\p{Script=Han}/u.test(words.slice(1).join(' ')), `${lang} ${id}`).toBe(lang === 'zh-CN');
        }
      }
      await i18n.changeLanguage('zh-CN');
      const heading = (id: KernelId) => i18n.t('run:result.heading', { label: kernelLabel(id), context: labelContext(kernelLabel(id)) });
      expect([heading('naive'), heading('reg4x4'), heading('blk32x64v')]).toEqual(['朴素内核', '寄存器分块 4×4 内核', '块 32×64，vec4 内核']);
      // A tiled plan with the 4-rows mapping, padded vec4 rows: nested sentences read whole in Chinese.
      const tiled = planKernel('tiled', shape, 32, defaults);
      expect(typeof tiled === 'object' && mappingText(tiled.mapping)).toBe('32×32 的块，32×8 个调用，每个计算 4 行 C（受调用数上限限制）；k 循环写开（tiled32.wgsl）');
      const padded = planKernel('reg16x8v', shape, 16, roomy);
      expect(typeof padded === 'object' && mappingText(padded.mapping)).toMatch(/；K × N = 41 × 523 补零到 44 × 524/);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('the reference figures', () => {
  it('the native port is of a ladder rung with reference figures, and sits between them and cuBLAS', () => {
    const ref = kKernels[kNativeReference.kernel].reference;
    expect(kLadderIds).toContain(kNativeReference.kernel);
    expect(ref).toBeDefined();
    // The note says the engines lose to nvcc on the same algorithm: true only while the native figure is the higher one.
    expect(kNativeReference.tflops).toBeGreaterThan(ref!.dawn);
    expect(kNativeReference.tflops).toBeGreaterThan(ref!.wgpu ?? 0);
    expect(kNativeReference.tflops).toBeLessThan(kNativeReference.cublas);
    // Same GPU and shape as the reference column; its cuBLAS within a call's spread of the column's.
    expect(Math.abs(kNativeReference.cublas - kReferenceRun.cublas) / kReferenceRun.cublas).toBeLessThan(0.02);
  });
});
