/**
 * The coalescing and bank-conflict probes (shaders/probe_*.wgsl), as pure data: each probe's index
 * maps, the sizes it runs at, the results it must produce (the CPU reference), and the pictures of
 * one group of lanes against 128-byte segments or against workgroup-memory banks.
 *
 * What is measured and what is modelled. The probes' times are measured on the GPU. The segments and
 * banks are a model: WebGPU exposes neither. The model is the one NVIDIA and AMD document: a memory
 * request of 32 lanes is served in 128-byte segments, and workgroup memory has 32 banks of 4 bytes
 * (word w lives in bank w mod 32); lanes of one request that hit different words of one bank wait
 * for each other. A GPU with other numbers still runs the same probes; only the pictures would differ.
 */
import { ceilDiv } from './shape';

/** Lanes that issue one memory request together in the model (a warp on NVIDIA, half a wave64 on AMD). */
export const kModelLanes = 32;
/** Bytes of one global-memory segment in the model (NVIDIA's coalescing rule). */
export const kSegmentBytes = 128;
/** Workgroup-memory banks in the model, each kBankBytes wide. */
export const kBanks = 32;
export const kBankBytes = 4;
/** Bytes of one element (u32) read by every probe. */
export const kWordBytes = 4;

/** Invocations per workgroup of every probe. */
export const kProbeWorkgroup = 256;
/** Words each invocation of the global probe reads; in the strided probe, also the distance between neighbouring lanes (32 words = 128 bytes). */
export const kProbeStride = 32;
/** The bank probe's tile: kTileRows rows of kTileRows words, stored at a pitch of 32 (conflicts) or 33 (padded). */
export const kTileRows = 32;
export const kPaddedPitch = kTileRows + 1;

export type GlobalKind = 'coalesced' | 'strided';
export type BankKind = 'rows' | 'columns' | 'padded';
export const kGlobalKinds: readonly GlobalKind[] = ['coalesced', 'strided'];
export const kBankKinds: readonly BankKind[] = ['rows', 'columns', 'padded'];
export type ProbeId = 'coalescing' | 'banks';
export const kProbeIds: readonly ProbeId[] = ['coalescing', 'banks'];

/** The pitch (words per stored row) of the bank probe's tile. */
export const bankPitch = (kind: BankKind): number => (kind === 'padded' ? kPaddedPitch : kTileRows);

// ---- index maps (the same arithmetic as the WGSL) ---------------------------------------------

/** The word invocation `lane` of workgroup `group` reads at step `step` (0 ≤ step < stride). */
export function globalAddress(kind: GlobalKind, group: number, lane: number, step: number, wg = kProbeWorkgroup, stride = kProbeStride): number {
  const base = group * wg * stride;
  return kind === 'coalesced' ? base + step * wg + lane : base + lane * stride + step;
}

/**
 * The tile column lane `l` (of the 32 in its request) reads at step `step` of repetition `rep`, in
 * request `warp` of the workgroup: every column once per repetition, each request starting elsewhere.
 */
export const bankColumn = (step: number, rep: number, warp: number): number => (step + rep + warp) % kTileRows;

/**
 * The workgroup-memory word lane `l` reads when the column is `c`: 'rows' reads element (c, l) (the
 * 32 lanes read one stored row: 32 neighbouring words); 'columns' reads element (l, c) at pitch 32
 * (one stored column: 32 words 32 apart, all in one bank); 'padded' the same at pitch 33.
 */
export function bankAddress(kind: BankKind, l: number, c: number): number {
  return kind === 'rows' ? c * kTileRows + l : l * bankPitch(kind) + c;
}

export const bankOf = (word: number): number => ((word * kWordBytes) / kBankBytes) % kBanks;
export const segmentOf = (word: number): number => Math.floor((word * kWordBytes) / kSegmentBytes);

// ---- sizes -----------------------------------------------------------------------------------

export interface GlobalSize {
  readonly groups: number;
  /** Words read per dispatch (the whole buffer, once). */
  readonly words: number;
}

export interface BankSize {
  readonly groups: number;
  /** Times each invocation reads its whole row or column. */
  readonly reps: number;
}

export interface ProbeSizes {
  readonly global: GlobalSize;
  readonly banks: BankSize;
}

/** Global probe on a GPU: 64 MiB, more than the last-level cache of most GPUs (an H100 has 50 MB). */
export const kGlobalBytes = 64 << 20;
/** On a software adapter: 256 KiB, a few milliseconds. */
export const kGlobalBytesSoftware = 256 << 10;

