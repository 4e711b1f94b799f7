/**
 * The model of the tiled kernel's work: which workgroup computes which C tile, from which A and B
 * tiles, and in each phase which invocation loads which element. The app compares the GPU's own
 * record (tiled_trace.wgsl) with this model, and falls back to it for problems too large to trace.
 */
import { said, type Said } from './said';
import { ceilDiv, type Shape } from './shape';
import { tileGrid } from './tiling';

/** Largest problem (M·N·K) whose per-invocation trace the GPU records. */
export const kTraceMaxMacs = 64 * 64 * 64;

export const kOutside = 0xffffffff;
export const kPastEnd = 0xfffffffe;

/** Rows and columns a C tile really has (edge tiles are partial). */
export function tileExtent(s: Shape, tile: number, ty: number, tx: number): { rows: number; cols: number } {
  return { rows: Math.max(0, Math.min(tile, s.m - ty * tile)), cols: Math.max(0, Math.min(tile, s.n - tx * tile)) };
}

/** Extent along K of phase `ph` (the last one may be partial). */
export const phaseExtent = (s: Shape, tile: number, ph: number): number => Math.max(0, Math.min(tile, s.k - ph * tile));

/** What the GPU should record for tile (ty, tx): workgroup (x = tx, y = ty), phases, and stored elements. */
export function expectedTileRecord(s: Shape, tile: number, ty: number, tx: number): [number, number, number, number] {
  const { rows, cols } = tileExtent(s, tile, ty, tx);
  return [tx, ty, ceilDiv(s.k, tile), rows * cols];
}

export interface SlotLoad {
  /** Tile slot (row ly, column lx) in As / Bs and in the C tile. */
  readonly ly: number;
  readonly lx: number;
  /** The invocation that loads this slot (local id) and its local_invocation_index. */
  readonly invocation: { readonly x: number; readonly y: number };
  readonly localIndex: number;
  /** The element it tries to load: A[aRow][aCol] and B[bRow][bCol]. */
  readonly aRow: number;
  readonly aCol: number;
  readonly bRow: number;
  readonly bCol: number;
  /** PMPP's tests: false means outside the matrix (0.0 is written instead, when bounds are on). */
  readonly aInside: boolean;
  readonly bInside: boolean;
  /** The linear index actually read, or kOutside / kPastEnd. */
  readonly aIndex: number;
  readonly bIndex: number;
  /** Whether this slot's C element exists (it is stored at the end). */
  readonly storesC: boolean;
}

/**
 * Every slot of workgroup (wx, wy) in phase ph. `rowsPerInvocation` is the mapping (1, 2 or 4);
 * `bounds` false models the variant without load tests, where linear indices run on into the
 * next row and only the buffer's end is checked.
 */
export function modelPhase(s: Shape, tile: number, rowsPerInvocation: number, wx: number, wy: number, ph: number, bounds = true): SlotLoad[] {
  const wgY = tile / rowsPerInvocation;
  const out: SlotLoad[] = [];
  for (let ly = 0; ly < tile; ly++) {
    for (let lx = 0; lx < tile; lx++) {
      const row = wy * tile + ly;
      const col = wx * tile + lx;
      const aCol = ph * tile + lx;
      const bRow = ph * tile + ly;
      const aInside = row < s.m && aCol < s.k;
      const bInside = bRow < s.k && col < s.n;
      const aLin = row * s.k + aCol;
      const bLin = bRow * s.n + col;
      const inv = { x: lx, y: ly % wgY };
      out.push({
        ly,
        lx,
        invocation: inv,
        localIndex: inv.y * tile + inv.x,
        aRow: row,
        aCol,
        bRow,
        bCol: col,
        aInside,
        bInside,
        // Without the tests, the index is whatever the arithmetic gives (the padded buffers of
        // padForTrace cover every such index): the next row's element, or past the matrix's end.
        aIndex: bounds ? (aInside ? aLin : kOutside) : aLin,
        bIndex: bounds ? (bInside ? bLin : kOutside) : bLin,
        storesC: row < s.m && col < s.n,
      });
    }
  }
  return out;
}

