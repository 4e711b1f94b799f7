import { describe, expect, it } from 'vitest';
import { checkModule, compileHints, editorLines, entryPointHint, instrument, kMaxCodeChars, normalizeLineBreaks, prelude, preludeLines, refusals, runModule, type Instrumented } from './wgsl';
import { kExercises } from './exercises';

const lines = (s: string) => s.split('\n').length;
const inst = (code: string): Instrumented => {
  const r = instrument(code);
  if (!('code' in r)) throw new Error(`not instrumented: ${JSON.stringify(r)}`);
  return r;
};
const kMain = '@compute @workgroup_size(1)\nfn main() {\n';

describe('instrumenting the learner’s WGSL from its parse', () => {
  it('charges every loop, replaces every barrier, names the invocation, without moving a learner line', () => {
    for (const ex of kExercises) {
      for (const code of [ex.skeleton, ex.solution]) {
        const out = inst(code);
        // The wrappers follow the learner's code on lines of their own: every learner line keeps its number.
        expect(out.code.split('\n').slice(0, lines(code) - 1).map((l) => l.replace(/ ?tiles_\w+.*$/, '').length > -1), ex.id).not.toContain(false);
        expect(out.code.split('\n').length, ex.id).toBeGreaterThanOrEqual(lines(code));
        expect(out.code).not.toMatch(/\bworkgroupBarrier\b/);
        expect(out.code).toContain('tiles_inv = ');
        const loops = (code.replace(/\/\/[^\n]*/g, '').match(/\b(for|loop|while)\b/g) ?? []).length;
        expect(out.loops, ex.id).toBe(loops);
      }
    }
  });

  it('one budget per invocation for the whole run: loops and calls charge it; a loop or function that reaches a barrier charges a uniform counter passed down by pointer', () => {
    const code = `fn f() -> u32 { var i = 0u; loop { i++; } return i; }\nfn sync() { workgroupBarrier(); }\n${kMain}  while (true) { for (var j = 0u; j < 4000u; j++) { } }\n  for (var k = 0u; k < 3u; k++) { sync(); }\n}\n`;
    const out = inst(code);
    expect([out.loops, out.barriers]).toEqual([4, 1]);
    // A call charges the private counter (and returns a zero value past the budget).
    expect(out.code).toContain('fn f() -> u32 { tiles_work += 1u; if (tiles_work > dims.tiles_budget) { atomicStore(&tiles_flags[0], 1u); return u32(); }');
    expect(out.code).toMatch(/loop \{ tiles_work \+= 1u; if \(tiles_work > dims\.tiles_budget\) \{ atomicStore\(&tiles_flags\[0\], 1u\); break; \} i\+\+; \}/);
    // The function that reaches a barrier takes the uniform counter; main declares it and passes its address.
    expect(out.code).toContain('fn sync(tiles_uw: ptr<function, u32>) { (*tiles_uw) += 1u; if ((*tiles_uw) > dims.tiles_budget) { atomicStore(&tiles_flags[0], 1u); return ; } tiles_barrier(); }');
    expect(out.code).toMatch(/k\+\+\) \{ tiles_uw \+= 1u; if \(tiles_uw > dims\.tiles_budget\) \{ atomicStore\(&tiles_flags\[0\], 1u\); break; \} sync\(&tiles_uw\); \}/);
    expect(out.code).toContain('fn main(@builtin(global_invocation_id) tiles_gid: vec3u) { var tiles_uw = 0u; tiles_inv = tiles_gid.x');
  });

  it('traces every access to workgroup memory through a wrapper that records the word, its length and whether an index was out of range', () => {
    const code = `var<workgroup> As: array<array<f32, TILE>, 2u * TILE>;\nvar<workgroup> v: array<vec4f, 4>;\n${kMain}  As[1][2] = 1.0;\n  As[0][1] += As[1][2];\n  v[3].y = As[0][0];\n  let w = v[2];\n}\n`;
    const out = inst(code);
    expect(out.variables).toEqual([
      { name: 'As', words: 32, dims: [{ count: 8, stride: 4 }, { count: 4, stride: 1 }] },
      { name: 'v', words: 16, dims: [{ count: 4, stride: 4 }] },
    ]);
    expect(out.sites.map((x) => [x.line, x.variable, x.write])).toEqual([
      [5, 0, true],
      [6, 0, false],
      [6, 0, false],
      [6, 0, true],
      [7, 0, false],
      [7, 1, true],
      [8, 1, false],
    ]);
    expect(out.code).toContain('tiles_i0 * 4u + tiles_i1 * 1u, 1u); As[tiles_i0][tiles_i1] = tiles_v; }');
    expect(out.code).toContain('select(0u, 1u, tiles_i0 >= 8u || tiles_i1 >= 4u)');
    // A component of a vector element: its word, one word long; a whole vec4: four words.
    expect(out.code).toContain('tiles_i0 * 4u + 1u, 1u); v[tiles_i0].y = tiles_v; }');
    expect(out.code).toMatch(/tiles_i0 \* 4u, 4u\); return v\[tiles_i0\]; \}/);
  });

  it('a struct of workgroup memory: its members, to name a word', () => {
    const out = inst(`struct Tiles { a: array<array<f32, TILE>, TILE>, n: u32, b: array<vec2f, 3> }\nvar<workgroup> t: Tiles;\n${kMain}  t.b[2].y = t.a[1][3];\n}\n`);
    expect(out.variables).toEqual([
      {
        name: 't',
        words: 24,
        dims: [],
        members: [
          { name: 'a', offset: 0, words: 16, dims: [{ count: 4, stride: 4 }, { count: 4, stride: 1 }] },
          { name: 'n', offset: 16, words: 1, dims: [] },
          { name: 'b', offset: 18, words: 6, dims: [{ count: 3, stride: 2 }] },
        ],
      },
    ]);
  });
  it('an array sized by an override (its default: the practice pipeline sets none) or a const expression has its real extent', () => {
    const out = inst(`override NA: u32 = 16u;\nconst NB = (TILE | 1u) * 2u;\nvar<workgroup> As: array<f32, NA>;\nvar<workgroup> Bs: array<array<f32, TILE>,NB >;\n${kMain}  As[15] = Bs[9][3];\n}\n`);
    expect(out.variables).toEqual([
      { name: 'As', words: 16, dims: [{ count: 16, stride: 1 }] },
      { name: 'Bs', words: 40, dims: [{ count: 10, stride: 4 }, { count: 4, stride: 1 }] },
    ]);
    expect(out.code).toContain('select(0u, 1u, tiles_i0 >= 16u)');
  });

  it('a pointer into workgroup memory is refused by name; an atomic’s address is not', () => {
    expect(refusals(`var<workgroup> t: array<f32, 4>;\n${kMain}  let p = &t[1];\n  *p = 2.0;\n}\n`)).toEqual([{ kind: 'pointer', name: 't', line: 4 }]);
    expect(refusals(`var<workgroup> n: atomic<u32>;\n${kMain}  atomicAdd(&n, 1u);\n}\n`)).toEqual([]);
  });
  it('traces atomics on workgroup memory and workgroupUniformLoad: each call through a wrapper that records the access (and, for the load, both its barriers)', () => {
    const code = `var<workgroup> n: array<atomic<u32>, 4>;\nvar<workgroup> p: array<f32, 16>;\n${kMain}  atomicStore(&n[1], 3u);\n  let o = atomicAdd(&n[2], atomicLoad(&n[1]));\n  let r = atomicCompareExchangeWeak(&n[0], 0u, o);\n  if (r.exchanged) { p[0] = 1.0; }\n  let t = workgroupUniformLoad(&p[o % 4u]);\n}\n`;
    const out = inst(code);
    expect(out.sites.map((x) => [x.line, x.variable, x.write])).toEqual([
      [5, 0, true],
      [6, 0, false],
      [6, 0, true],
      [7, 0, true],
      [8, 1, true],
      [9, 1, false],
    ]);
    expect(out.code).toContain('tiles_at_0(0u, u32(1), 3u);');
    expect(out.code).toContain('let o = tiles_at_2(2u, u32(2), tiles_at_1(1u, u32(1)));');
    expect(out.code).toMatch(/fn tiles_at_2\(tiles_site: u32, tiles_i0: u32, tiles_a0: u32\) -> u32 \{ tiles_rec\(6u \| \(0u << 4u\)[^}]*return atomicAdd\(&n\[tiles_i0\], tiles_a0\); \}/);
    expect(out.code).toContain('struct tiles_cas_u32 { old_value: u32, exchanged: bool }');
    expect(out.code).toMatch(/let t = tiles_wul_\d\(5u, u32\(o % 4u\)\);/);
    expect(out.code).toMatch(/-> f32 \{ tiles_epoch \+= 1u; tiles_mark\(\); let tiles_v = workgroupUniformLoad\(&p\[tiles_i0\]\); tiles_rec\(1u[^}]*tiles_epoch \+= 1u; tiles_mark\(\); return tiles_v; \}/);
    // Any other address of workgroup memory stays a refused pointer.
    expect(refusals(`var<workgroup> n: atomic<u32>;\n${kMain}  atomicAdd(&(n), 1u);\n}\n`)).toEqual([{ kind: 'pointer', name: 'n', line: 4 }]);
    expect(refusals(`var<workgroup> q: f32;\n${kMain}  let v = workgroupUniformLoad(&(q));\n}\n`)).toEqual([{ kind: 'pointer', name: 'workgroupUniformLoad', line: 4 }]);
  });

  it('follows the spec’s line breaks: a loop after a // comment and U+2028 is code, and is counted; so is a loop with attributes', () => {
    for (const br of ['\u2028', '\u2029', '\u0085', '\r', '\v', '\f']) {
      const code = `${kMain}  var x = 0.0; // hidden?${br}loop { x += 1.0; }\n}\n`;
      expect(inst(code).loops, JSON.stringify(br)).toBe(1);
      expect(normalizeLineBreaks(code)).not.toContain(br);
    }
    expect(inst(`${kMain}  loop @diagnostic(off, derivative_uniformity) { break; }\n}\n`).loops).toBe(1);
    expect(inst(`${kMain}  var x = 0.0; // a\u2028workgroupBarrier();\n}\n`).barriers).toBe(1);
    expect(checkModule({ tile: 4, wg: 64 }, 'a\u2028b')).toContain('a\nb');
  });

  it('ignores loops and barriers inside comments (nested block comments too)', () => {
    const out = inst(`// for (;;) { }\n/* loop { /* workgroupBarrier() */ while (x) { } */\n${kMain}}\n`);
    expect([out.loops, out.barriers, out.otherBarriers]).toEqual([0, 0, 0]);
  });

  it('counts the barriers that do not order workgroup memory (storageBarrier, textureBarrier) apart, for the race’s hint', () => {
    const out = inst(`${kMain}  storageBarrier();\n  textureBarrier();\n  // storageBarrier();\n  workgroupBarrier();\n}\n`);
    expect([out.barriers, out.otherBarriers]).toEqual([1, 2]);
  });

  it('uses the learner’s own global_invocation_id, whatever its name, in a parameter or a struct', () => {
    const out = inst('@compute @workgroup_size(4)\nfn main(@builtin(local_invocation_id) l: vec3u, @builtin(global_invocation_id) g: vec3u) { }').code;
    expect(out).toContain('tiles_inv = g.x + g.y * dims.tiles_gridX');
    expect(out).not.toContain('tiles_gid');
    const s = inst('struct In { @builtin(global_invocation_id) id: vec3u, @builtin(local_invocation_id) l: vec3u }\n@compute @workgroup_size(4)\nfn main(inp: In) { }').code;
    expect(s).toContain('tiles_inv = inp.id.x + inp.id.y');
    expect(s).not.toContain('tiles_gid');
  });

  it('reports a missing entry point, and a hint names the function found', () => {
    expect(instrument('fn helper() { }')).toEqual({ kind: 'no-entry', hint: { kind: 'entry-point', line: 1 } });
    expect(entryPointHint('@compute @workgroup_size(1)\nfn go() { }')).toEqual({ kind: 'entry-point', line: 1, name: 'go' });
    expect(entryPointHint(`${kMain}}`)).toBeUndefined();
  });

  it('puts the prelude first and says how many lines it takes, so compiler lines map back', () => {
    const c = { tile: 4, wg: 64 };
    const code = `${kMain}}`;
    const module = checkModule(c, code);
    expect(module.split('\n')[preludeLines(c)]).toBe('@compute @workgroup_size(1)');
    const r = runModule(c, code);
    if (!('source' in r)) throw new Error('no module');
    expect(r.source.split('\n')[preludeLines(c)]).toBe('@compute @workgroup_size(1)');
    expect(prelude(c, 'trace').split('\n').length).toBe(prelude(c, false).split('\n').length);
    expect(prelude(c, 'budget').split('\n').length).toBe(prelude(c, false).split('\n').length);
    expect(prelude(c, true)).toContain('tiles_trace[at + 1u] = tiles_epoch;');
    expect(prelude(c, false)).not.toContain('atomicAdd');
  });
});

