import { test as base, expect, type Page } from '@playwright/test';
import type { Harness, PracticeCase, PracticeResult } from '../src/harness/main';

/**
 * The practice judge on a corpus of kernels a student could write (issue #43), through the GPU
 * harness (the same runPractice the practice view calls; no UI): wrong kernels of every class that
 * fooled the counting judge — a missing or misplaced barrier (a race), a structure skipped with the
 * right counts, a shadowed builtin, a foreign @workgroup_size, helpers nesting loops — and right
 * variants it failed: fewer barriers with no race, the barrier at the top of each step, `loop` with
 * `break`, helpers (one holding the barrier), `TILE | 0u`, U+200E between tokens. Each is made from the
 * exercise's own solution by a small edit, so the corpus follows the exercises.
 */
const test = base.extend<{ harness: Page }>({
  harness: async ({ page }, use) => {
    await page.goto('./harness.html');
    await expect(page.locator('#harness-status')).toHaveAttribute('data-state', 'ready');
    await use(page);
  },
});

type Expect = { pass: true } | { failure: string; check?: string; refusal?: string; terms?: { missing?: number[]; extra?: number[]; swapped?: string } };
interface Variant {
  readonly exercise: string;
  readonly name: string;
  /** The edit of the solution (or of the skeleton, `from: 'skeleton'`). */
  readonly edit: (code: string) => string;
  readonly from?: 'skeleton';
  readonly want: Expect;
}

/** Replace exactly one occurrence (the corpus fails loudly when a solution changes under it). */
const swap = (find: string | RegExp, by: string) => (code: string) => {
  const n = typeof find === 'string' ? code.split(find).length - 1 : (code.match(new RegExp(find.source, find.flags.includes('g') ? find.flags : find.flags + 'g')) ?? []).length;
  if (n !== 1) throw new Error(`corpus edit: ${String(find)} occurs ${n} times`);
  return code.replace(find, by);
};
const both = (...edits: ((c: string) => string)[]) => (code: string) => edits.reduce((c, e) => e(c), code);

const kFirstBarrier = 'workgroupBarrier(); // both tiles are complete before anyone reads them';
const kSecondBarrier = 'workgroupBarrier(); // everyone is done reading before the next phase overwrites them';