/** Partial sums of the C tile's slots after phase ph, in f64 from the given values (the model's view). */
export function modelPartialSums(
  /** A and B padded by padForTrace. */
  a: Float32Array,
  b: Float32Array,
  s: Shape,
  tile: number,
  wx: number,
  wy: number,
  ph: number,
  bounds = true,
): Float64Array {
  const sums = new Float64Array(tile * tile);
  for (let p = 0; p <= ph; p++) {
    const slots = modelPhase(s, tile, 1, wx, wy, p, bounds);
    const As = slots.map((l) => (l.aIndex === kOutside ? 0 : (a[l.aIndex] ?? 0)));
    const Bs = slots.map((l) => (l.bIndex === kOutside ? 0 : (b[l.bIndex] ?? 0)));
    for (let ly = 0; ly < tile; ly++) {
      for (let lx = 0; lx < tile; lx++) {
        let acc = 0;
        for (let k = 0; k < tile; k++) acc += As[ly * tile + k]! * Bs[k * tile + lx]!;
        sums[ly * tile + lx]! += acc;
      }
    }
  }
  return sums;
}

/** Steps of the phase stepper: four per phase. */
export const kStepsPerPhase = 4;
/** The four steps of a phase, as keys of the 'viz' catalogue (steps.*). */
export const kStepNames = ['load', 'barrier1', 'multiply', 'barrier2'] as const;

/** The stepper's label of a step, in the language in use: "Phase 1 of 2 · step 1 of 4: load …". */
export function stepLabel(step: number, phases: number): Said {
  const ph = Math.floor(step / kStepsPerPhase);
  const sub = step % kStepsPerPhase;
  return said('viz:steps.label', { phase: ph + 1, phases, step: sub + 1, steps: kStepsPerPhase, name: said(`viz:steps.${kStepNames[sub]!}`) });
}


/**
 * The record layout, decoded here and nowhere else. The instrumented kernel (tiled_trace.wgsl)
 * writes two buffers:
 * - `tiles`: 4 u32 per C tile, row-major over the tile grid: workgroup x, workgroup y, phases
 *   run, C elements stored;
 * - `trace`: per workgroup (wy·tilesX + wx), phase and slot (ly·TILE + lx), 4 u32: the A index
 *   read, the B index read, the bits of the f32 running sum after the phase, and the
 *   local_invocation_index that loaded the slot.
 */
export interface TileRecord {
  readonly x: number;
  readonly y: number;
  readonly phases: number;
  readonly stores: number;
}

/** The record of C tile (ty, tx). */
export function tileRecord(tiles: Uint32Array, tilesX: number, ty: number, tx: number): TileRecord {
  const i = (ty * tilesX + tx) * 4;
  return { x: tiles[i]!, y: tiles[i + 1]!, phases: tiles[i + 2]!, stores: tiles[i + 3]! };
}

/** Fields of the tile records that differ from the tiling math (expectedTileRecord), over every tile. */
export function tileRecordDisagreements(tiles: Uint32Array, s: Shape, tile: number): number {
  const g = tileGrid(s, tile);
  let n = 0;
  for (let ty = 0; ty < g.tilesY; ty++) {
    for (let tx = 0; tx < g.tilesX; tx++) {
      const r = tileRecord(tiles, g.tilesX, ty, tx);
      const [x, y, phases, stores] = expectedTileRecord(s, tile, ty, tx);
      n += Number(r.x !== x) + Number(r.y !== y) + Number(r.phases !== phases) + Number(r.stores !== stores);
    }
  }
  return n;
}

/** One slot's record in one phase. */
export interface SlotRecord {
  /** The linear indices read (kOutside where the test wrote 0.0 instead). */
  readonly aIndex: number;
  readonly bIndex: number;
  /** The slot's running sum after the phase (f32). */
  readonly sum: number;
  readonly localIndex: number;
}