describe('names and shape refused before anything runs', () => {
  const ex = { constants: { tile: 4, wg: 64 }, workgroup: [4, 4] as const };
  it('a declaration of any name WGSL predeclares, by name and line: functions, types, values, parameters', () => {
    const r = refusals(`fn atomicAdd(p: ptr<storage, atomic<u32>, read_write>, v: u32) -> u32 { return 0u; }\nalias vec4f = vec4<i32>;\n@compute @workgroup_size(4, 4)\nfn main(@builtin(local_invocation_id) min: vec3u) {\n  let select = 1u;\n  var workgroupBarrier = 2u;\n}\n`, ex);
    expect(r.filter((x) => x.kind === 'shadow').map((x) => ['name' in x ? x.name : '', 'line' in x ? x.line : 0])).toEqual([
      ['atomicAdd', 1],
      ['vec4f', 2],
      ['min', 4],
      ['select', 5],
      ['workgroupBarrier', 6],
    ]);
    // Struct members are not declarations in scope.
    expect(refusals('struct S { min: f32, length: u32 }\n@compute @workgroup_size(4, 4)\nfn main() {}\n', ex)).toEqual([]);
  });
  it('a declaration of dims, the app’s: a local dims would carry a budget of its own past the checker', () => {
    const code = '@compute @workgroup_size(4, 4)\nfn main() {\n  let dims = Dims(dims.M, dims.K, dims.N, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 4000000000u, 0u, 0u, 0u);\n  for (var i = 0u; i < 20000u; i++) { }\n}\nfn f(v: f32, dims: Dims) -> f32 { return v; }\n';
    expect(refusals(code, ex)).toEqual([
      { kind: 'shadow-api', name: 'dims', line: 3 },
      { kind: 'shadow-api', name: 'dims', line: 6 },
    ]);
    // Using it, a struct member of that name, and a local TILE (nothing the checker reads) are fine.
    expect(refusals('struct S { dims: u32 }\n@compute @workgroup_size(4, 4)\nfn main() { let TILE = 7u; let k = dims.K + TILE; }\n', ex)).toEqual([]);
  });
  it('a second declaration of a workgroup variable’s name', () => {
    expect(refusals('var<workgroup> As: array<f32, 4>;\n@compute @workgroup_size(4, 4)\nfn main() { let As = 1.0; }\n', ex)).toEqual([{ kind: 'shadow-own', name: 'As', line: 3 }]);
  });
  it('a workgroup size other than the exercise’s, evaluated from the parse (constants, overrides’ defaults, | and &)', () => {
    const ws = (attr: string, pre = '') => refusals(`${pre}@compute @workgroup_size(${attr})\nfn main() {}\n`, ex);
    expect(ws('TILE, TILE')).toEqual([]);
    expect(ws('TILE | 0u, 2u * 2u, 1')).toEqual([]);
    expect(ws('W, W', 'const W = TILE;\n')).toEqual([]);
    expect(ws('V, V', 'override V: u32 = 4u;\n')).toEqual([]);
    expect(ws('TILE, TILE, 2')).toEqual([{ kind: 'workgroup-size', line: 1, want: '4, 4, 1', size: '4, 4, 2' }]);
    expect(ws('64')).toEqual([{ kind: 'workgroup-size', line: 1, want: '4, 4, 1', size: '64, 1, 1' }]);
    expect(ws('f(2)')).toEqual([{ kind: 'workgroup-size', line: 1, want: '4, 4, 1' }]);
  });
  it('blankspace the spec allows between tokens (U+200E, U+200F) is read as blankspace', () => {
    expect(refusals('@compute\u200e@workgroup_size(TILE,\u200fTILE)\nfn main() {}\n', ex)).toEqual([]);
    expect(instrument('@compute @workgroup_size(1)\nfn main() {\u200e loop\u200f{ break; } }\n')).toMatchObject({ loops: 1 });
  });
});

