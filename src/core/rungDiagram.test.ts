import { describe, expect, it } from 'vitest';
import { isPlanFailure, kKernels, kLadderIds, planKernel, type LaunchPlan, type PlanInfo } from './kernels';
import { blockGrid, rungDiagram } from './rungDiagram';
import type { Shape, TileWidth } from './shape';

const limits = { maxComputeWorkgroupStorageSize: 32768, maxComputeInvocationsPerWorkgroup: 256, maxComputeWorkgroupSizeX: 256, maxComputeWorkgroupSizeY: 256, maxComputeWorkgroupsPerDimension: 65535, maxStorageBufferBindingSize: 2 ** 30, maxBufferSize: 2 ** 30 };
const info = { limits, features: ['subgroups', 'shader-f16', 'chromium-experimental-subgroup-matrix'], subgroupMinSize: 32, subgroupMaxSize: 32 } as unknown as PlanInfo;
const shapes: Shape[] = [{ m: 40, k: 24, n: 36 }, { m: 257, k: 129, n: 300 }, { m: 1, k: 1, n: 1 }];
const plan = (id: (typeof kLadderIds)[number], s: Shape, tile: TileWidth = 16): LaunchPlan => {
  const p = planKernel(id, s, tile, info);
  if (isPlanFailure(p)) throw new Error(`${id} did not plan`);
  return p;
};