/**
 * The probes on the reference GPU (NVIDIA H100 80 GB HBM3, 2026-11-27, round 10 call 2 of the
 * project's benchmark notes; the headless bench's --probes at the GPU sizes): median times per dispatch
 * (ms), per engine. Shown beside this GPU's figures, labelled as the reference, never as this GPU's.
 */
export const kH100Probes = {
  gpu: 'NVIDIA H100',
  date: '2026-11-27',
  globalBytes: kGlobalBytes,
  wgpu: { coalesced: 0.03649, strided: 0.1315, rows: 0.3946, columns: 2.1245, padded: 0.3928 },
  dawn: { coalesced: 0.02608, strided: 0.06945, rows: 0.1171, columns: 2.1252, padded: 0.1207 },
} as const;

/**
 * The sizes the probes run at: large on a GPU (so the clock's step is small beside one dispatch and
 * the data does not fit in the cache), tiny on a software adapter (seconds, not minutes). `maxBytes`
 * is the adapter's binding limit; `maxGroups` its workgroups per dimension.
 */
export function probeSizes(software: boolean, maxBytes = Infinity, maxGroups = 65535): ProbeSizes {
  const block = kProbeWorkgroup * kProbeStride; // words per workgroup
  const want = (software ? kGlobalBytesSoftware : kGlobalBytes) / kWordBytes;
  const groups = Math.max(1, Math.min(maxGroups, Math.floor(Math.min(want, maxBytes / kWordBytes) / block)));
  return {
    global: { groups, words: groups * block },
    banks: software ? { groups: 4, reps: 2 } : { groups: Math.min(maxGroups, 1024), reps: 64 },
  };
}

// ---- inputs and expected results (the CPU reference) -----------------------------------------

/** The global probe's data: word a holds a (so a lane's sum tells which words it read). */
export function globalWord(a: number): number {
  return a >>> 0;
}

/** Fills `out` with words `from` … `from + out.length − 1` of the global probe's data. */
export function fillGlobal(out: Uint32Array, from: number): Uint32Array {
  for (let i = 0; i < out.length; i++) out[i] = globalWord(from + i);
  return out;
}

const u32 = (x: number) => ((x % 2 ** 32) + 2 ** 32) % 2 ** 32;

/**
 * Each invocation's sum (mod 2^32), one per invocation in dispatch order, in closed form: the words
 * are their own addresses, so coalesced lane i of group w sums S·(w·WG·S + i) + WG·S(S−1)/2 and
 * strided lane i sums S·(w·WG·S + i·S) + S(S−1)/2.
 */
export function expectedGlobalSums(kind: GlobalKind, groups: number, wg = kProbeWorkgroup, stride = kProbeStride): Uint32Array {
  const out = new Uint32Array(groups * wg);
  const tri = (stride * (stride - 1)) / 2;
  for (let w = 0; w < groups; w++) {
    const base = w * wg * stride;
    for (let i = 0; i < wg; i++) {
      out[w * wg + i] = kind === 'coalesced' ? u32(stride * (base + i) + wg * tri) : u32(stride * (base + i * stride) + tri);
    }
  }
  return out;
}

/** The bank probe's tile, row-major (element (r, c) at r·32 + c): distinct values, not symmetric, so reading the transpose is caught. */
export function bankInput(): Uint32Array {
  const out = new Uint32Array(kTileRows * kTileRows);
  for (let r = 0; r < kTileRows; r++) for (let c = 0; c < kTileRows; c++) out[r * kTileRows + c] = r * 64 + c + 1;
  return out;
}

/**
 * Each invocation's sum: per repetition it reads every column once, so lane l sums `reps` times
 * column l of the tile ('rows') or row l ('columns', 'padded'), whatever its request and group.
 */
export function expectedBankSums(kind: BankKind, groups: number, reps: number, wg = kProbeWorkgroup): Uint32Array {
  const tile = bankInput();
  const perLane: number[] = [];
  for (let l = 0; l < kModelLanes; l++) {
    let s = 0;
    for (let c = 0; c < kTileRows; c++) s += kind === 'rows' ? tile[c * kTileRows + l]! : tile[l * kTileRows + c]!;
    perLane.push(u32(s * reps));
  }
  const out = new Uint32Array(groups * wg);
  for (let i = 0; i < out.length; i++) out[i] = perLane[i % kModelLanes]!;
  return out;
}

/** How a read-back compares with the reference. */
export interface SumCheck {
  readonly verified: boolean;
  readonly mismatches: number;
  /** The first differing invocation, when any. */
  readonly first?: { readonly index: number; readonly got: number; readonly want: number };
}