describe('only the documented API', () => {
  it('refuses the app’s own names, by name and line, wherever they appear', () => {
    for (const name of ['tiles_A', 'tiles_B', 'tiles_C', 'tiles_count', 'tiles_flags', 'tiles_inv', 'tiles_barrier', 'tiles_budget']) {
      const r = refusals(`${kMain}  let x = ${name};\n}\n`);
      expect(r, name).toEqual([{ kind: 'reserved', name, line: 3 }]);
    }
    expect(refusals(`${kMain}  let n = dims.tiles_aRows;\n}\n`)).toEqual([{ kind: 'reserved', name: 'tiles_aRows', line: 3 }]);
    // Not in comments.
    expect(refusals(`${kMain}  // tiles_flags\n}\n`)).toEqual([]);
    for (const ex of kExercises) expect(refusals(ex.solution), ex.id).toEqual([]);
  });

  it('refuses buffers of the learner’s own (they would bypass the counted loads)', () => {
    const r = refusals('@group(0) @binding(0) var<storage, read> mine: array<f32>;\nvar<uniform> u: vec4f;\n');
    expect(r.map((x) => [x.kind, 'name' in x ? x.name : '', 'line' in x ? x.line : 0])).toEqual([
      ['resource', '@group', 1],
      ['resource', '@binding', 1],
      ['resource', 'var<storage>', 1],
      ['resource', 'var<uniform>', 2],
    ]);
  });

  it('refuses code longer than the limit before reading it', () => {
    const long = 'x'.repeat(kMaxCodeChars + 1);
    const t0 = performance.now();
    expect(refusals(long)).toEqual([{ kind: 'too-long', chars: kMaxCodeChars + 1, limit: kMaxCodeChars }]);
    expect(performance.now() - t0).toBeLessThan(50);
  });
});

