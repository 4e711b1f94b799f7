/**
 * Verdicts read from what the kernel did (issue #43): the trace its instrumented run left
 * (core/practice/instrument.ts), never counts it could game. Pure functions over the records, unit
 * tested on recorded and hand-made traces.
 *
 * - **Races**, as CUDA's racecheck does: within one workgroup, a write to a word of workgroup memory
 *   and another invocation's read or write of the same word between the same two barriers. No rule
 *   about how many barriers a kernel needs: fewer with no race pass, a missing one is a race.
 * - **Structure, from what happened**: each element of A and B read once per workgroup (a tile shares
 *   it: tiled, bounds, numba, register tiles); every element of C stored by an invocation that did not
 *   read its source itself, while another of its workgroup did (a transpose through the tile); the bank
 *   conflicts of each group of 32 lanes from the real word addresses (padded); the next phase's tile
 *   written between the same barriers as this phase's is read (double buffering); a tree that combines
 *   at most two words per invocation per step in log2(WG) steps (the dot product); each element read
 *   once per invocation (wide loads).
 */
import { kRec, kRecordWords, kSlotHeadWords } from './constants';
import type { AccessSite, WorkgroupVar } from './instrument';

/** Where the trace lies: the grid of invocations, the workgroup, each invocation's slot. */
export interface TraceLayout {
  readonly invocations: number;
  readonly invocationsX: number;
  readonly workgroup: readonly [number, number];
  /** Records one invocation may keep. */
  readonly cap: number;
  /** The grid's invocation (x, y) the first slot belongs to, where only part of the grid is traced (0, 0 unless said). */
  readonly origin?: readonly [number, number];
}

export const slotWords = (cap: number) => kSlotHeadWords + cap * kRecordWords;

/** An invocation, named as the learner's code sees it. */
export interface Invocation {
  readonly index: number;
  /** Its workgroup (x, y) and its local id (x, y). */
  readonly wg: readonly [number, number];
  readonly local: readonly [number, number];
}

export function invocationOf(l: TraceLayout, inv: number): Invocation & { readonly group: number; readonly lane: number } {
  const [wx, wy] = l.workgroup;
  const tx = inv % l.invocationsX;
  const ty = Math.floor(inv / l.invocationsX);
  // The workgroup within the trace (its group) and in the grid (its name: the trace may start at an origin).
  const [ox, oy] = l.origin ?? [0, 0];
  const wg: [number, number] = [Math.floor((tx + ox) / wx), Math.floor((ty + oy) / wy)];
  const local: [number, number] = [tx % wx, ty % wy];
  return { index: inv, wg, local, group: Math.floor(tx / wx) + Math.floor(ty / wy) * Math.ceil(l.invocationsX / wx), lane: local[0] + local[1] * wx };
}

export interface Race {
  readonly variable: string;
  /** The word, named from the declaration (As[1][2]) and as a flat word index. */
  readonly word: string;
  readonly wordIndex: number;
  /** Barriers passed before it: 0 = before the first barrier. */
  readonly epoch: number;
  readonly writer: Invocation;
  readonly writerLine: number;
  readonly other: Invocation;
  readonly otherLine: number;
  /** What the other invocation did: read the word, or wrote it too. */
  readonly otherKind: 'read' | 'write';
}

export interface StructureCheck {
  readonly check: 'reuse' | 'shared' | 'through-tile' | 'banks' | 'overlap' | 'tree' | 'strip' | 'once';
  readonly ok: boolean;
  /** What the trace shows, as numbers for the words (see the catalogue's structure.<check>.<ok|fail>). */
  readonly values: Readonly<Record<string, number | string>>;
}

