import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import coalescedSource from '../../shaders/probe_coalesced.wgsl?raw';
import stridedSource from '../../shaders/probe_strided.wgsl?raw';
import bankRowsSource from '../../shaders/probe_banks_rows.wgsl?raw';
import bankColumnsSource from '../../shaders/probe_banks_columns.wgsl?raw';
import {
  bankAddress,
  bankColumn,
  bankInput,
  bankOf,
  bankPicture,
  bankPitch,
  checkSums,
  coalescingPicture,
  expectedBankSums,
  expectedGlobalSums,
  fillGlobal,
  globalAddress,
  kBankKinds,
  kH100Probes,
  kGlobalKinds,
  kProbeStride,
  kProbeWorkgroup,
  kTileRows,
  probeRatio,
  probeRatios,
  probeSizes,
  type BankKind,
  type GlobalKind,
} from './probes';

/** What the global probe's shader computes, step by step (the WGSL's loop, on the CPU). */
function simulateGlobal(kind: GlobalKind, groups: number, wg: number, stride: number): Uint32Array {
  const data = fillGlobal(new Uint32Array(groups * wg * stride), 0);
  const out = new Uint32Array(groups * wg);
  for (let w = 0; w < groups; w++)
    for (let i = 0; i < wg; i++) {
      let sum = 0;
      for (let j = 0; j < stride; j++) sum = (sum + data[globalAddress(kind, w, i, j, wg, stride)]!) >>> 0;
      out[w * wg + i] = sum;
    }
  return out;
}

/** What the bank probe's shaders compute: the tile stored at the kind's pitch, then every lane's loops. */
function simulateBanks(kind: BankKind, groups: number, reps: number, wg: number): Uint32Array {
  const input = bankInput();
  const pitch = bankPitch(kind);
  const tile = new Uint32Array(kTileRows * (kTileRows + 1));
  for (let e = 0; e < 1024; e++) tile[Math.floor(e / 32) * pitch + (e % 32)] = input[e]!;
  const out = new Uint32Array(groups * wg);
  for (let w = 0; w < groups; w++)
    for (let i = 0; i < wg; i++) {
      const l = i % 32;
      const q = Math.floor(i / 32);
      let sum = 0;
      for (let r = 0; r < reps; r++) for (let j = 0; j < 32; j++) sum = (sum + tile[bankAddress(kind, l, bankColumn(j, r, q))]!) >>> 0;
      out[w * wg + i] = sum;
    }
  return out;
}

describe('the global probe', () => {
  it.each(kGlobalKinds)('%s reads every word of its block exactly once', (kind) => {
    const seen = new Set<number>();
    for (let i = 0; i < kProbeWorkgroup; i++) for (let j = 0; j < kProbeStride; j++) seen.add(globalAddress(kind, 3, i, j));
    const base = 3 * kProbeWorkgroup * kProbeStride;
    expect(seen.size).toBe(kProbeWorkgroup * kProbeStride);
    expect(Math.min(...seen)).toBe(base);
    expect(Math.max(...seen)).toBe(base + kProbeWorkgroup * kProbeStride - 1);
  });

  it('neighbouring lanes read neighbouring words (coalesced) or words 32 apart (strided)', () => {
    expect(globalAddress('coalesced', 0, 5, 2) - globalAddress('coalesced', 0, 4, 2)).toBe(1);
    expect(globalAddress('strided', 0, 5, 2) - globalAddress('strided', 0, 4, 2)).toBe(kProbeStride);
  });

  it.each(kGlobalKinds)('%s: the closed form equals the loop, for the app’s sizes and small ones', (kind) => {
    expect(expectedGlobalSums(kind, 3)).toEqual(simulateGlobal(kind, 3, kProbeWorkgroup, kProbeStride));
    expect(expectedGlobalSums(kind, 2, 8, 4)).toEqual(simulateGlobal(kind, 2, 8, 4));
  });

  it('the two orders give different sums per lane (a swapped map is caught)', () => {
    const a = expectedGlobalSums('coalesced', 2);
    const b = expectedGlobalSums('strided', 2);
    expect(checkSums(a, b).verified).toBe(false);
    // …and the same total: the same words.
    const total = (x: Uint32Array) => x.reduce((s, v) => s + v, 0);
    expect(total(a)).toBe(total(b));
  });

  it('sums wrap like u32 on the GPU (past 2^27 words, a strided lane’s sum passes 2^32)', () => {
    const groups = 16_400;
    const got = expectedGlobalSums('strided', groups);
    const w = groups - 1;
    const i = kProbeWorkgroup - 1;
    let exact = 0;
    let sum = 0;
    for (let j = 0; j < kProbeStride; j++) {
      exact += globalAddress('strided', w, i, j);
      sum = (sum + globalAddress('strided', w, i, j)) >>> 0;
    }
    expect(exact).toBeGreaterThan(2 ** 32);
    expect(got[w * kProbeWorkgroup + i]).toBe(sum);
  });
});