const corpus: Variant[] = [
  // Tiled: wrong.
  { exercise: 'tiled', name: 'no second barrier (the next phase overwrites a tile still read)', edit: swap(kSecondBarrier, ''), want: { failure: 'race' } },
  { exercise: 'tiled', name: 'no first barrier (a tile read before it is complete)', edit: swap(kFirstBarrier, ''), want: { failure: 'race' } },
  {
    exercise: 'tiled',
    name: 'tiles written after the barrier others read them behind',
    edit: swap(/ {4}As\[ty\]\[tx\] = loadA\(row, ph \* TILE \+ tx\);\n {4}Bs\[ty\]\[tx\] = loadB\(ph \* TILE \+ ty, col\);\n {4}workgroupBarrier\(\);[^\n]*\n/, '    workgroupBarrier();\n    As[ty][tx] = loadA(row, ph * TILE + tx);\n    Bs[ty][tx] = loadB(ph * TILE + ty, col);\n'),
    want: { failure: 'race' },
  },
  {
    exercise: 'tiled',
    name: 'no tile: every operand from global memory, beside the barriers',
    edit: swap('acc += As[ty][k] * Bs[k][tx];', 'acc += loadA(row, ph * TILE + k) * loadB(ph * TILE + k, col);'),
    want: { failure: 'structure', check: 'reuse' },
  },
  { exercise: 'tiled', name: 'a learner atomicAdd shadows the builtin', edit: (c) => `${c}\nfn atomicAdd(p: ptr<storage, atomic<u32>, read_write>, v: u32) -> u32 { return 0u; }\n`, want: { failure: 'refused', refusal: 'shadow' } },
  { exercise: 'tiled', name: 'a third workgroup dimension', edit: swap('@workgroup_size(TILE, TILE)', '@workgroup_size(TILE, TILE, 2)'), want: { failure: 'refused', refusal: 'workgroup-size' } },
  {
    exercise: 'tiled',
    name: 'helpers nest loops past any budget',
    edit: (c) =>
      swap('storeC(row, col, acc);', 'storeC(row, col, acc + spin3());')(c) +
      '\nfn spin1() -> f32 { var s = 0.0; for (var i = 0u; i < 100000u; i++) { s += 1.0; } return s; }\nfn spin2() -> f32 { var s = 0.0; for (var i = 0u; i < 100000u; i++) { s += spin1(); } return s; }\nfn spin3() -> f32 { var s = 0.0; for (var i = 0u; i < 100000u; i++) { s += spin2(); } return s; }\n',
    want: { failure: 'stopped' },
  },
  // Tiled: right.
  {
    exercise: 'tiled',
    name: '2P − 1 barriers: none after the last phase, where nothing is overwritten',
    edit: swap(kSecondBarrier, 'if (ph + 1u < dims.K / TILE) { workgroupBarrier(); }'),
    want: { pass: true },
  },
  {
    exercise: 'tiled',
    name: 'the barrier at the top of each phase',
    edit: both(swap(kSecondBarrier, ''), swap('    As[ty][tx] = loadA(row, ph * TILE + tx);', '    workgroupBarrier();\n    As[ty][tx] = loadA(row, ph * TILE + tx);')),
    want: { pass: true },
  },
  {
    exercise: 'tiled',
    name: 'loop { if (…) { break; } … continuing { … } }',
    edit: both(swap('for (var ph = 0u; ph < dims.K / TILE; ph++) {', 'var ph = 0u;\n  loop {\n    if (ph >= dims.K / TILE) { break; }'), swap('    workgroupBarrier(); // everyone is done reading before the next phase overwrites them\n  }', '    workgroupBarrier(); // everyone is done reading before the next phase overwrites them\n    continuing { ph++; }\n  }')),
    want: { pass: true },
  },
  {
    exercise: 'tiled',
    name: 'helpers: one multiplies the tiles, one holds the barrier',
    edit: (c) =>
      both(swap('    for (var k = 0u; k < TILE; k++) {\n      acc += As[ty][k] * Bs[k][tx];\n    }', '    acc += tileDot(ty, tx);'), swap(kSecondBarrier, 'sync();'))(c) +
      '\nfn tileDot(y: u32, x: u32) -> f32 { var s = 0.0; for (var k = 0u; k < TILE; k++) { s += As[y][k] * Bs[k][x]; } return s; }\nfn sync() { workgroupBarrier(); }\n',
    want: { pass: true },
  },
  { exercise: 'tiled', name: 'a workgroup size the parser cannot read: TILE | 0u', edit: swap('@workgroup_size(TILE, TILE)', '@workgroup_size(TILE | 0u, TILE)'), want: { pass: true } },
  { exercise: 'tiled', name: 'U+200E and U+200F between tokens', edit: swap('var acc = 0.0;', 'var\u200eacc =\u200f0.0;'), want: { pass: true } },
  // Slips named from the terms each element summed (four decode runs).
  { exercise: 'tiled', name: 'B loaded with its indices swapped', edit: swap('Bs[ty][tx] = loadB(ph * TILE + ty, col);', 'Bs[ty][tx] = loadB(col, ph * TILE + ty);'), want: { failure: 'out-of-range', terms: { swapped: 'B' } } },
  { exercise: 'bounds', name: 'phases counted as K / TILE rounded down: the last partial tile never added', edit: swap('ph < (dims.K + TILE - 1u) / TILE', 'ph < dims.K / TILE'), want: { failure: 'wrong', terms: { missing: [8] } } },
  { exercise: 'naive', name: 'the sum starts at k = 1', edit: swap('for (var k = 0u; k < dims.K; k++)', 'for (var k = 1u; k < dims.K; k++)'), want: { failure: 'wrong', terms: { missing: [0] } } },
  { exercise: 'naive', name: 'the last term added twice', edit: swap('  storeC(row, col, acc);', '  if (dims.K > 0u) { acc += loadA(row, dims.K - 1u) * loadB(dims.K - 1u, col); }\n  storeC(row, col, acc);'), want: { failure: 'wrong', terms: { extra: [2] } } },
  // The transpose through a tile.
  { exercise: 'tile', name: 'no workgroup memory, one barrier', edit: swap('storeC(wg.x * TILE + ty, wg.y * TILE + tx, tile[tx][ty]);', 'storeC(wg.x * TILE + ty, wg.y * TILE + tx, loadA(wg.y * TILE + tx, wg.x * TILE + ty));'), want: { failure: 'structure', check: 'through-tile' } },
  { exercise: 'tile', name: 'no barrier', edit: swap('workgroupBarrier(); // the tile is complete before anyone reads an element another invocation loaded', ''), want: { failure: 'race' } },
  // The dot product.
  {
    exercise: 'dot',
    name: 'summed serially by invocation 0, beside dummy barriers',
    edit: swap(/ {2}for \(var s = WG \/ 2u; s > 0u; s \/= 2u\) \{\n {4}if \(lid\.x < s\) \{\n {6}partial\[lid\.x\] \+= partial\[lid\.x \+ s\];\n {4}\}\n/, '  for (var s = WG / 2u; s > 0u; s /= 2u) {\n    if (lid.x == 0u && s == 1u) { for (var i = 1u; i < WG; i++) { partial[0] += partial[i]; } }\n'),
    want: { failure: 'structure', check: 'tree' },
  },
  { exercise: 'dot', name: 'no barrier in the tree', edit: swap('    workgroupBarrier(); // this step is finished before the next reads its results\n', ''), want: { failure: 'race' } },
  {
    exercise: 'dot',
    name: 'the tree with the barrier at the top of each step',
    edit: swap(/ {2}workgroupBarrier\(\); \/\/ every partial[^\n]*\n {2}for \(var s = WG \/ 2u; s > 0u; s \/= 2u\) \{\n {4}if \(lid\.x < s\) \{\n {6}partial\[lid\.x\] \+= partial\[lid\.x \+ s\];\n {4}\}\n {4}workgroupBarrier\(\);[^\n]*\n {2}\}\n/, '  for (var s = WG / 2u; s > 0u; s /= 2u) {\n    workgroupBarrier();\n    if (lid.x < s) {\n      partial[lid.x] += partial[lid.x + s];\n    }\n  }\n  workgroupBarrier();\n'),
    want: { pass: true },
  },
  // Padded: the declaration is not the layout.
  { exercise: 'padded', name: 'the skeleton: rows 32 words apart', from: 'skeleton', edit: (c) => c, want: { failure: 'structure', check: 'banks' } },
  {
    exercise: 'padded',
    name: 'an odd declaration, indexed 32 words apart',
    edit: both(swap('var<workgroup> tile: array<array<f32, TILE + 1u>, TILE>;', 'var<workgroup> tile: array<f32, 33u * TILE>;'), swap('tile[lid.y + j][tx] =', 'tile[(lid.y + j) * 32u + tx] ='), swap('tile[tx][lid.y + j]', 'tile[tx * 32u + lid.y + j]')),
    want: { failure: 'structure', check: 'banks' },
  },
  // Double buffering.
  { exercise: 'double', name: 'the skeleton: single-buffered', from: 'skeleton', edit: (c) => c, want: { failure: 'structure', check: 'overlap' } },
  // Wide loads.
  { exercise: 'wide', name: 'A read once per column', edit: swap('    acc += a * b;', '    acc += vec4f(loadA(row, k), loadA(row, k), loadA(row, k), a) * b;'), want: { failure: 'structure', check: 'strip' } },
];

/** Every exercise, by id (the corpus below adds the same kinds of edit to each). */
const kIds = ['map', 'guard', 'naive', 'tile', 'tiled', 'bounds', 'dot', 'numba', 'regtile', 'wide', 'padded', 'double'] as const;

/** Insert a statement at the top of the entry point's body. */
const atTop = (stmt: string) => (code: string) => code.replace(/(fn main\([\s\S]*?\)\s*\{)/, `$1\n  ${stmt}`);
const kSpin = '\nfn spin1() -> f32 { var s = 0.0; for (var i = 0u; i < 100000u; i++) { s += 1.0; } return s; }\nfn spin2() -> f32 { var s = 0.0; for (var i = 0u; i < 100000u; i++) { s += spin1(); } return s; }\nfn spin3() -> f32 { var s = 0.0; for (var i = 0u; i < 100000u; i++) { s += spin2(); } return s; }\n';

/**
 * The same kinds of edit on every exercise: three wrong (a shadowed builtin, a third workgroup
 * dimension, helpers nesting loops past any budget) and five right (U+200E between tokens, a
 * workgroup size the parser cannot read, storeC and loadA behind helpers of the learner's own, CR LF
 * line ends). The exercise-specific kernels follow.
 */
const changes = (edit: (c: string) => string) => (code: string) => {
  const out = edit(code);
  if (out === code) throw new Error('corpus edit changed nothing');
  return out;
};
const everyExercise: Variant[] = kIds.flatMap((id): Variant[] => [
  { exercise: id, name: 'a learner atomicStore shadows the builtin', edit: (c) => `${c}\nfn atomicStore(p: ptr<storage, atomic<u32>, read_write>, v: u32) { }\n`, want: { failure: 'refused', refusal: 'shadow' } },
  { exercise: id, name: 'a second row of workgroups in z', edit: changes((c) => c.replace(/@workgroup_size\(([^)]*)\)/, '@workgroup_size($1, 2)')), want: { failure: 'refused', refusal: 'workgroup-size' } },
  { exercise: id, name: 'helpers nest loops past any budget', edit: (c) => atTop('let spun = spin3();')(c) + kSpin, want: { failure: 'stopped' } },
  { exercise: id, name: 'U+200E and U+200F between tokens', edit: changes((c) => c.replace('fn main(', 'fn\u200emain\u200f(')), want: { pass: true } },
  { exercise: id, name: '@workgroup_size with | 0u', edit: changes((c) => c.replace(/@workgroup_size\((\w+)/, '@workgroup_size($1 | 0u')), want: { pass: true } },
  { exercise: id, name: 'storeC behind a helper', edit: (c) => `${changes((x) => x.replace(/\bstoreC\(/g, 'put('))(c)}\nfn put(r: u32, q: u32, v: f32) { storeC(r, q, v); }\n`, want: { pass: true } },
  { exercise: id, name: 'loadA behind a helper', edit: (c) => `${changes((x) => x.replace(/\bloadA\(/g, 'la('))(c)}\nfn la(r: u32, q: u32) -> f32 { return loadA(r, q); }\n`, want: { pass: true } },
  { exercise: id, name: 'CR LF line ends', edit: changes((c) => c.replace(/\n/g, '\r\n')), want: { pass: true } },
]);

/** Two more wrong kernels of each exercise's own kind. */
const ownKind: Variant[] = [
  { exercise: 'map', name: 'A − B', edit: swap('loadA(row, col) + loadB(row, col)', 'loadA(row, col) - loadB(row, col)'), want: { failure: 'wrong' } },
  { exercise: 'map', name: 'no store', edit: swap('  storeC(row, col, loadA(row, col) + loadB(row, col));', '  let unused = loadA(row, col) + loadB(row, col);'), want: { failure: 'unwritten' } },
  { exercise: 'guard', name: 'the skeleton: no guard', from: 'skeleton', edit: (c) => c, want: { failure: 'out-of-range' } },
  { exercise: 'guard', name: 'a guard one short', edit: swap('if (i >= dims.M * dims.N) {', 'if (i + 1u >= dims.M * dims.N) {'), want: { failure: 'unwritten' } },
  { exercise: 'tile', name: 'no tile: the value read from A by the storing invocation, one barrier', edit: swap('storeC(wg.x * TILE + ty, wg.y * TILE + tx, tile[tx][ty]);', 'storeC(wg.x * TILE + ty, wg.y * TILE + tx, loadA(wg.y * TILE + tx, wg.x * TILE + ty));'), want: { failure: 'structure', check: 'through-tile' } },
  { exercise: 'bounds', name: 'the skeleton: no boundary tests', from: 'skeleton', edit: (c) => c, want: { failure: 'out-of-range' } },
  { exercise: 'bounds', name: 'no second barrier', edit: swap(kSecondBarrier, ''), want: { failure: 'race' } },
  { exercise: 'numba', name: 'the skeleton: an early return before the barriers', from: 'skeleton', edit: (c) => c, want: { failure: 'compile' } },
  { exercise: 'numba', name: 'no first barrier', edit: swap('workgroupBarrier();  // wait until all threads finish preloading', ''), want: { failure: 'race' } },
  { exercise: 'regtile', name: 'no second barrier', edit: (c) => c.replace(/workgroupBarrier\(\);\n {2}\}\n {2}for \(var i = 0u; i < R; i\+\+\) \{\n {4}for \(var j/, '\n  }\n  for (var i = 0u; i < R; i++) {\n    for (var j'), want: { failure: 'race' } },
  {
    exercise: 'regtile',
    name: 'every operand from global memory, a 2×2 block each',
    edit: () =>
      '@compute @workgroup_size(TILE, TILE)\nfn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_id) lid: vec3u) {\n  for (var i = 0u; i < 2u; i++) {\n    for (var j = 0u; j < 2u; j++) {\n      let row = wg.y * 8u + lid.y * 2u + i;\n      let col = wg.x * 8u + lid.x * 2u + j;\n      var acc = 0.0;\n      for (var k = 0u; k < dims.K; k++) { acc += loadA(row, k) * loadB(k, col); }\n      storeC(row, col, acc);\n    }\n  }\n}\n',
    want: { failure: 'structure', check: 'reuse' },
  },
  { exercise: 'wide', name: 'the last column dropped', edit: swap('  storeC(row, col0 + 3u, acc.w);\n', ''), want: { failure: 'unwritten' } },
  { exercise: 'double', name: 'no barrier in the loop', edit: swap('    workgroupBarrier(); // the next tile is loaded, and this one is read, before anyone goes on\n', ''), want: { failure: 'race' } },
  { exercise: 'dot', name: 'the partial sums by invocation 0 alone, no tree', edit: swap('  for (var s = WG / 2u; s > 0u; s /= 2u) {\n    if (lid.x < s) {\n      partial[lid.x] += partial[lid.x + s];\n    }\n    workgroupBarrier(); // this step is finished before the next reads its results\n  }\n  if (lid.x == 0u) {\n    storeC(0u, wid.x, partial[0]);', '  if (lid.x == 0u) {\n    var t = 0.0;\n    for (var i = 0u; i < WG; i++) { t += partial[i]; }\n    storeC(0u, wid.x, t);'), want: { failure: 'structure', check: 'tree' } },
];

/**
 * Kernels of kinds the counting judge never met, written as an adversarial student would (issue: try
 * to break the judge): atomics on workgroup memory, workgroupUniformLoad, an element of C stored by
 * two invocations, a local dims, a barrier skipped only on the large random shape, a decoy write
 * beside a single-buffered kernel, storageBarrier, tiles in one struct or one flat array; and right
 * but unusual variants (atomic tiles, an override-sized tile, the tree's last read through
 * workgroupUniformLoad, the same value stored by every invocation, a tile never zeroed where the
 * other is). Each wrong one passed before the judge traced what it shows.
 */
const kTiles = 'var<workgroup> As: array<array<f32, TILE>, TILE>;\nvar<workgroup> Bs: array<array<f32, TILE>, TILE>;';
const atomicTiles = both(
  swap(kTiles, 'var<workgroup> As: array<array<atomic<u32>, TILE>, TILE>;\nvar<workgroup> Bs: array<array<atomic<u32>, TILE>, TILE>;'),
  swap('As[ty][tx] = loadA(row, ph * TILE + tx);', 'atomicStore(&As[ty][tx], bitcast<u32>(loadA(row, ph * TILE + tx)));'),
  swap('Bs[ty][tx] = loadB(ph * TILE + ty, col);', 'atomicStore(&Bs[ty][tx], bitcast<u32>(loadB(ph * TILE + ty, col)));'),
  swap('acc += As[ty][k] * Bs[k][tx];', 'acc += bitcast<f32>(atomicLoad(&As[ty][k])) * bitcast<f32>(atomicLoad(&Bs[k][tx]));'),
);
const structTiles = (c: string) => swap(kTiles, 'struct Tiles { a: array<array<f32, TILE>, TILE>, b: array<array<f32, TILE>, TILE> }\nvar<workgroup> t: Tiles;')(c).replace(/\bAs\[/g, 't.a[').replace(/\bBs\[/g, 't.b[');
const kDotStore = / {2}if \(lid\.x == 0u\) \{\n {4}storeC\(0u, wid\.x, partial\[0\]\);\n {2}\}/;
const adversarial: Variant[] = [
  { exercise: 'tiled', name: 'atomic tiles, no second barrier', edit: both(atomicTiles, swap(kSecondBarrier, '')), want: { failure: 'race' } },
  {
    exercise: 'dot',
    name: 'a float sum by compare-exchange on a workgroup atomic',
    edit: both(
      swap('var<workgroup> partial: array<f32, WG>;', 'var<workgroup> partial: array<f32, WG>;\nvar<workgroup> total: atomic<u32>;'),
      swap(/ {2}partial\[lid\.x\] = sum;[\s\S]*\n\}\n$/, '  partial[lid.x] = sum;\n  workgroupBarrier();\n  let mine = partial[lid.x];\n  loop {\n    let old = atomicLoad(&total);\n    let r = atomicCompareExchangeWeak(&total, old, bitcast<u32>(bitcast<f32>(old) + mine));\n    if (r.exchanged) { break; }\n  }\n  workgroupBarrier();\n  if (lid.x == 0u) {\n    storeC(0u, wid.x, bitcast<f32>(atomicLoad(&total)));\n  }\n}\n'),
    ),
    want: { failure: 'race' },
  },
  {
    exercise: 'dot',
    name: 'a serial sum through workgroupUniformLoad',
    edit: swap(/ {2}for \(var s = WG \/ 2u;[\s\S]*\n\}\n$/, '  var t = 0.0;\n  for (var i = 0u; i < WG; i++) { t += workgroupUniformLoad(&partial[i]); }\n  if (lid.x == 0u) {\n    storeC(0u, wid.x, t + 0.0 * partial[0]);\n  }\n}\n'),
    want: { failure: 'structure', check: 'tree' },
  },
  { exercise: 'naive', name: 'a zero stored into the next element before its own', edit: swap('  storeC(row, col, acc);', '  if (col + 1u < dims.N) { storeC(row, col + 1u, 0.0); }\n  storeC(row, col, acc);'), want: { failure: 'race' } },
  { exercise: 'map', name: 'every invocation also stores its sum into element 0', edit: swap('  storeC(row, col, loadA(row, col) + loadB(row, col));', '  storeC(0u, 0u, loadA(row, col) + loadB(row, col));\n  storeC(row, col, loadA(row, col) + loadB(row, col));'), want: { failure: 'race' } },
  {
    exercise: 'naive',
    name: 'a local dims with a budget of its own, and a long spin',
    edit: swap('  var acc = 0.0;', '  let dims = Dims(dims.M, dims.K, dims.N, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 4000000000u, 0u, 0u, 0u, 0u, 0u, 0u, 0u);\n  var spin = 0.0;\n  for (var i = 0u; i < 20000u; i++) { spin += 1.0; }\n  var acc = select(0.0, 1.0, spin < 0.0);'),
    want: { failure: 'refused', refusal: 'shadow-api' },
  },
  { exercise: 'tiled', name: 'the second barrier skipped when K > 96 only (the large random shape)', edit: swap(kSecondBarrier, 'if (dims.K <= 96u) { workgroupBarrier(); }'), want: { failure: 'race' } },
  { exercise: 'tile', name: 'the barrier skipped when M > 32 only', edit: swap(/workgroupBarrier\(\);[^\n]*/, 'if (dims.M <= 32u) { workgroupBarrier(); }'), want: { failure: 'race' } },
  {
    exercise: 'double',
    name: 'single-buffered, with a decoy write beside the reads',
    from: 'skeleton',
    edit: both(swap('var<workgroup> Bs', 'var<workgroup> junk: array<f32, 16>;\nvar<workgroup> Bs'), swap('      acc += As[ty][k] * Bs[k][tx];', '      acc += As[ty][k] * Bs[k][tx];\n      junk[ty * 4u + tx] = acc;')),
    want: { failure: 'structure', check: 'overlap' },
  },
  { exercise: 'tiled', name: 'storageBarrier for workgroupBarrier', edit: (c) => c.replace(/workgroupBarrier\(\)/g, 'storageBarrier()'), want: { failure: 'race' } },
  {
    exercise: 'tiled',
    name: 'one flat array, B overlapping A by a row',
    edit: both(swap(kTiles, 'var<workgroup> S: array<f32, 32>;'), swap('As[ty][tx] =', 'S[ty * 4u + tx] ='), swap('Bs[ty][tx] =', 'S[12u + ty * 4u + tx] ='), swap('As[ty][k] * Bs[k][tx]', 'S[ty * 4u + k] * S[12u + k * 4u + tx]')),
    want: { failure: 'race' },
  },
  { exercise: 'tiled', name: 'both tiles in one struct, no second barrier', edit: both(structTiles, swap(kSecondBarrier, '')), want: { failure: 'race' } },
  // Right, and unusual.
  { exercise: 'tiled', name: 'atomic tiles, both barriers', edit: atomicTiles, want: { pass: true } },
  { exercise: 'tiled', name: 'both tiles in one struct', edit: structTiles, want: { pass: true } },
  { exercise: 'tiled', name: 'As flat, sized by an override', edit: both(swap('var<workgroup> As: array<array<f32, TILE>, TILE>;', 'override NA: u32 = 16u;\nvar<workgroup> As: array<f32, NA>;'), swap('As[ty][tx] =', 'As[ty * TILE + tx] ='), swap('As[ty][k]', 'As[ty * TILE + k]')), want: { pass: true } },
  { exercise: 'tiled', name: 'unicode names of the tiles', edit: (c) => c.replace(/\bAs\b/g, 'Aš').replace(/\bBs\b/g, 'Bš'), want: { pass: true } },
  { exercise: 'dot', name: 'the tree’s sum read by workgroupUniformLoad', edit: swap(kDotStore, '  let total = workgroupUniformLoad(&partial[0]);\n  if (lid.x == 0u) {\n    storeC(0u, wid.x, total);\n  }'), want: { pass: true } },
  { exercise: 'dot', name: 'every invocation stores the same sum', edit: swap(kDotStore, '  storeC(0u, wid.x, partial[0]);'), want: { pass: true } },
  { exercise: 'bounds', name: 'As never zeroed where Bs is (stale × 0)', edit: swap('if (row < dims.M && aCol < dims.K) { As[ty][tx] = loadA(row, aCol); } else { As[ty][tx] = 0.0; }', 'if (row < dims.M && aCol < dims.K) { As[ty][tx] = loadA(row, aCol); }'), want: { pass: true } },
  { exercise: 'tile', name: 'the tile copied whole into a local after the barrier', edit: swap('storeC(wg.x * TILE + ty, wg.y * TILE + tx, tile[tx][ty]);', 'let t = tile;\n  storeC(wg.x * TILE + ty, wg.y * TILE + tx, t[tx][ty]);'), want: { pass: true } },
];

test('the practice judge: every wrong kernel of the corpus fails with its reason, every right variant passes', async ({ harness }) => {
  test.setTimeout(60_000 + (corpus.length + ownKind.length + everyExercise.length + adversarial.length) * 8_000);
  const sources = await harness.evaluate(() => (globalThis as unknown as { tilesHarness: Harness }).tilesHarness.exercises());
  const all = [...corpus, ...ownKind, ...everyExercise, ...adversarial];
  // Every exercise has at least five wrong kernels and five right variants in the corpus.
  for (const id of kIds) {
    expect(all.filter((v) => v.exercise === id && !('pass' in v.want)).length, id).toBeGreaterThanOrEqual(5);
    expect(all.filter((v) => v.exercise === id && 'pass' in v.want).length, id).toBeGreaterThanOrEqual(5);
  }
  const cases: PracticeCase[] = all.map((v) => {
    const ex = sources.find((s) => s.id === v.exercise)!;
    return { exercise: v.exercise, name: `${v.exercise}: ${v.name}`, code: v.edit(v.from === 'skeleton' ? ex.skeleton : ex.solution), seed: 5 };
  });
  const results: PracticeResult[] = await harness.evaluate((c) => (globalThis as unknown as { tilesHarness: Harness }).tilesHarness.practice(c), cases);
  const seen = results.map((r, i) => {
    const want = all[i]!.want;
    const failed = r.shapes?.flatMap((s) => s.structure.filter((x) => !x.ok).map((x) => x.check)) ?? [];
    return {
      name: r.name,
      want: 'pass' in want ? 'pass' : `${want.failure}${want.check ? `:${want.check}` : ''}${want.refusal ? `:${want.refusal}` : ''}`,
      got:
        r.kind === 'refused'
          ? `refused::${(r.refusals ?? []).map((x) => x.kind).join(',')}`
          : r.kind === 'compile'
            ? 'compile'
            : r.status === 'pass'
            ? 'pass'
            : `${r.failure}${r.failure === 'structure' ? `:${failed.join(',')}` : ''}`,
    };
  });
  for (const s of seen) {
    const [failure, check] = s.want.split(':');
    if (s.want === 'pass') expect.soft(s.got, s.name).toBe('pass');
    else if (failure === 'refused') expect.soft(s.got, s.name).toBe(`refused::${check}`);
    else {
      expect.soft(s.got.split(':')[0], s.name).toBe(failure);
      if (check) expect.soft(s.got, s.name).toContain(check);
    }
  }
  // The terms, where the corpus names them.
  results.forEach((r, i) => {
    const want = all[i]!.want;
    if ('terms' in want && want.terms) expect.soft(r.terms, r.name).toMatchObject(want.terms);
  });
  // A race names who wrote, who read and the word.
  const race = results.find((r) => r.failure === 'race')!.shapes!.find((s) => s.races.length > 0)!.races[0]!;
  expect(race.word).toMatch(/^\w+(\[\d+\])+$/);
  expect(race.writer).not.toBe(race.other);
  // A word of a struct of workgroup memory is named by its member.
  const structRace = results.find((r) => r.name === 'tiled: both tiles in one struct, no second barrier')!.shapes!.find((s) => s.races.length > 0)!.races[0]!;
  expect(structRace.word).toMatch(/^t\.[ab]\[\d+\]\[\d+\]$/);
});