export interface TraceFacts {
  /** Every invocation's records fitted its slot (else the run did more than the budget allows). */
  readonly overflow: boolean;
  readonly maxRecords: number;
  readonly races: readonly Race[];
  readonly raceCount: number;
  /** Elements of C stored by two invocations with different values (which one lands depends on the order they run in): the first, and how many. */
  readonly storeRace?: { readonly row: number; readonly col: number; readonly writer: Invocation; readonly other: Invocation; readonly values: readonly [number, number]; readonly count: number };
  /** Accesses of workgroup memory with an index out of range: the first, and how many. */
  readonly workgroupOutOfRange?: { readonly variable: string; readonly line: number; readonly invocation: Invocation; readonly count: number };
  /** Global reads of the busiest invocation, and barriers per invocation (fewest, most). */
  readonly maxReads: number;
  readonly barriersMin: number;
  readonly barriersMax: number;
}

/** The structure an exercise teaches, checked on the trace. */
export type StructureKind = 'staged' | 'double' | 'through' | 'padded' | 'tree' | 'strip';

interface Rec {
  inv: number;
  kind: number;
  variable: number;
  oob: boolean;
  site: number;
  epoch: number;
  addr: number;
  len: number;
}

/** The records of every invocation, in program order. */
export function records(trace: Uint32Array, l: TraceLayout): { recs: Rec[]; overflow: boolean; maxRecords: number; epochs: Uint32Array } {
  const stride = slotWords(l.cap);
  const recs: Rec[] = [];
  let overflow = false;
  let maxRecords = 0;
  const epochs = new Uint32Array(l.invocations);
  for (let inv = 0; inv < l.invocations; inv++) {
    const base = inv * stride;
    const n = trace[base] ?? 0;
    epochs[inv] = trace[base + 1] ?? 0;
    maxRecords = Math.max(maxRecords, n);
    if (n > l.cap) overflow = true;
    for (let r = 0; r < Math.min(n, l.cap); r++) {
      const at = base + kSlotHeadWords + r * kRecordWords;
      const w0 = trace[at]!;
      recs.push({ inv, kind: w0 & 15, variable: (w0 >>> 4) & 31, oob: ((w0 >>> 9) & 1) === 1, site: w0 >>> 10, epoch: trace[at + 1]!, addr: trace[at + 2]!, len: trace[at + 3]! });
    }
  }
  return { recs, overflow, maxRecords, epochs };
}

/** A word of a variable named from its declaration: As[1][2] (the leading array dimensions), t.a[1][2] (a struct's member and its dimensions), or As + word. */
export function wordName(v: WorkgroupVar, word: number): string {
  let rest = word;
  let out = v.name;
  const index = (dims: WorkgroupVar['dims']) => {
    for (const d of dims) {
      const i = Math.floor(rest / d.stride);
      out += `[${i}]`;
      rest -= i * d.stride;
    }
  };
  index(v.dims);
  const m = v.members?.find((x) => rest >= x.offset && rest < x.offset + x.words);
  if (m) {
    out += `.${m.name}`;
    rest -= m.offset;
    index(m.dims);
  }
  return rest === 0 ? out : `${out}+${rest}`;
}

/** A record of an access to workgroup memory: a read, a write, or an atomic read-modify-write (both). */
const isWorkgroupAccess = (kind: number) => kind === kRec.wgRead || kind === kRec.wgWrite || kind === kRec.wgAtomic;

const lineOf = (sites: readonly AccessSite[], site: number) => sites[site]?.line ?? 0;

