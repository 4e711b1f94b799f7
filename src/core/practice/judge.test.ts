import { describe, expect, it } from 'vitest';
import { kRec, kRecordWords, kSlotHeadWords, type AccessSite, type WorkgroupVar } from './instrument';
import { invocationOf, records, slotWords, structureChecks, traceFacts, wordName, type StructureKind, type TraceLayout } from './judge';

/**
 * The judge over hand-made traces: each test writes the records a kernel of one kind would leave
 * (in the layout the prelude writes: core/practice/instrument.ts), and reads the verdict back.
 */
class Trace {
  readonly words: Uint32Array;
  private readonly n: number[];
  constructor(readonly l: TraceLayout) {
    this.words = new Uint32Array(l.invocations * slotWords(l.cap));
    this.n = new Array<number>(l.invocations).fill(0);
  }
  rec(inv: number, kind: number, o: { variable?: number; site?: number; epoch?: number; addr: number; len?: number; oob?: boolean }): this {
    const base = inv * slotWords(this.l.cap);
    const r = this.n[inv]!;
    if (r < this.l.cap) {
      const at = base + kSlotHeadWords + r * kRecordWords;
      this.words[at] = kind | ((o.variable ?? 0) << 4) | ((o.oob ? 1 : 0) << 9) | ((o.site ?? 0) << 10);
      this.words[at + 1] = o.epoch ?? 0;
      this.words[at + 2] = o.addr;
      this.words[at + 3] = o.len ?? 1;
    }
    this.n[inv] = r + 1;
    this.words[base] = r + 1;
    this.words[base + 1] = Math.max(this.words[base + 1]!, o.epoch ?? 0);
    return this;
  }
  write(inv: number, addr: number, epoch: number, site = 0) {
    return this.rec(inv, kRec.wgWrite, { addr, epoch, site });
  }
  read(inv: number, addr: number, epoch: number, site = 1) {
    return this.rec(inv, kRec.wgRead, { addr, epoch, site });
  }
  global(inv: number, kind: number, row: number, col: number, epoch = 0) {
    return this.rec(inv, kind, { addr: (row << 16) | col, epoch });
  }
}

const tile: WorkgroupVar = { name: 'As', words: 16, dims: [{ count: 4, stride: 4 }, { count: 4, stride: 1 }] };
const sites: AccessSite[] = [
  { line: 12, variable: 0, write: true },
  { line: 15, variable: 0, write: false },
];
/** Two 2×2 workgroups side by side: invocations 0,1,4,5 form workgroup (0,0); 2,3,6,7 workgroup (1,0). */
const small: TraceLayout = { invocations: 8, invocationsX: 4, workgroup: [2, 2], cap: 64 };

describe('the trace’s layout', () => {
  it('names each invocation by its workgroup and local id', () => {
    expect(invocationOf(small, 5)).toMatchObject({ wg: [0, 0], local: [1, 1], group: 0, lane: 3 });
    expect(invocationOf(small, 6)).toMatchObject({ wg: [1, 0], local: [0, 1], group: 1, lane: 2 });
    // A trace of part of the grid from an origin: the workgroup is the grid's, the group the trace's.
    expect(invocationOf({ ...small, origin: [4, 2] }, 6)).toMatchObject({ wg: [3, 1], local: [0, 1], group: 1, lane: 2 });
  });
  it('names a word from the declaration', () => {
    expect(wordName(tile, 6)).toBe('As[1][2]');
    expect(wordName({ name: 'v', words: 16, dims: [{ count: 4, stride: 4 }] }, 5)).toBe('v[1]+1');
    // A struct's member, and its own dimensions (struct Tiles { a: array<array<f32, 4>, 4>, b: … }).
    const t: WorkgroupVar = { name: 't', words: 32, dims: [], members: [{ name: 'a', offset: 0, words: 16, dims: [{ count: 4, stride: 4 }, { count: 4, stride: 1 }] }, { name: 'b', offset: 16, words: 16, dims: [{ count: 4, stride: 4 }, { count: 4, stride: 1 }] }] };
    expect([wordName(t, 0), wordName(t, 22)]).toEqual(['t.a[0][0]', 't.b[1][2]']);
  });
  it('a slot that overflowed says so, and keeps what fitted', () => {
    const t = new Trace({ ...small, cap: 2 });
    t.write(0, 1, 0).write(0, 2, 0).write(0, 3, 0);
    const r = records(t.words, t.l);
    expect([r.overflow, r.maxRecords, r.recs.length]).toEqual([true, 3, 2]);
  });
});

