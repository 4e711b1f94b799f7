/**
 * The seed kernel's lines by step of the phase stepper: which lines of the WGSL that ran
 * (tiled<T>.wgsl, the plan's `source`) load the tiles, wait at each barrier, multiply-accumulate
 * and store C, and which lines are PMPP's load tests (dropped by the switch "boundary tests off").
 * Read from the text of the generated files (scripts/gen-tiled.mjs), so the highlight follows the
 * file as it is; the unit test checks every tile width.
 */
import { kStepNames } from './trace';

/** A step of the stepper, plus the store after the last phase. */
export type KernelStep = (typeof kStepNames)[number] | 'store';

export interface KernelLines {
  /** The file's lines, without their line ends. */
  readonly lines: readonly string[];
  /** Zero-based line numbers of each step. */
  readonly steps: Readonly<Record<KernelStep, readonly number[]>>;
  /** The load boundary tests (test 1 for A, test 2 for B): the lines that lose their test when the tests are off. */
  readonly loadTests: readonly number[];
}

const kPhaseLoop = /^\s*for \(var ph = /;
const kBarrier = /workgroupBarrier\(\)/;
const kStoreTest = /Boundary test 3/;
const kLoadTest = /Boundary test [12]|if \((row < dims\.M && aCol < dims\.K|bRow < dims\.K && col < dims\.N)\)/;

const range = (a: number, b: number): number[] => Array.from({ length: Math.max(0, b - a) }, (_, i) => a + i);

/** The lines of each step in a tiled kernel's source; steps it cannot find are empty. */
export function kernelLines(source: string): KernelLines {
  const lines = source.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');
  const loop = lines.findIndex((l) => kPhaseLoop.test(l));
  const barriers = lines.map((l, i) => (kBarrier.test(l) && !/^\s*\/\//.test(l) ? i : -1)).filter((i) => i >= 0 && i > loop);
  const b1 = barriers[0] ?? -1;
  const b2 = barriers[1] ?? -1;
  const store = lines.findIndex((l) => kStoreTest.test(l));
  // The store block: from its comment to the brace that closes its `if` (its indentation).
  let storeEnd = store;
  if (store >= 0) {
    const ifLine = store + 1;
    const indent = /^\s*/.exec(lines[ifLine] ?? '')![0];
    storeEnd = lines.findIndex((l, i) => i > ifLine && l === `${indent}}`);
    if (storeEnd < 0) storeEnd = ifLine;
  }
  const nonEmpty = (ix: number[]) => ix.filter((i) => lines[i]!.trim() !== '');
  const steps: Record<KernelStep, number[]> = {
    load: loop >= 0 && b1 > loop ? nonEmpty(range(loop + 1, b1)) : [],
    barrier1: b1 >= 0 ? [b1] : [],
    multiply: b1 >= 0 && b2 > b1 ? nonEmpty(range(b1 + 1, b2)) : [],
    barrier2: b2 >= 0 ? [b2] : [],
    store: store >= 0 ? range(store, storeEnd + 1) : [],
  };
  const loadTests = lines.map((l, i) => (kLoadTest.test(l) ? i : -1)).filter((i) => i >= 0);
  return { lines, steps, loadTests };
}