/** Races, out-of-range workgroup indices, reads and barriers, from the records. */
export function traceFacts(trace: Uint32Array, l: TraceLayout, variables: readonly WorkgroupVar[], sites: readonly AccessSite[], maxRaces = 5): TraceFacts & { readonly recs: readonly Rec[] } {
  const { recs, overflow, maxRecords, epochs } = records(trace, l);
  // Per word and epoch: the first access of each class (a write, an atomic read-modify-write, a read)
  // and the first of that class by another invocation.
  type Cell = { w?: Rec; w2?: Rec; a?: Rec; a2?: Rec; r?: Rec; r2?: Rec };
  const cells = new Map<string, Cell>();
  let oob: TraceFacts['workgroupOutOfRange'];
  let oobCount = 0;
  const reads = new Uint32Array(l.invocations);
  for (const r of recs) {
    if (r.kind === kRec.readA || r.kind === kRec.readB) reads[r.inv]!++;
    if (!isWorkgroupAccess(r.kind)) continue;
    if (r.oob) {
      oobCount++;
      oob ??= { variable: variables[r.variable]?.name ?? '?', line: lineOf(sites, r.site), invocation: strip(invocationOf(l, r.inv)), count: 0 };
      continue;
    }
    const group = invocationOf(l, r.inv).group;
    for (let w = r.addr; w < r.addr + r.len; w++) {
      const key = `${group}:${r.epoch}:${r.variable}:${w}`;
      let c = cells.get(key);
      if (!c) cells.set(key, (c = {}));
      if (r.kind === kRec.wgWrite) {
        if (!c.w) c.w = r;
        else if (!c.w2 && c.w.inv !== r.inv) c.w2 = r;
      } else if (r.kind === kRec.wgAtomic) {
        if (!c.a) c.a = r;
        else if (!c.a2 && c.a.inv !== r.inv) c.a2 = r;
      } else if (!c.r) c.r = r;
      else if (!c.r2 && c.r.inv !== r.inv) c.r2 = r;
    }
  }
  /** An access of the class (first, second) by an invocation other than `inv`. */
  const otherThan = (inv: number, first?: Rec, second?: Rec) => (first && first.inv !== inv ? first : second && second.inv !== inv ? second : undefined);
  const races: Race[] = [];
  let raceCount = 0;
  for (const [key, c] of cells) {
    // A write races with any other invocation's access; an atomic read-modify-write with another's read or write, not with another's atomic.
    const writer = c.w ?? c.a;
    if (!writer) continue;
    const other = c.w ? (otherThan(c.w.inv, c.w, c.w2) ?? otherThan(c.w.inv, c.a, c.a2) ?? otherThan(c.w.inv, c.r, c.r2)) : otherThan(writer.inv, c.r, c.r2);
    if (!other) continue;
    raceCount++;
    if (races.length >= maxRaces) continue;
    const v = variables[writer.variable];
    const word = Number(key.split(':')[3]);
    races.push({
      variable: v?.name ?? '?',
      word: v ? wordName(v, word) : String(word),
      wordIndex: word,
      epoch: writer.epoch,
      writer: strip(invocationOf(l, writer.inv)),
      writerLine: lineOf(sites, writer.site),
      other: strip(invocationOf(l, other.inv)),
      otherLine: lineOf(sites, other.site),
      otherKind: other.kind === kRec.wgRead ? 'read' : 'write',
    });
  }
  // Global memory: an element of C stored by two invocations with different values (no barrier orders workgroups).
  const stored = new Map<number, { inv: number; bits: number; raced: boolean }>();
  const f32 = new Float32Array(1);
  const u32 = new Uint32Array(f32.buffer);
  const value = (bits: number) => ((u32[0] = bits), f32[0]!);
  let storeRace: TraceFacts['storeRace'];
  let storeRaces = 0;
  for (const r of recs) {
    if (r.kind !== kRec.storeC) continue;
    const first = stored.get(r.addr);
    if (!first) stored.set(r.addr, { inv: r.inv, bits: r.len, raced: false });
    else if (!first.raced && first.inv !== r.inv && first.bits !== r.len) {
      first.raced = true;
      storeRaces++;
      const [row, col] = el(r.addr);
      storeRace ??= { row, col, writer: strip(invocationOf(l, first.inv)), other: strip(invocationOf(l, r.inv)), values: [value(first.bits), value(r.len)], count: 0 };
    }
  }
  let barriersMin = Infinity;
  let barriersMax = 0;
  for (let i = 0; i < l.invocations; i++) {
    barriersMin = Math.min(barriersMin, epochs[i]!);
    barriersMax = Math.max(barriersMax, epochs[i]!);
  }
  return {
    recs,
    overflow,
    maxRecords,
    races,
    raceCount,
    ...(oob ? { workgroupOutOfRange: { ...oob, count: oobCount } } : {}),
    ...(storeRace ? { storeRace: { ...storeRace, count: storeRaces } } : {}),
    maxReads: reads.reduce((a, b) => Math.max(a, b), 0),
    barriersMin: Number.isFinite(barriersMin) ? barriersMin : 0,
    barriersMax,
  };
}