describe('compile hints, from the code’s tokens', () => {
  it('int vs float: on the declaration of an integer-initialised variable named on an error line', () => {
    const code = `${kMain}  var acc = 0;\n  for (var k = 0u; k < dims.K; k++) {\n    acc += loadA(0u, k);\n  }\n}\n`;
    expect(compileHints(code, [5])).toEqual([{ kind: 'int-float', line: 3, name: 'acc' }]);
    expect(compileHints(code.replace('= 0;', '= 0.0;'), [5])).toEqual([]);
  });

  it('a barrier in non-uniform control flow: on the early return before it, else on the barrier', () => {
    const code = `${kMain}  if (dims.M > 3u) {\n    return;\n  }\n  workgroupBarrier();\n}\n`;
    expect(compileHints(code, [6])).toEqual([{ kind: 'uniform-barrier', line: 4, name: 'workgroupBarrier' }]);
    const branch = `${kMain}  if (dims.M > 3u) {\n    workgroupBarrier();\n  }\n}\n`;
    expect(compileHints(branch, [4])).toEqual([{ kind: 'uniform-barrier', line: 4, name: 'workgroupBarrier' }]);
    // The Numba skeleton: whichever barrier the compiler names, the hint is on the early return.
    const numba = kExercises.find((e) => e.id === 'numba')!.skeleton;
    const ret = numba.split('\n').findIndex((l) => /^\s*return;/.test(l)) + 1;
    numba.split('\n').forEach((l, i) => {
      if (l.includes('workgroupBarrier')) expect(compileHints(numba, [i + 1])[0]).toMatchObject({ kind: 'uniform-barrier', line: ret });
    });
  });
});

describe('the editor’s lines', () => {
  it('a WGSL line break the editor does not break at stays in its editor line; LF, CR LF and CR count as one', () => {
    const to = editorLines('a\u2028b\nc\r\nd\re\u0085f');
    expect([1, 2, 3, 4, 5, 6].map(to)).toEqual([1, 1, 2, 3, 4, 4]);
    expect(editorLines('x\ny')(2)).toBe(2);
  });
});