describe('the bank probe', () => {
  it.each(kBankKinds)('%s: the expected sums equal the loops over the stored tile', (kind) => {
    expect(expectedBankSums(kind, 2, 3)).toEqual(simulateBanks(kind, 2, 3, kProbeWorkgroup));
  });

  it('rows and columns read different elements (the transpose is caught), columns and padded the same', () => {
    expect(checkSums(expectedBankSums('rows', 1, 1), expectedBankSums('columns', 1, 1)).verified).toBe(false);
    expect(expectedBankSums('padded', 1, 1)).toEqual(expectedBankSums('columns', 1, 1));
  });

  it('in the model, every request of the rows and padded probes hits 32 banks, of the columns probe one bank 32 times', () => {
    for (let c = 0; c < kTileRows; c++) {
      for (const kind of kBankKinds) {
        const banks = new Map<number, Set<number>>();
        for (let l = 0; l < 32; l++) {
          const word = bankAddress(kind, l, c);
          if (!banks.has(bankOf(word))) banks.set(bankOf(word), new Set());
          banks.get(bankOf(word))!.add(word);
        }
        const worst = Math.max(...[...banks.values()].map((s) => s.size));
        expect(worst, `${kind} column ${c}`).toBe(kind === 'columns' ? 32 : 1);
      }
    }
  });

  it('pictures: lanes against banks, the conflict counted', () => {
    expect(bankPicture('rows').cost).toBe(1);
    expect(bankPicture('padded').cost).toBe(1);
    const conflict = bankPicture('columns');
    expect(conflict.cost).toBe(32);
    expect(conflict.slots).toHaveLength(32);
    expect(conflict.slots.filter((s) => s.lanes > 0)).toEqual([{ slot: 0, lanes: 32, words: 32 }]);
    expect(bankPicture('padded', 8).lanes.map((m) => m.slot)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('the coalescing picture', () => {
  it('32 coalesced lanes use one 128-byte segment; strided lanes 32 segments, 4 bytes of each', () => {
    const c = coalescingPicture('coalesced');
    expect(c.cost).toBe(1);
    expect(c.slots).toEqual([{ slot: 0, lanes: 32, words: 32 }]);
    expect([c.bytesUsed, c.bytesMoved]).toEqual([128, 128]);
    const s = coalescingPicture('strided');
    expect(s.cost).toBe(32);
    expect(s.slots.every((x) => x.lanes === 1)).toBe(true);
    expect([s.bytesUsed, s.bytesMoved]).toEqual([128, 4096]);
  });

  it('with 8 lanes: a quarter segment against 8 segments', () => {
    expect(coalescingPicture('coalesced', 8).cost).toBe(1);
    expect(coalescingPicture('strided', 8).cost).toBe(8);
  });
});

describe('sizes, checks and ratios', () => {
  it('a GPU reads 64 MiB, a software adapter 256 KiB, both whole blocks', () => {
    const gpu = probeSizes(false);
    expect(gpu.global.words * 4).toBe(64 << 20);
    const sw = probeSizes(true);
    expect(sw.global.words * 4).toBe(256 << 10);
    for (const s of [gpu, sw]) expect(s.global.words).toBe(s.global.groups * kProbeWorkgroup * kProbeStride);
    expect(sw.banks.groups * sw.banks.reps).toBeLessThan(gpu.banks.groups * gpu.banks.reps);
  });

  it('the adapter’s limits clamp the size', () => {
    expect(probeSizes(false, 1 << 20).global.words * 4).toBe(1 << 20);
    expect(probeSizes(false, Infinity, 100).global.groups).toBe(100);
    expect(probeSizes(false, 1000).global.groups).toBe(1); // never none
  });

  it('checkSums reports how many differ and the first', () => {
    const want = new Uint32Array([1, 2, 3, 4]);
    expect(checkSums(want.slice(), want)).toEqual({ verified: true, mismatches: 0 });
    expect(checkSums(new Uint32Array([1, 9, 3, 8]), want)).toEqual({ verified: false, mismatches: 2, first: { index: 1, got: 9, want: 2 } });
    expect(checkSums(new Uint32Array([1, 2, 3]), want).verified).toBe(false);
  });

  it('a ratio needs two positive times', () => {
    expect(probeRatio(4, 2)).toBe(2);
    expect(probeRatio(4, 0)).toBeUndefined();
    expect(probeRatio(NaN, 1)).toBeUndefined();
  });
});

describe('the probe shaders', () => {
  const sources = { probe_coalesced: coalescedSource, probe_strided: stridedSource, probe_banks_rows: bankRowsSource, probe_banks_columns: bankColumnsSource };
  it.each(Object.entries(sources))('%s opens with its header and comments every override', (name, src) => {
    expect(src.startsWith(`// ${name}.wgsl — `)).toBe(true);
    const lines = src.split('\n');
    lines.forEach((line, i) => {
      if (line.startsWith('override ')) expect(lines[i - 1]!.startsWith('//'), `${name}: ${line}`).toBe(true);
    });
  });

  it('the shaders read with the index maps of core/probes', () => {
    expect(coalescedSource).toContain('src[base + j * WG + i]');
    expect(stridedSource).toContain('src[base + i * S + j]');
    expect(bankRowsSource).toContain('tile[c * 32u + l]');
    expect(bankColumnsSource).toContain('tile[l * PITCH + c]');
    for (const s of [bankRowsSource, bankColumnsSource]) expect(s).toContain('let c = (j + r + q) % 32u;');
  });
});

describe('the H100 reference', () => {
  // The first --probes lines of each engine in round 10's call 2 ran at the app's GPU size (64 MiB).
  const first = (engine: 'wgpu' | 'dawn') => {
    const lines = readFileSync(resolve(__dirname, `../../bench/results/round10/call2-${engine}.txt`), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('{') && l.includes('"probe"') && l.includes('"kind"'))
      .map((l) => JSON.parse(l) as { kind: string; medianMs: number; bytes: number; probe: string; verified: boolean });
    const byKind = new Map<string, (typeof lines)[number]>();
    for (const l of lines) if (!byKind.has(l.kind)) byKind.set(l.kind, l);
    return byKind;
  };
  for (const engine of ['wgpu', 'dawn'] as const) {
    it(`keeps the record's ${engine} medians (4 significant digits), all verified, at the app's GPU size`, () => {
      const rec = first(engine);
      for (const [kind, ms] of Object.entries(kH100Probes[engine])) {
        const line = rec.get(kind)!;
        expect(line.verified).toBe(true);
        expect(Math.abs(line.medianMs - ms) / ms).toBeLessThan(5e-4);
      }
      expect(rec.get('coalesced')!.bytes).toBe(kH100Probes.globalBytes);
    });
  }
});

describe('probeRatios: the ratios a probe reports, for the page and a shared link alike', () => {
  const medians: Record<string, number> = { coalesced: 0.03, strided: 0.108, rows: 0.4, columns: 2.12, padded: 0.412 };
  const of = (k: string) => medians[k] ?? NaN;
  it('strided ÷ coalesced for the coalescing probe, and no padded ratio', () => {
    const r = probeRatios('coalescing', of);
    expect(r.ratio).toBeCloseTo(3.6, 10);
    expect(r.padded).toBeUndefined();
  });
  it('columns ÷ rows and padded ÷ rows for the bank probe; none for a missing variant', () => {
    const r = probeRatios('banks', of);
    expect(r.ratio).toBeCloseTo(5.3, 10);
    expect(r.padded).toBeCloseTo(1.03, 10);
    expect(probeRatios('banks', (k) => (k === 'padded' ? NaN : of(k))).padded).toBeUndefined();
  });
});