function strip(i: Invocation): Invocation {
  return { index: i.index, wg: i.wg, local: i.local };
}

const el = (addr: number) => [addr >>> 16, addr & 0xffff] as const;

/** The structure checks of an exercise, read from its records. `phases`: the matmul's K/TILE phases. */
export function structureChecks(kinds: readonly StructureKind[], recs: readonly Rec[], l: TraceLayout, o: { readonly phases: number; readonly tile: number; readonly sites: readonly AccessSite[]; readonly variables: readonly WorkgroupVar[] }): StructureCheck[] {
  const out: StructureCheck[] = [];
  const inv = (i: number) => invocationOf(l, i);
  if (kinds.includes('staged') || kinds.includes('double')) {
    // Each element of A and B read once per workgroup: the tile shares it with the others.
    const seen = new Map<string, number>();
    let worst: { key: string; n: number; inv: number } | undefined;
    for (const r of recs) {
      if (r.kind !== kRec.readA && r.kind !== kRec.readB) continue;
      const key = `${inv(r.inv).group}:${r.kind}:${r.addr}`;
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      if (!worst || n > worst.n) worst = { key, n, inv: r.inv };
    }
    if (worst && worst.n > 1) {
      const [, k, a] = worst.key.split(':').map(Number) as [number, number, number];
      const [row, col] = el(a);
      const wg = inv(worst.inv).wg;
      out.push({ check: 'reuse', ok: false, values: { matrix: k === kRec.readA ? 'A' : 'B', row, col, times: worst.n, wgX: wg[0], wgY: wg[1] } });
    } else out.push({ check: 'reuse', ok: true, values: {} });
    // And the tile shares them: every invocation that stores C read a word of workgroup memory another
    // invocation of its workgroup wrote before a barrier (one invocation computing the whole block from
    // registers reads each element once per workgroup too, and shares nothing).
    const firstWrites = new Map<string, { inv: number; epoch: number; other: number }>();
    for (const r of recs) {
      if (r.kind !== kRec.wgWrite && r.kind !== kRec.wgAtomic) continue;
      const g = inv(r.inv).group;
      for (let w = r.addr; w < r.addr + r.len; w++) {
        const key = `${g}:${r.variable}:${w}`;
        const f = firstWrites.get(key);
        if (!f) firstWrites.set(key, { inv: r.inv, epoch: r.epoch, other: Infinity });
        else if (r.inv !== f.inv) f.other = Math.min(f.other, r.epoch);
      }
    }
    const shared = new Set<number>();
    for (const r of recs) {
      if ((r.kind !== kRec.wgRead && r.kind !== kRec.wgAtomic) || shared.has(r.inv)) continue;
      const g = inv(r.inv).group;
      for (let w = r.addr; w < r.addr + r.len; w++) {
        const f = firstWrites.get(`${g}:${r.variable}:${w}`);
        if (f && ((f.inv !== r.inv && f.epoch < r.epoch) || f.other < r.epoch)) {
          shared.add(r.inv);
          break;
        }
      }
    }
    const alone = recs.find((r) => r.kind === kRec.storeC && !shared.has(r.inv));
    if (alone) {
      const iv = inv(alone.inv);
      out.push({ check: 'shared', ok: false, values: { x: iv.local[0], y: iv.local[1], wgX: iv.wg[0], wgY: iv.wg[1] } });
    } else out.push({ check: 'shared', ok: true, values: {} });
  }
  if (kinds.includes('double')) {
    // Epochs in which a workgroup reads words written in an earlier epoch (this phase's tile) and writes
    // words another of its invocations reads in a later epoch (the next phase's tile): a write nobody
    // reads afterwards (a decoy beside a single-buffered kernel) is no tile.
    const perGroup = new Map<number, Map<number, { w: boolean; r: boolean }>>();
    const writtenAt = new Set<string>();
    /** Per word of a workgroup: the reads (epoch, invocation). */
    const readsOf = new Map<string, { epoch: number; inv: number }[]>();
    for (const r of recs) {
      if (!isWorkgroupAccess(r.kind)) continue;
      const g = inv(r.inv).group;
      for (let w = r.addr; w < r.addr + r.len; w++) {
        if (r.kind !== kRec.wgRead) writtenAt.add(`${g}:${r.variable}:${w}:${r.epoch}`);
        if (r.kind !== kRec.wgWrite) {
          const list = readsOf.get(`${g}:${r.variable}:${w}`) ?? [];
          list.push({ epoch: r.epoch, inv: r.inv });
          readsOf.set(`${g}:${r.variable}:${w}`, list);
        }
      }
    }
    for (const r of recs) {
      if (!isWorkgroupAccess(r.kind)) continue;
      const g = inv(r.inv).group;
      const m = perGroup.get(g) ?? new Map<number, { w: boolean; r: boolean }>();
      perGroup.set(g, m);
      const e = m.get(r.epoch) ?? { w: false, r: false };
      m.set(r.epoch, e);
      for (let w = r.addr; w < r.addr + r.len; w++) {
        if (r.kind !== kRec.wgRead && (readsOf.get(`${g}:${r.variable}:${w}`) ?? []).some((x) => x.epoch > r.epoch && x.inv !== r.inv)) e.w = true;
        if (r.kind !== kRec.wgWrite && !writtenAt.has(`${g}:${r.variable}:${w}:${r.epoch}`)) e.r = true;
      }
    }
    let fewest = Infinity;
    for (const m of perGroup.values()) fewest = Math.min(fewest, [...m.values()].filter((e) => e.w && e.r).length);
    if (!Number.isFinite(fewest)) fewest = 0;
    const need = Math.max(0, o.phases - 1);
    out.push({ check: 'overlap', ok: fewest >= need, values: { epochs: fewest, need } });
  }
  if (kinds.includes('through') || kinds.includes('padded')) {
    // Every C[q][p] stored by an invocation that did not read A[p][q] itself (off the tile's diagonal), while another of its workgroup did.
    const readBy = new Map<string, Set<number>>();
    for (const r of recs) {
      if (r.kind !== kRec.readA) continue;
      const key = `${inv(r.inv).group}:${r.addr}`;
      const s = readBy.get(key) ?? new Set<number>();
      s.add(r.inv);
      readBy.set(key, s);
    }
    let bad: { row: number; col: number; inv: Invocation; self: boolean } | undefined;
    let stores = 0;
    for (const r of recs) {
      if (r.kind !== kRec.storeC) continue;
      stores++;
      const [q, p] = el(r.addr);
      const readers = readBy.get(`${inv(r.inv).group}:${(p << 16) | q}`) ?? new Set<number>();
      // On the tile's diagonal the element stays with the invocation that loaded it (as in the reference kernel).
      const diagonal = p % o.tile === q % o.tile;
      const self = readers.has(r.inv) && !diagonal;
      const other = diagonal || [...readers].some((x) => x !== r.inv);
      if (self || !other) {
        bad = { row: q, col: p, inv: strip(inv(r.inv)), self };
        break;
      }
    }
    out.push(
      bad
        ? { check: 'through-tile', ok: false, values: { row: bad.row, col: bad.col, x: bad.inv.local[0], y: bad.inv.local[1], self: bad.self ? 1 : 0 } }
        : { check: 'through-tile', ok: stores > 0, values: {} },
    );
  }
  if (kinds.includes('padded')) {
    // Bank conflicts: per group of 32 lanes, per site, epoch and occurrence, the most distinct words in one of 32 banks.
    const occurrence = new Map<string, number>();
    const groups = new Map<string, Map<number, Set<number>>>();
    for (const r of recs) {
      if (!isWorkgroupAccess(r.kind)) continue;
      const iv = inv(r.inv);
      const ok = `${r.inv}:${r.site}:${r.epoch}`;
      const n = occurrence.get(ok) ?? 0;
      occurrence.set(ok, n + 1);
      const key = `${iv.group}:${Math.floor(iv.lane / 32)}:${r.site}:${r.epoch}:${n}`;
      const banks = groups.get(key) ?? new Map<number, Set<number>>();
      groups.set(key, banks);
      const base = o.variables.slice(0, r.variable).reduce((s, v) => s + v.words, 0);
      const word = base + r.addr;
      const set = banks.get(word % 32) ?? new Set<number>();
      set.add(word);
      banks.set(word % 32, set);
    }
    let worst = 1;
    let worstSite = -1;
    for (const [key, banks] of groups) {
      for (const s of banks.values()) {
        if (s.size > worst) {
          worst = s.size;
          worstSite = Number(key.split(':')[2]);
        }
      }
    }
    out.push({ check: 'banks', ok: worst <= 1 && groups.size > 0, values: { ways: worst, line: worstSite >= 0 ? lineOf(o.sites, worstSite) : 0 } });
  }
  if (kinds.includes('tree')) {
    // At most two words per invocation per epoch, and no more epochs of reads than the tree's steps and the final read.
    const perEpoch = new Map<string, number>();
    const readEpochs = new Map<number, Set<number>>();
    let most = 0;
    for (const r of recs) {
      // An atomic read-modify-write reads its word too.
      if (r.kind !== kRec.wgRead && r.kind !== kRec.wgAtomic) continue;
      const k = `${r.inv}:${r.epoch}`;
      const n = (perEpoch.get(k) ?? 0) + r.len;
      perEpoch.set(k, n);
      most = Math.max(most, n);
      const g = inv(r.inv).group;
      const s = readEpochs.get(g) ?? new Set<number>();
      s.add(r.epoch);
      readEpochs.set(g, s);
    }
    const steps = Math.log2(l.workgroup[0] * l.workgroup[1]);
    let epochs = 0;
    for (const s of readEpochs.values()) epochs = Math.max(epochs, s.size);
    out.push({ check: 'tree', ok: most <= 2 && epochs >= 1 && epochs <= steps + 1, values: { most, epochs, steps } });
    // Each element of a and b read once in the whole grid: the grid-stride slices share the work.
    const seen = new Map<string, number>();
    let twice = 0;
    for (const r of recs) {
      if (r.kind !== kRec.readA && r.kind !== kRec.readB) continue;
      const key = `${r.kind}:${r.addr}`;
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      if (n === 2) twice++;
    }
    out.push({ check: 'once', ok: twice === 0, values: { twice } });
  }
  if (kinds.includes('strip')) {
    const seen = new Map<string, number>();
    let worst: { key: string; n: number } | undefined;
    for (const r of recs) {
      if (r.kind !== kRec.readA && r.kind !== kRec.readB) continue;
      const key = `${r.inv}:${r.kind}:${r.addr}`;
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      if (!worst || n > worst.n) worst = { key, n };
    }
    if (worst && worst.n > 1) {
      const [i, k, a] = worst.key.split(':').map(Number) as [number, number, number];
      const [row, col] = el(a);
      const iv = inv(i);
      out.push({ check: 'strip', ok: false, values: { matrix: k === kRec.readA ? 'A' : 'B', row, col, times: worst.n, x: iv.local[0] + iv.wg[0] * l.workgroup[0], y: iv.local[1] + iv.wg[1] * l.workgroup[1] } });
    } else out.push({ check: 'strip', ok: true, values: {} });
  }
  return out;
}