const f32Scratch = new Float32Array(1);
const u32Scratch = new Uint32Array(f32Scratch.buffer);

/** The record of slot `slot` of workgroup (wx, wy) in phase ph. */
export function slotRecord(trace: Uint32Array, s: Shape, tile: number, wx: number, wy: number, ph: number, slot: number): SlotRecord {
  const g = tileGrid(s, tile);
  const o = (((wy * g.tilesX + wx) * g.phases + ph) * tile * tile + slot) * 4;
  u32Scratch[0] = trace[o + 2]!;
  return { aIndex: trace[o]!, bIndex: trace[o + 1]!, sum: f32Scratch[0]!, localIndex: trace[o + 3]! };
}

/** A slot as the model says and (when traced) as the GPU recorded it, and whether the two agree. */
export interface SlotView {
  readonly model: SlotLoad;
  readonly record?: SlotRecord;
  /** The recorded indices and local index are the model's (true when there is no record). */
  readonly matches: boolean;
}

/**
 * Every slot of workgroup (wx, wy) in phase ph: the model beside the record, when `trace` holds
 * one. `mismatches` counts the slots whose record differs from the model.
 */
export function phaseView(
  trace: Uint32Array | undefined,
  s: Shape,
  tile: number,
  rowsPerInvocation: number,
  wx: number,
  wy: number,
  ph: number,
  bounds: boolean,
): { slots: SlotView[]; mismatches: number } {
  let mismatches = 0;
  const slots = modelPhase(s, tile, rowsPerInvocation, wx, wy, ph, bounds).map((model, i) => {
    if (!trace) return { model, matches: true };
    const record = slotRecord(trace, s, tile, wx, wy, ph, i);
    const matches = record.aIndex === model.aIndex && record.bIndex === model.bIndex && record.localIndex === model.localIndex;
    if (!matches) mismatches++;
    return { model, record, matches };
  });
  return { slots, mismatches };
}

/**
 * Compare a GPU trace with the model over every workgroup, phase and slot. Returns the number of
 * slots that differ.
 */
export function traceMismatches(trace: Uint32Array, s: Shape, tile: number, rowsPerInvocation: number, bounds: boolean): { slots: number; mismatches: number } {
  const g = tileGrid(s, tile);
  let slots = 0;
  let mismatches = 0;
  for (let wy = 0; wy < g.tilesY; wy++) {
    for (let wx = 0; wx < g.tilesX; wx++) {
      for (let ph = 0; ph < g.phases; ph++) {
        const v = phaseView(trace, s, tile, rowsPerInvocation, wx, wy, ph, bounds);
        slots += v.slots.length;
        mismatches += v.mismatches;
      }
    }
  }
  return { slots, mismatches };
}

/** Value placed past the end of A and B for the variant without boundary tests (see padForTrace). */
export const kGarbage = 9;

/**
 * A and B as the traced kernel sees them: followed by enough padding that every index the
 * tiled loops can form stays inside the buffer. The padding holds kGarbage — in C or CUDA, memory
 * past an array holds whatever happens to be there; here it is a visible, deterministic stand-in,
 * so dropping the load tests corrupts C the way PMPP describes instead of reading a harmless 0.0.
 */
export function padForTrace(a: Float32Array, b: Float32Array, s: Shape, tile: number): { a: Float32Array; b: Float32Array } {
  const { aLen, bLen } = traceLengths(s, tile);
  const pa = new Float32Array(Math.max(aLen, a.length)).fill(kGarbage);
  const pb = new Float32Array(Math.max(bLen, b.length)).fill(kGarbage);
  pa.set(a);
  pb.set(b);
  return { a: pa, b: pb };
}

/** The lengths of A and B as the traced kernel sees them (padForTrace). */
export function traceLengths(s: Shape, tile: number): { aLen: number; bLen: number } {
  const g = tileGrid(s, tile);
  return { aLen: g.tilesY * tile * s.k + g.phases * tile, bLen: g.phases * tile * s.n + g.tilesX * tile };
}