describe('rungDiagram', () => {
  it('gives every invocation (the tensor rung: every subgroup) block ÷ workgroup C elements, so its tile × workgroup = block', () => {
    for (const id of kLadderIds) {
      for (const s of shapes) {
        const p = plan(id, s);
        const f = rungDiagram(id, p, s).facts;
        const sm = kKernels[id].subgroupMatrix;
        const wg = sm ?? p.workgroup;
        expect(Number.isInteger(f.ownRows) && Number.isInteger(f.ownCols), id).toBe(true);
        expect(f.ownRows * wg.y, id).toBe(p.block.rows);
        expect(f.ownCols * wg.x, id).toBe(p.block.cols);
        if (sm) {
          // Its subgroups are the workgroup's invocations in groups of 32; each owns whole fragments, outlined.
          expect(sm.x * sm.y * 32, id).toBe(p.workgroup.x * p.workgroup.y);
          expect([f.ownRows % sm.fragment, f.ownCols % sm.fragment, f.vec4C], id).toEqual([0, 0, false]);
          const frags = rungDiagram(id, p, s).panels.find((q) => q.id === 'block')!.rects.filter((r) => r.role === 'fragment');
          expect(frags.length, id).toBe((f.ownRows / sm.fragment) * (f.ownCols / sm.fragment));
        }
      }
    }
  });

  it('has blocks that cover C exactly once', () => {
    for (const id of kLadderIds) {
      for (const s of shapes) {
        const grid = blockGrid(s, plan(id, s));
        const hits = new Uint8Array(s.m * s.n);
        for (const g of grid) for (let y = g.y; y < g.y + g.h; y++) for (let x = g.x; x < g.x + g.w; x++) hits[y * s.n + x]! += 1;
        expect(hits.every((h) => h === 1), id).toBe(true);
      }
    }
  });

  it('draws the invocations tiling the block, one of them owned', () => {
    for (const id of kLadderIds) {
      const s = shapes[1]!;
      const d = rungDiagram(id, plan(id, s), s);
      const block = d.panels.find((p) => p.id === 'block')!;
      const invocations = block.rects.filter((r) => r.role === 'invocation');
      expect(invocations.reduce((a, r) => a + r.w * r.h, 0), id).toBe(block.width * block.height);
      expect(block.rects.filter((r) => r.role === 'owned'), id).toHaveLength(1);
    }
  });

  it('reads each rung’s phase depth from its workgroup memory as the BK its WGSL declares (the record’s doubleBuffered is right)', () => {
    const s = { m: 256, k: 256, n: 256 };
    let checked = 0;
    for (const id of kLadderIds) {
      const declared = /^(?:const|override) BK: u32 = (\d+)u;/m.exec(kKernels[id].source)?.[1];
      if (declared === undefined) continue;
      for (const bk of [Number(declared), ...(kKernels[id].tunables?.find((t) => t.name === 'BK')?.values ?? [])]) {
        const p = planKernel(id, s, 16, info, bk === Number(declared) ? undefined : { BK: bk });
        if (isPlanFailure(p)) throw new Error(`${id} did not plan`);
        expect(rungDiagram(id, p, s).facts.bk, `${id} BK ${bk}`).toBe(bk);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(12); // reg4x4, the reg8x8 family (db twice), reg16x8 ×2, blk* ×4, split* ×2
  });

  it('stages tiles from the plan: depth, double buffers, vec4 loads four wide', () => {
    const s = { m: 256, k: 256, n: 256 };
    const facts = (id: (typeof kLadderIds)[number], tile: TileWidth = 16) => rungDiagram(id, plan(id, s, tile), s);
    expect(facts('naive').facts.bk).toBe(0);
    expect(facts('naive').panels.some((p) => p.id === 'tiles')).toBe(false);
    expect(facts('tiled', 8).facts).toMatchObject({ bk: 8, doubleBuffered: false, vec4A: false });
    expect(facts('reg4x4').facts).toMatchObject({ bk: 16, doubleBuffered: false });
    expect(facts('reg8x8db').facts).toMatchObject({ bk: 8, doubleBuffered: true, vec4A: true, vec4B: true });
    expect(facts('reg16x8').facts).toMatchObject({ bk: 8, doubleBuffered: true, vec4A: false });
    expect(facts('blk32x64v').facts).toMatchObject({ bk: 16, doubleBuffered: true, vec4A: true });
    expect(facts('blk128x256').facts).toMatchObject({ bk: 8, doubleBuffered: true, vec4A: false, vec4B: true });
    for (const id of kLadderIds) {
      const d = facts(id);
      const tiles = d.panels.find((p) => p.id === 'tiles');
      if (!tiles) continue;
      expect(tiles.rects.filter((r) => r.role === 'tileA2').length, id).toBe(d.facts.doubleBuffered ? 1 : 0);
      const vec4 = tiles.rects.filter((r) => r.role === 'vec4');
      expect(vec4.length > 0, id).toBe(d.facts.vec4A || d.facts.vec4B);
      for (const v of vec4) expect(v.w * v.h, id).toBe(4);
      // The tiles hold what the plan says workgroup memory holds.
      const area = tiles.rects.filter((r) => r.role.startsWith('tile')).reduce((a, r) => a + r.w * r.h, 0);
      // (The tensor rung stages f16 tiles beside a 16×16 f32 tile of C per subgroup: its depth is its record's stageDepth.)
      if (kKernels[id].stageDepth === undefined) expect(area * 4, id).toBe(plan(id, s).workgroupStorageBytes);
      else expect(area * 2, id).toBeLessThan(plan(id, s).workgroupStorageBytes);
    }
  });

  it('draws split-K layers covering K and the summing pass, and the subgroup lanes', () => {
    const s = { m: 256, k: 200, n: 256 };
    const split = rungDiagram('split128v', plan('split128v', s), s);
    expect(split.facts.slices).toBe(4);
    expect(split.facts.ks! * split.facts.slices!).toBeGreaterThanOrEqual(s.k);
    const panel = split.panels.find((p) => p.id === 'split')!;
    expect(panel.rects.filter((r) => r.role === 'layer')).toHaveLength(4);
    expect(panel.rects.filter((r) => r.role === 'sum')).toHaveLength(1);
    const sub = rungDiagram('subgroup', plan('subgroup', s), s);
    expect(sub.facts.lanes).toBe(64);
    expect(sub.panels.find((p) => p.id === 'subgroup')!.rects.filter((r) => r.role === 'lane')).toHaveLength(64);
  });

  it('keeps every rectangle inside its panel', () => {
    for (const id of kLadderIds) {
      for (const s of shapes) {
        for (const p of rungDiagram(id, plan(id, s), s).panels) {
          for (const r of p.rects) {
            expect(r.x >= 0 && r.y >= 0 && r.x + r.w <= p.width && r.y + r.h <= p.height, `${id} ${p.id} ${r.role}`).toBe(true);
          }
        }
      }
    }
  });
});
