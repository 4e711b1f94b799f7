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
  it('counts every loop against the budget, every barrier, names the invocation, without adding a line', () => {
    for (const ex of kExercises) {
      for (const code of [ex.skeleton, ex.solution]) {
        const out = inst(code);
        expect(lines(out.code), ex.id).toBe(lines(code));
        expect(out.code).not.toMatch(/\bworkgroupBarrier\b/);
        expect(out.code).toContain('tiles_inv = ');
        const loops = (code.replace(/\/\/[^\n]*/g, '').match(/\b(for|loop|while)\b/g) ?? []).length;
        expect(out.loops + out.uniformLoops, ex.id).toBe(loops);
      }
    }
  });

  it('nested loops share one budget per invocation (the invocation’s counter); a loop with a barrier counts in a uniform variable', () => {
    const code = `fn f() -> u32 { var i = 0u; loop { i++; } return i; }\n${kMain}  while (true) { for (var j = 0u; j < 4000u; j++) { } }\n  for (var k = 0u; k < 3u; k++) { workgroupBarrier(); }\n}\n`;
    const out = inst(code);
    expect([out.loops, out.uniformLoops, out.barriers]).toEqual([3, 1, 1]);
    expect(out.code).toMatch(/loop \{ if \(atomicAdd\(&tiles_count\[tiles_inv \* 3u \+ 2u\], 1u\) >= dims\.tiles_budget\) \{ atomicStore\(&tiles_flags\[0\], 1u\); break; \} i\+\+; \}/);
    expect(out.code).toMatch(/while \(true\) \{ if \(atomicAdd/);
    expect(out.code).toMatch(/j\+\+\) \{ if \(atomicAdd/);
    expect(out.code).toMatch(/k\+\+\) \{ tiles_uwork \+= 1u; atomicAdd\(&tiles_count\[tiles_inv \* 3u \+ 2u\], 1u\); if \(tiles_uwork > dims\.tiles_budget\)/);
    expect(out.code).toContain('fn main(@builtin(global_invocation_id) tiles_gid: vec3u) { tiles_inv = tiles_gid.x');
    expect(out.code).toContain('var tiles_uwork = 0u;');
    expect(out.code).toContain('tiles_barrier();');
  });

  it('a loop that reaches a barrier through a function it calls counts as one with a barrier', () => {
    const out = inst(`fn sync() { workgroupBarrier(); }\n${kMain}  for (var k = 0u; k < 3u; k++) { sync(); }\n}\n`);
    expect([out.loops, out.uniformLoops]).toEqual([0, 1]);
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
    expect([out.loops, out.uniformLoops, out.barriers]).toEqual([0, 0, 0]);
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
    expect(r.source.split('\n').length - lines(code)).toBe(prelude(c, true).split('\n').length - 1);
    expect(prelude(c, true)).toContain('atomicAdd(&tiles_count');
    expect(prelude(c, false)).not.toContain('atomicAdd');
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

describe('workgroupPitches (the padded-tile exercise)', () => {
  it('reads each workgroup array’s row pitch from the parse, with the prelude’s constants', async () => {
    const { workgroupPitches } = await import('./wgsl');
    const c = { tile: 32, wg: 8 };
    expect(workgroupPitches(c, 'var<workgroup> t: array<array<f32, TILE + 1u>, TILE>;')).toEqual([33]);
    expect(workgroupPitches(c, 'var<workgroup> t: array<array<f32, TILE>, TILE>;')).toEqual([32]);
    expect(workgroupPitches(c, 'const P = 34u;\nvar<workgroup> t: array<array<f32, P>, TILE>;')).toEqual([34]);
    expect(workgroupPitches(c, 'var<workgroup> t: array<f32, 1056>;')).toEqual([undefined]);
    expect(workgroupPitches(c, 'fn main() {}')).toEqual([]);
  });
});