/**
 * padForTrace in steps of `chunk` values, awaiting `turn()` after each (the page's turn: at 4096³ the
 * copy is 2 × 64 MB, issue #39). The same arrays as padForTrace.
 */
export async function padForTraceInSteps(a: Float32Array, b: Float32Array, s: Shape, tile: number, turn: () => Promise<void>, chunk = 1 << 20): Promise<{ a: Float32Array; b: Float32Array }> {
  const { aLen, bLen } = traceLengths(s, tile);
  const pad = async (src: Float32Array, len: number) => {
    const out = new Float32Array(Math.max(len, src.length));
    for (let i = 0; i < src.length; i += chunk) {
      out.set(src.subarray(i, Math.min(src.length, i + chunk)), i);
      await turn();
    }
    out.fill(kGarbage, src.length);
    return out;
  };
  return { a: await pad(a, aLen), b: await pad(b, bLen) };
}

/** Describe the element a linear index reaches in a rows×cols matrix: inside, or past its end. */
export function describeIndex(letter: string, index: number, rows: number, cols: number): string | Said {
  if (index === kOutside) return said('viz:index.outside');
  if (index === kPastEnd || index >= rows * cols) return said('viz:index.pastEnd', { letter });
  return `${letter}[${Math.floor(index / cols)}][${index % cols}]`;
}

/**
 * The tiled kernel run on the CPU, step for step (for browsers without WebGPU): the same tile
 * records, per-slot loads, running sums accumulated in f32 in the kernel's order, and C.
 * Output layout matches tiled_trace.wgsl, so the same views draw it.
 */
export function simulateTiled(
  a: Float32Array,
  b: Float32Array,
  s: Shape,
  tile: number,
  rowsPerInvocation: number,
  bounds: boolean,
  withTrace: boolean,
): { tiles: Uint32Array; trace?: Uint32Array; owner?: Uint32Array; c: Float32Array } {
  const g = tileGrid(s, tile);
  const p = padForTrace(a, b, s, tile);
  const tiles = new Uint32Array(g.tilesX * g.tilesY * 4);
  const trace = withTrace ? new Uint32Array(g.tilesX * g.tilesY * g.phases * tile * tile * 4) : undefined;
  const owner = withTrace ? new Uint32Array(s.m * s.n) : undefined;
  const c = new Float32Array(s.m * s.n);
  const f = new Float32Array(1);
  const bits = new Uint32Array(f.buffer);
  const As = new Float32Array(tile * tile);
  const Bs = new Float32Array(tile * tile);
  const acc = new Float32Array(tile * tile);
  for (let wy = 0; wy < g.tilesY; wy++) {
    for (let wx = 0; wx < g.tilesX; wx++) {
      const wg = wy * g.tilesX + wx;
      acc.fill(0);
      for (let ph = 0; ph < g.phases; ph++) {
        const slots = modelPhase(s, tile, rowsPerInvocation, wx, wy, ph, bounds);
        slots.forEach((l, i) => {
          As[i] = l.aIndex === kOutside ? 0 : (p.a[l.aIndex] ?? 0);
          Bs[i] = l.bIndex === kOutside ? 0 : (p.b[l.bIndex] ?? 0);
        });
        slots.forEach((l, i) => {
          let v = acc[i]!;
          for (let k = 0; k < tile; k++) v = Math.fround(v + Math.fround(As[l.ly * tile + k]! * Bs[k * tile + l.lx]!));
          acc[i] = v;
          if (trace) {
            const o = (((wg * g.phases + ph) * tile * tile) + i) * 4;
            f[0] = v;
            trace[o] = l.aIndex;
            trace[o + 1] = l.bIndex;
            trace[o + 2] = bits[0]!;
            trace[o + 3] = l.localIndex;
          }
        });
      }
      let stores = 0;
      for (let ly = 0; ly < tile; ly++) {
        for (let lx = 0; lx < tile; lx++) {
          const row = wy * tile + ly;
          const col = wx * tile + lx;
          if (row < s.m && col < s.n) {
            c[row * s.n + col] = acc[ly * tile + lx]!;
            if (owner) owner[row * s.n + col] = wg;
            stores++;
          }
        }
      }
      tiles.set([wx, wy, g.phases, stores], wg * 4);
    }
  }
  return { tiles, trace, owner, c };
}