describe('races, as a race checker finds them', () => {
  it('a write and another invocation’s read of the same word between the same barriers', () => {
    const t = new Trace(small).write(0, 6, 1, 0).read(5, 6, 1, 1);
    const f = traceFacts(t.words, t.l, [tile], sites);
    expect(f.raceCount).toBe(1);
    expect(f.races[0]).toMatchObject({ variable: 'As', word: 'As[1][2]', epoch: 1, writer: { index: 0, local: [0, 0] }, other: { index: 5, local: [1, 1] }, otherKind: 'read', writerLine: 12, otherLine: 15 });
  });
  it('the read seen before the write is found all the same', () => {
    const t = new Trace(small).read(5, 6, 0).write(0, 6, 0);
    expect(traceFacts(t.words, t.l, [tile], sites).raceCount).toBe(1);
  });
  it('two invocations writing one word between two barriers race (write-write)', () => {
    const t = new Trace(small).write(0, 3, 2).write(1, 3, 2);
    expect(traceFacts(t.words, t.l, [tile], sites).races[0]?.otherKind).toBe('write');
  });
  it('no race: a barrier between, the same invocation, or another workgroup', () => {
    expect(traceFacts(new Trace(small).write(0, 6, 0).read(5, 6, 1).words, small, [tile], sites).raceCount).toBe(0);
    expect(traceFacts(new Trace(small).write(0, 6, 0).read(0, 6, 0).words, small, [tile], sites).raceCount).toBe(0);
    expect(traceFacts(new Trace(small).write(0, 6, 0).read(2, 6, 0).words, small, [tile], sites).raceCount).toBe(0);
  });
  it('atomics on workgroup memory: two read-modify-writes never race; one and another invocation’s load (or store) between the same barriers do', () => {
    const atomic = (t: Trace, inv: number, addr: number, epoch: number) => t.rec(inv, kRec.wgAtomic, { addr, epoch });
    expect(traceFacts(atomic(atomic(new Trace(small), 0, 3, 1), 1, 3, 1).words, small, [tile], sites).raceCount).toBe(0);
    const load = atomic(new Trace(small), 0, 3, 1).read(1, 3, 1);
    expect(traceFacts(load.words, small, [tile], sites).races[0]).toMatchObject({ writer: { index: 0 }, other: { index: 1 }, otherKind: 'read' });
    // atomicStore and compare-exchange are writes: they race with another invocation's atomic too.
    expect(traceFacts(atomic(new Trace(small).write(0, 3, 1), 1, 3, 1).words, small, [tile], sites).races[0]?.otherKind).toBe('write');
    // After a barrier, the sum is read in peace.
    expect(traceFacts(atomic(atomic(new Trace(small), 0, 3, 1), 1, 3, 1).read(1, 3, 2).words, small, [tile], sites).raceCount).toBe(0);
  });
  it('an element of C stored by two invocations with different values races (no barrier orders workgroups); the same value twice does not', () => {
    const bits = (x: number) => new Uint32Array(new Float32Array([x]).buffer)[0]!;
    const store = (t: Trace, inv: number, row: number, col: number, v: number) => t.rec(inv, kRec.storeC, { addr: (row << 16) | col, len: bits(v) });
    const two = store(store(new Trace(small), 0, 1, 2, 0), 2, 1, 2, 7.5);
    expect(traceFacts(two.words, small, [tile], sites).storeRace).toMatchObject({ row: 1, col: 2, writer: { index: 0 }, other: { index: 2, wg: [1, 0] }, values: [0, 7.5], count: 1 });
    expect(traceFacts(store(store(new Trace(small), 0, 1, 2, 7.5), 5, 1, 2, 7.5).words, small, [tile], sites).storeRace).toBeUndefined();
    // One invocation storing twice: the last store stays, whatever the order of the others.
    expect(traceFacts(store(store(new Trace(small), 0, 1, 2, 0), 0, 1, 2, 7.5).words, small, [tile], sites).storeRace).toBeUndefined();
  });
  it('a multi-word access races on every word it covers', () => {
    const t = new Trace(small).rec(0, kRec.wgWrite, { addr: 4, len: 4 }).read(1, 7, 0);
    expect(traceFacts(t.words, t.l, [tile], sites).races[0]?.word).toBe('As[1][3]');
  });
  it('an index out of range is its own finding, with its line', () => {
    const t = new Trace(small).rec(3, kRec.wgRead, { addr: 99, oob: true, site: 1 });
    expect(traceFacts(t.words, t.l, [tile], sites).workgroupOutOfRange).toMatchObject({ variable: 'As', line: 15, count: 1, invocation: { index: 3 } });
  });
  it('barriers per invocation and global reads come from the trace', () => {
    const t = new Trace(small).global(0, kRec.readA, 0, 0, 0).global(0, kRec.readB, 0, 0, 3).write(1, 0, 2);
    const f = traceFacts(t.words, t.l, [tile], sites);
    expect([f.maxReads, f.barriersMin, f.barriersMax]).toEqual([2, 0, 3]);
  });
});

