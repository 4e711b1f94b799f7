import { describe, expect, it } from 'vitest';
import { checkModule, instrument, kLoopBound, maskComments, prelude, preludeLines, runModule } from './wgsl';
import { kExercises } from './exercises';

const lines = (s: string) => s.split('\n').length;

describe('instrumenting the learner’s WGSL', () => {
  it('bounds every loop, counts every barrier and names the invocation, without adding a line', () => {
    for (const ex of kExercises) {
      for (const code of [ex.skeleton, ex.solution]) {
        const out = instrument(code);
        expect(lines(out.code), ex.id).toBe(lines(code));
        expect(out.entry, ex.id).toBe(true);
        expect(out.loops, ex.id).toBe((maskComments(code).match(/\b(for|loop|while)\b/g) ?? []).length);
        expect(out.code).not.toMatch(/\bworkgroupBarrier\b/);
        expect(out.code).toContain('tiles_inv = ');
      }
    }
  });

  it('gives each loop its own counter, declared before it, and the guard at the start of its body', () => {
    const code = 'fn f() -> u32 { var i = 0u; loop { i++; } return i; }\n@compute @workgroup_size(1) fn main() {\n  while (true) { }\n  for (var k = 0u; k < 3u; k++) { workgroupBarrier(); }\n}\n';
    const out = instrument(code).code;
    expect(out).toMatch(/var tiles_loop0 = 0u; loop \{ tiles_loop0 \+= 1u; if \(tiles_loop0 > tiles_bound\) \{ atomicStore\(&tiles_flags\[0\], 1u\); break; \}/);
    expect(out).toMatch(/var tiles_loop1 = 0u; while \(true\) \{ tiles_loop1 \+= 1u;/);
    expect(out).toMatch(/var tiles_loop2 = 0u; for \(var k = 0u; k < 3u; k\+\+\) \{ tiles_loop2 \+= 1u;.*tiles_barrier\(\);/);
    // No global_invocation_id declared: the instrumentation adds its own.
    expect(out).toContain('fn main(@builtin(global_invocation_id) tiles_gid: vec3u)');
    expect(out).toContain('tiles_inv = tiles_gid.x');
  });

  it('uses the learner’s own global_invocation_id, whatever its name', () => {
    const out = instrument('@compute @workgroup_size(4)\nfn main(@builtin(local_invocation_id) l: vec3u, @builtin(global_invocation_id) g: vec3u) { }').code;
    expect(out).toContain('tiles_inv = g.x + g.y * dims.tiles_gridX');
    expect(out).not.toContain('tiles_gid');
  });

  it('ignores loops and barriers inside comments (nested block comments too)', () => {
    const code = '// for (;;) { }\n/* loop { /* workgroupBarrier() */ while (x) { } */\n@compute @workgroup_size(1) fn main() { }';
    const out = instrument(code);
    expect(out.loops).toBe(0);
    expect(out.barriers).toBe(0);
    expect(maskComments(code).length).toBe(code.length);
    expect(lines(maskComments(code))).toBe(lines(code));
  });

  it('reports a missing entry point', () => {
    expect(instrument('fn helper() { }').entry).toBe(false);
  });

  it('puts the prelude first and says how many lines it takes, so compiler lines map back', () => {
    const c = { tile: 4, wg: 64 };
    const code = 'line one\nline two';
    const module = checkModule(c, code);
    expect(module.split('\n')[preludeLines(c)]).toBe('line one');
    const { source } = runModule(c, code);
    expect(source.split('\n').length - lines(code)).toBe(prelude(c, true).split('\n').length - 1);
    // The checked prelude counts reads; the plain one only reads.
    expect(prelude(c, true)).toContain('atomicAdd(&tiles_count');
    expect(prelude(c, false)).not.toContain('atomicAdd');
    expect(prelude(c, true)).toContain(`const tiles_bound: u32 = ${kLoopBound}u;`);
  });
});