/** One term of a lane's multiply step: As[ly][k]·Bs[k][lx] and the running sum after it (f32, the kernel's order). */
export interface MacTerm {
  readonly k: number;
  readonly a: number;
  readonly b: number;
  readonly sum: number;
}

/**
 * The terms lane (ly, lx) adds in the multiply step of a phase, from the staged tiles `As` and `Bs`
 * (tile×tile, row-major: the values the loads put there) and the sum before the phase. The running
 * sum is accumulated in f32 as the kernel does; the GPU's own sum after the phase is in its record.
 */
export function macTerms(As: ArrayLike<number>, Bs: ArrayLike<number>, tile: number, ly: number, lx: number, before: number): MacTerm[] {
  const terms: MacTerm[] = [];
  let v = Math.fround(before);
  for (let k = 0; k < tile; k++) {
    const a = As[ly * tile + k] ?? 0;
    const b = Bs[k * tile + lx] ?? 0;
    v = Math.fround(v + Math.fround(a * b));
    terms.push({ k, a, b, sum: v });
  }
  return terms;
}

/**
 * The threads the phase table shows (issue #34): every thread up to tile 4 (PMPP Fig. 4.19 draws
 * them all); beyond, the focused lane's row of the block, its `tile` threads in order of tx, so the
 * table reads at tile 16 and 32 without a wall of tile² rows and never shows one thread alone.
 */
export function tableRows<T extends { readonly ly: number; readonly lx: number }>(table: readonly T[], tile: number, lane: { readonly ly: number }): T[] {
  if (tile <= 4) return [...table];
  return table.filter((r) => r.ly === lane.ly).sort((a, b) => a.lx - b.lx);
}

/** One load of the phase table: the element tried, whether it exists, and the index really read (kOutside: 0.0 staged). */
export interface TableLoad {
  readonly row: number;
  readonly col: number;
  readonly inside: boolean;
  readonly index: number;
}

/** One thread's row of the phase table: its slot and, per phase, its A and B loads. */
export interface TableThread {
  readonly ly: number;
  readonly lx: number;
  readonly phases: readonly { readonly a: TableLoad; readonly b: TableLoad; readonly matches: boolean }[];
}

/**
 * The whole phase table of workgroup (wx, wy), as PMPP Fig. 4.19 draws it: every thread (slot
 * ly, lx) × every phase, the A and B element it loads (or 0.0 where out of range). From the GPU's
 * record when `trace` holds one (the indices it read), beside the model.
 */
export function phaseTable(
  trace: Uint32Array | undefined,
  s: Shape,
  tile: number,
  rowsPerInvocation: number,
  wx: number,
  wy: number,
  bounds: boolean,
): TableThread[] {
  const phases = tileGrid(s, tile).phases;
  const views = Array.from({ length: phases }, (_, ph) => phaseView(trace, s, tile, rowsPerInvocation, wx, wy, ph, bounds).slots);
  return Array.from({ length: tile * tile }, (_, i) => {
    const first = views[0]![i]!.model;
    return {
      ly: first.ly,
      lx: first.lx,
      phases: views.map((v) => {
        const { model: m, record: r, matches } = v[i]!;
        return {
          a: { row: m.aRow, col: m.aCol, inside: m.aInside, index: r ? r.aIndex : m.aIndex },
          b: { row: m.bRow, col: m.bCol, inside: m.bInside, index: r ? r.bIndex : m.bIndex },
          matches,
        };
      }),
    };
  });
}