const checks = (kinds: StructureKind[], t: Trace, phases = 2, variables: WorkgroupVar[] = [tile]) => structureChecks(kinds, records(t.words, t.l).recs, t.l, { phases, tile: 2, sites, variables });

describe('structure, from what happened', () => {
  it('staged: each element of A and B read once per workgroup; twice fails and says where', () => {
    const ok = new Trace(small).global(0, kRec.readA, 0, 0).global(1, kRec.readA, 0, 1).global(2, kRec.readA, 0, 0);
    expect(checks(['staged'], ok)).toEqual([
      { check: 'reuse', ok: true, values: {} },
      { check: 'shared', ok: true, values: {} },
    ]);
    const twice = new Trace(small).global(0, kRec.readA, 0, 0).global(1, kRec.readA, 0, 0);
    expect(checks(['staged'], twice)[0]).toEqual({ check: 'reuse', ok: false, values: { matrix: 'A', row: 0, col: 0, times: 2, wgX: 0, wgY: 0 } });
  });
  it('staged: every invocation that stores C read a word another invocation of its workgroup wrote before a barrier; one that computed from registers alone fails', () => {
    const store = (t: Trace, i: number, row: number, col: number) => t.rec(i, kRec.storeC, { addr: (row << 16) | col });
    // Invocations 0 and 1 each load a word, a barrier, each reads the other's, both store.
    const tiled = store(store(new Trace(small).write(0, 0, 0).write(1, 1, 0).read(0, 1, 1).read(1, 0, 1), 0, 0, 0), 1, 0, 1);
    expect(checks(['staged'], tiled)[1]).toEqual({ check: 'shared', ok: true, values: {} });
    // Invocation 0 reads every element once and stores the whole block: each element once per workgroup, nothing shared.
    const alone = store(store(new Trace(small).global(0, kRec.readA, 0, 0).global(0, kRec.readA, 0, 1), 0, 0, 0), 0, 0, 1);
    expect(checks(['staged'], alone)).toEqual([
      { check: 'reuse', ok: true, values: {} },
      { check: 'shared', ok: false, values: { x: 0, y: 0, wgX: 0, wgY: 0 } },
    ]);
    // Its own words, or another's read before the barrier (a race, said apart), share nothing either.
    const own = store(new Trace(small).write(0, 0, 0).read(0, 0, 1).write(1, 1, 1).read(0, 1, 1), 0, 0, 0);
    expect(checks(['staged'], own)[1]).toMatchObject({ check: 'shared', ok: false });
  });
  it('through the tile: a store whose source the storing invocation read itself fails (off the diagonal); read by another passes', () => {
    // C[0][1] = A[1][0]: read by invocation 1, stored by invocation 0.
    const ok = new Trace(small).global(1, kRec.readA, 1, 0).rec(0, kRec.storeC, { addr: (0 << 16) | 1 });
    expect(checks(['through'], ok)[0]).toMatchObject({ check: 'through-tile', ok: true });
    const self = new Trace(small).global(0, kRec.readA, 1, 0).rec(0, kRec.storeC, { addr: (0 << 16) | 1 });
    expect(checks(['through'], self)[0]).toMatchObject({ check: 'through-tile', ok: false, values: { row: 0, col: 1, self: 1 } });
    // On the diagonal the element stays where it was loaded.
    const diag = new Trace(small).global(0, kRec.readA, 0, 0).rec(0, kRec.storeC, { addr: 0 });
    expect(checks(['through'], diag)[0]?.ok).toBe(true);
    // Nothing stored: nothing shows the structure.
    expect(checks(['through'], new Trace(small))[0]?.ok).toBe(false);
  });
  it('banks: 32 lanes reading a column 32 words apart conflict 32 ways; 33 apart, none', () => {
    const l: TraceLayout = { invocations: 32, invocationsX: 32, workgroup: [32, 1], cap: 4 };
    const big: WorkgroupVar = { name: 'tile', words: 33 * 32, dims: [{ count: 32, stride: 33 }, { count: 33, stride: 1 }] };
    const col = (pitch: number) => {
      const t = new Trace(l);
      for (let lane = 0; lane < 32; lane++) t.read(lane, lane * pitch, 1, 1);
      return checks(['padded'], t, 1, [big]).find((c) => c.check === 'banks');
    };
    expect(col(32)).toEqual({ check: 'banks', ok: false, values: { ways: 32, line: 15 } });
    expect(col(33)).toEqual({ check: 'banks', ok: true, values: { ways: 1, line: 0 } });
    // The same word for every lane is a broadcast, not a conflict.
    expect(col(0)?.ok).toBe(true);
  });
  it('double buffering: the next tile written between the same barriers as the current one is read', () => {
    const overlap = new Trace(small).write(0, 0, 0).write(0, 4, 1).read(1, 0, 1).write(0, 0, 2).read(1, 4, 2).read(1, 0, 3);
    expect(checks(['double'], overlap, 3).find((c) => c.check === 'overlap')).toEqual({ check: 'overlap', ok: true, values: { epochs: 2, need: 2 } });
    // Single-buffered, with a decoy: a word written beside each phase's reads that nobody reads afterwards is no tile.
    const decoy = new Trace(small).write(0, 0, 0).read(1, 0, 1).write(1, 8, 1).write(0, 0, 2).read(1, 0, 3).write(1, 8, 3);
    expect(checks(['double'], decoy, 2).find((c) => c.check === 'overlap')).toEqual({ check: 'overlap', ok: false, values: { epochs: 0, need: 1 } });
    // The same words written and read by one invocation alone are not shared either.
    const alone = new Trace(small).write(0, 0, 0).read(1, 0, 1).write(1, 8, 1).write(0, 0, 2).read(1, 0, 3).read(1, 8, 3);
    expect(checks(['double'], alone, 2).find((c) => c.check === 'overlap')).toMatchObject({ ok: false });
    // One deeper buffer: both phases loaded, then both read: no stretch does both.
    const deeper = new Trace(small).write(0, 0, 0).write(0, 4, 0).read(1, 0, 1).read(1, 4, 1);
    expect(checks(['double'], deeper, 2).find((c) => c.check === 'overlap')).toEqual({ check: 'overlap', ok: false, values: { epochs: 0, need: 1 } });
  });
  it('the tree: two words per invocation per step, log2(WG) steps and the final read; a serial sum fails', () => {
    const l: TraceLayout = { invocations: 4, invocationsX: 4, workgroup: [4, 1], cap: 16 };
    const tree = new Trace(l);
    for (let i = 0; i < 4; i++) tree.write(i, i, 0);
    tree.read(0, 0, 1).read(0, 2, 1).read(1, 1, 1).read(1, 3, 1).write(0, 0, 1).write(1, 1, 1);
    tree.read(0, 0, 2).read(0, 1, 2).write(0, 0, 2).read(0, 0, 3);
    expect(checks(['tree'], tree).find((c) => c.check === 'tree')).toEqual({ check: 'tree', ok: true, values: { most: 2, epochs: 3, steps: 2 } });
    const serial = new Trace(l);
    for (let i = 0; i < 4; i++) serial.write(i, i, 0);
    for (let i = 0; i < 4; i++) serial.read(0, i, 1);
    expect(checks(['tree'], serial).find((c) => c.check === 'tree')).toMatchObject({ ok: false, values: { most: 4 } });
  });
  it('wide loads: an element read twice by one invocation fails', () => {
    const t = new Trace(small).global(0, kRec.readA, 0, 3).global(0, kRec.readA, 0, 3);
    expect(checks(['strip'], t)[0]).toEqual({ check: 'strip', ok: false, values: { matrix: 'A', row: 0, col: 3, times: 2, x: 0, y: 0 } });
  });
});