export function checkSums(got: Uint32Array, want: Uint32Array): SumCheck {
  let mismatches = 0;
  let first: SumCheck['first'];
  const n = Math.max(got.length, want.length);
  for (let i = 0; i < n; i++) {
    if (got[i] !== want[i]) {
      mismatches++;
      first ??= { index: i, got: got[i] ?? NaN, want: want[i] ?? NaN };
    }
  }
  return { verified: mismatches === 0, mismatches, ...(first ? { first } : {}) };
}

/** Bytes one dispatch reads: global memory (the whole buffer) or workgroup memory (every lane's reads). */
export const globalBytes = (size: GlobalSize): number => size.words * kWordBytes;
export const bankBytes = (size: BankSize, wg = kProbeWorkgroup): number => size.groups * wg * size.reps * kTileRows * kWordBytes;
/** Workgroups of the global probe for `words` words. */
export const globalGroups = (words: number, wg = kProbeWorkgroup, stride = kProbeStride): number => ceilDiv(words, wg * stride);

// ---- the pictures ------------------------------------------------------------------------------

export interface LaneMark {
  readonly lane: number;
  /** The word it reads (from the start of its workgroup's block or tile). */
  readonly word: number;
  /** The segment (coalescing) or bank (banks) that word falls in. */
  readonly slot: number;
}

export interface SlotMark {
  readonly slot: number;
  /** Lanes of the request that hit it. */
  readonly lanes: number;
  /** Distinct words of it they read (banks: the ways of a conflict). */
  readonly words: number;
}

export interface ProbePicture {
  readonly lanes: readonly LaneMark[];
  /** The slots drawn, in order (segments touched, or all 32 banks). */
  readonly slots: readonly SlotMark[];
  /** Segments the request touches (coalescing), or the worst bank's distinct words: the model's serialisation (banks). */
  readonly cost: number;
  /** Bytes the lanes asked for, and bytes the segments touched hold (coalescing). */
  readonly bytesUsed: number;
  readonly bytesMoved: number;
}

function slots(lanes: readonly LaneMark[], all?: number): SlotMark[] {
  const hit = new Map<number, Set<number>>();
  const count = new Map<number, number>();
  for (const m of lanes) {
    if (!hit.has(m.slot)) hit.set(m.slot, new Set());
    hit.get(m.slot)!.add(m.word);
    count.set(m.slot, (count.get(m.slot) ?? 0) + 1);
  }
  const ids = all !== undefined ? Array.from({ length: all }, (_, i) => i) : [...hit.keys()].sort((a, b) => a - b);
  return ids.map((slot) => ({ slot, lanes: count.get(slot) ?? 0, words: hit.get(slot)?.size ?? 0 }));
}

/** One request of `lanes` lanes (step 0 of group 0) against the 128-byte segments it touches. */
export function coalescingPicture(kind: GlobalKind, lanes = kModelLanes): ProbePicture {
  const marks = Array.from({ length: lanes }, (_, lane) => {
    const word = globalAddress(kind, 0, lane, 0);
    return { lane, word, slot: segmentOf(word) };
  });
  const s = slots(marks);
  return { lanes: marks, slots: s, cost: s.length, bytesUsed: lanes * kWordBytes, bytesMoved: s.length * kSegmentBytes };
}

/** One request of `lanes` lanes (column `c`) against the 32 banks. */
export function bankPicture(kind: BankKind, lanes = kModelLanes, c = 0): ProbePicture {
  const marks = Array.from({ length: lanes }, (_, lane) => {
    const word = bankAddress(kind, lane, c);
    return { lane, word, slot: bankOf(word) };
  });
  const s = slots(marks, kBanks);
  return { lanes: marks, slots: s, cost: Math.max(...s.map((x) => x.words)), bytesUsed: lanes * kWordBytes, bytesMoved: lanes * kWordBytes };
}

/** The ratio of two medians (slow over fast), or undefined when either is not a positive time. */
export function probeRatio(slowMs: number, fastMs: number): number | undefined {
  return Number.isFinite(slowMs) && Number.isFinite(fastMs) && slowMs > 0 && fastMs > 0 ? slowMs / fastMs : undefined;
}

/**
 * A probe's ratios from its variants' medians (NaN for a variant it lacks): strided ÷ coalesced, or
 * columns ÷ rows and padded ÷ rows. The page's own run and a shared link's figures say the same ones.
 */
export function probeRatios(probe: ProbeId, medianOf: (kind: GlobalKind | BankKind) => number): { readonly ratio?: number; readonly padded?: number } {
  if (probe === 'coalescing') return { ratio: probeRatio(medianOf('strided'), medianOf('coalesced')) };
  return { ratio: probeRatio(medianOf('columns'), medianOf('rows')), padded: probeRatio(medianOf('padded'), medianOf('rows')) };
}
