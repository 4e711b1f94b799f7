/**
 * The geometry of a rung's diagram (ui/ladder/RungDiagram draws it): rectangles in units of matrix
 * elements, each with a role, drawn from the rung's own launch plan at the current shape — no
 * words (the roles and values are said by ui/). Panels:
 * - `problem`: A (M×K), B (K×N) and C (M×N); the grid of C blocks, one workgroup's block, the rows
 *   of A and columns of B it reads, and the A and B tiles of its first phase (and of the second
 *   where the rung double-buffers);
 * - `block`: that C block magnified: the workgroup's invocations and the C elements one owns (its
 *   register tile, block ÷ workgroup), in vec4 groups where C is stored four at a time;
 * - `tiles`: the A tile (BM×BK) and B tile (BK×BN) staged in workgroup memory per phase, both
 *   buffers of a double buffer, and the vec4 loads four wide;
 * - `split` (split-K): the K range of each layer's partial product and the summing pass;
 * - `subgroup`: the workgroup's lanes, the rows they share and one subgroup's shuffles.
 */
import { kKernels, type KernelId, type LaunchPlan } from './kernels';
import { ceilDiv, type Shape } from './shape';

export type DiagramRole =
  | 'matrixA' | 'matrixB' | 'matrixC'
  | 'grid' | 'block' | 'stripA' | 'stripB'
  | 'tileA' | 'tileB' | 'tileA2' | 'tileB2'
  | 'invocation' | 'owned' | 'vec4' | 'fragment'
  | 'layer' | 'sum' | 'lane' | 'shuffle';

export interface DiagramRect {
  readonly role: DiagramRole;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export type DiagramPanelId = 'problem' | 'block' | 'tiles' | 'split' | 'subgroup';

export interface DiagramPanel {
  readonly id: DiagramPanelId;
  /** Its extent in elements (the renderer scales it to fit). */
  readonly width: number;
  readonly height: number;
  readonly rects: readonly DiagramRect[];
}

/** What the diagram shows, as figures (the captions say them). */
export interface DiagramFacts {
  readonly m: number;
  readonly k: number;
  readonly n: number;
  readonly blockRows: number;
  readonly blockCols: number;
  readonly gridX: number;
  readonly gridY: number;
  readonly wgX: number;
  readonly wgY: number;
  /** C elements one invocation owns: rows × cols (block ÷ workgroup). */
  readonly ownRows: number;
  readonly ownCols: number;
  /** Depth of one phase's tiles along K (0: nothing staged, A and B read straight from memory). */
  readonly bk: number;
  /** Phases of K per workgroup (per layer for split-K). */
  readonly phases: number;
  readonly doubleBuffered: boolean;
  /** vec4 loads of A, of B; C stored as vec4. */
  readonly vec4A: boolean;
  readonly vec4B: boolean;
  readonly vec4C: boolean;
  /** Split-K: layers and the K range of each. */
  readonly slices?: number;
  readonly ks?: number;
  /** The subgroup rung: lanes per workgroup. */
  readonly lanes?: number;
  /** The tensor rung: wgX×wgY are subgroups, and each one's ownRows×ownCols are fragments of this size. */
  readonly fragment?: number;
}

export interface RungDiagram {
  readonly kernel: KernelId;
  readonly facts: DiagramFacts;
  readonly panels: readonly DiagramPanel[];
}

/** The grid is drawn block by block up to this many blocks (a 4096² C of 128² blocks has 1,024). */
export const kMaxGridRects = 1024;
/** Invocations drawn one by one up to this many (a 16×16 workgroup is 256). */
export const kMaxInvocationRects = 1024;


/** Every C block of the grid, clipped to C (row-major): the blocks one dispatch covers. */
export function blockGrid(shape: Shape, plan: Pick<LaunchPlan, 'block'>): DiagramRect[] {
  const { rows, cols } = plan.block;
  const out: DiagramRect[] = [];
  for (let by = 0; by < ceilDiv(shape.m, rows); by++) {
    for (let bx = 0; bx < ceilDiv(shape.n, cols); bx++) {
      out.push({ role: 'grid', x: bx * cols, y: by * rows, w: Math.min(cols, shape.n - bx * cols), h: Math.min(rows, shape.m - by * rows) });
    }
  }
  return out;
}

/** The figures of a rung's diagram, from its plan at a shape (the shape the user asked for, not the padded one). */
export function diagramFacts(id: KernelId, plan: LaunchPlan, shape: Shape): DiagramFacts {
  const spec = kKernels[id];
  const doubleBuffered = spec.doubleBuffered === true;
  const { rows, cols } = plan.block;
  // Workgroup memory holds BM×BK of A and BK×BN of B (twice when double-buffered), f32.
  const bk = spec.stageDepth ?? (plan.workgroupStorageBytes > 0 && !spec.stagesOtherThanTiles ? plan.workgroupStorageBytes / (4 * (rows + cols) * (doubleBuffered ? 2 : 1)) : 0);
  const vec4 = spec.vec4 === true;
  const vec4AC = vec4 && !spec.vec4BOnly;
  const slices = plan.reduce?.slices;
  // The tensor rung: the block is shared by subgroups (not invocations), each holding fragments.
  const sm = spec.subgroupMatrix;
  const wgX = sm?.x ?? plan.workgroup.x;
  const wgY = sm?.y ?? plan.workgroup.y;
  const ks = slices !== undefined ? plan.constants.KS : undefined;
  return {
    m: shape.m,
    k: shape.k,
    n: shape.n,
    blockRows: rows,
    blockCols: cols,
    gridX: ceilDiv(shape.n, cols),
    gridY: ceilDiv(shape.m, rows),
    wgX,
    wgY,
    ownRows: rows / wgY,
    ownCols: cols / wgX,
    bk,
    phases: bk > 0 ? ceilDiv(ks ?? shape.k, bk) : 0,
    doubleBuffered,
    vec4A: vec4AC,
    vec4B: vec4,
    vec4C: vec4AC && sm === undefined,
    ...(slices !== undefined ? { slices, ks: ks ?? ceilDiv(shape.k, slices) } : {}),
    ...(spec.requiredFeatures?.includes('subgroups') ? { lanes: plan.workgroup.x * plan.workgroup.y } : {}),
    ...(sm !== undefined ? { fragment: sm.fragment } : {}),
  };
}

/** Rows of a tile whose vec4 loads are drawn (every row would be a solid block at the panel's scale). */
export const kVec4Rows = 2;

/** Cut the first kVec4Rows rows of a rectangle into vec4 accesses, four elements wide along x. */
function vec4Cuts(r: DiagramRect): DiagramRect[] {
  const out: DiagramRect[] = [];
  for (let y = 0; y < Math.min(kVec4Rows, r.h); y++) for (let x = 0; x < r.w; x += 4) out.push({ role: 'vec4', x: r.x + x, y: r.y + y, w: Math.min(4, r.w - x), h: 1 });
  return out;
}

/** Clip a rectangle to [0, w) × [0, h) offset by (ox, oy); undefined when nothing is left. */
function clip(r: DiagramRect, ox: number, oy: number, w: number, h: number): DiagramRect | undefined {
  const x0 = Math.max(r.x, 0);
  const y0 = Math.max(r.y, 0);
  const x1 = Math.min(r.x + r.w, w);
  const y1 = Math.min(r.y + r.h, h);
  if (x1 <= x0 || y1 <= y0) return undefined;
  return { role: r.role, x: x0 + ox, y: y0 + oy, w: x1 - x0, h: y1 - y0 };
}

/** The diagram of a rung: its facts and panels. */
export function rungDiagram(id: KernelId, plan: LaunchPlan, shape: Shape): RungDiagram {
  const f = diagramFacts(id, plan, shape);
  const { m, k, n } = shape;
  const panels: DiagramPanel[] = [];

  // The problem: B above C, A left of C (the layout of the lesson's tile map).
  const gap = Math.max(1, Math.round(Math.max(m, k, n) * 0.08));
  const cx = k + gap;
  const cy = k + gap;
  // The workgroup drawn: the second block row and column where there is one (not the corner case).
  const by = Math.min(1, f.gridY - 1);
  const bx = Math.min(1, f.gridX - 1);
  const blockAt: DiagramRect = { role: 'block', x: bx * f.blockCols, y: by * f.blockRows, w: f.blockCols, h: f.blockRows };
  const block = clip(blockAt, 0, 0, n, m)!;
  const problem: DiagramRect[] = [
    { role: 'matrixB', x: cx, y: 0, w: n, h: k },
    { role: 'matrixA', x: 0, y: cy, w: k, h: m },
    { role: 'matrixC', x: cx, y: cy, w: n, h: m },
  ];
  if (f.gridX * f.gridY <= kMaxGridRects) problem.push(...blockGrid(shape, plan).map((g) => ({ ...g, x: g.x + cx, y: g.y + cy })));
  problem.push({ ...block, x: block.x + cx, y: block.y + cy });
  if (f.bk > 0) {
    // The block's rows of A and columns of B, and the tiles of phase 0 (and 1 when double-buffered) in them.
    problem.push({ role: 'stripA', x: 0, y: cy + block.y, w: k, h: block.h }, { role: 'stripB', x: cx + block.x, y: 0, w: block.w, h: k });
    for (const [phase, a, b] of [[0, 'tileA', 'tileB'], [1, 'tileA2', 'tileB2']] as const) {
      if (phase === 1 && !f.doubleBuffered) break;
      const k0 = phase * f.bk;
      const ta = clip({ role: a, x: k0, y: block.y, w: f.bk, h: block.h }, 0, cy, k, m);
      const tb = clip({ role: b, x: block.x, y: k0, w: block.w, h: f.bk }, cx, 0, n, k);
      if (ta) problem.push(ta);
      if (tb) problem.push(tb);
    }
  } else {
    // Nothing staged: one invocation reads its rows of A and columns of B straight from memory.
    problem.push({ role: 'stripA', x: 0, y: cy + block.y, w: k, h: Math.min(f.ownRows, block.h) }, { role: 'stripB', x: cx + block.x, y: 0, w: Math.min(f.ownCols, block.w), h: k });
  }
  panels.push({ id: 'problem', width: cx + n, height: cy + m, rects: problem });

  // One workgroup's block: its invocations and the C elements one of them owns.
  const blockRects: DiagramRect[] = [{ role: 'block', x: 0, y: 0, w: f.blockCols, h: f.blockRows }];
  if (f.wgX * f.wgY <= kMaxInvocationRects) {
    for (let iy = 0; iy < f.wgY; iy++) for (let ix = 0; ix < f.wgX; ix++) blockRects.push({ role: 'invocation', x: ix * f.ownCols, y: iy * f.ownRows, w: f.ownCols, h: f.ownRows });
  }
  const owned: DiagramRect = { role: 'owned', x: 0, y: 0, w: f.ownCols, h: f.ownRows };
  blockRects.push(owned);
  if (f.vec4C) blockRects.push(...vec4Cuts(owned));
  // The tensor rung: the owning subgroup's fragments, outlined.
  if (f.fragment !== undefined) {
    for (let y = 0; y < f.ownRows; y += f.fragment) for (let x = 0; x < f.ownCols; x += f.fragment) blockRects.push({ role: 'fragment', x, y, w: f.fragment, h: f.fragment });
  }
  panels.push({ id: 'block', width: f.blockCols, height: f.blockRows, rects: blockRects });

  // The tiles staged per phase: A (BM×BK) and B (BK×BN), both buffers of a double buffer.
  if (f.bk > 0) {
    const g = Math.max(1, Math.round(Math.max(f.blockRows, f.blockCols) * 0.08));
    const tiles: DiagramRect[] = [];
    const copies = f.doubleBuffered ? 2 : 1;
    // A's copies side by side under B's; B's copies side by side to their right (one row of K each).
    for (let c = 0; c < copies; c++) {
      const a: DiagramRect = { role: c === 0 ? 'tileA' : 'tileA2', x: c * (f.bk + g), y: f.bk + g, w: f.bk, h: f.blockRows };
      const b: DiagramRect = { role: c === 0 ? 'tileB' : 'tileB2', x: copies * (f.bk + g) + c * (f.blockCols + g), y: 0, w: f.blockCols, h: f.bk };
      tiles.push(a, b);
      if (f.vec4A) tiles.push(...vec4Cuts(a));
      if (f.vec4B) tiles.push(...vec4Cuts(b));
    }
    const width = copies * (f.bk + g) + copies * f.blockCols + (copies - 1) * g;
    panels.push({ id: 'tiles', width, height: f.bk + g + f.blockRows, rects: tiles });
  }

  // Split-K: the layers of partial products (each its K range), then the pass that sums them into C.
  if (f.slices !== undefined) {
    const off = Math.max(1, Math.round(Math.max(m, n) * 0.12));
    const rects: DiagramRect[] = [];
    for (let z = 0; z < f.slices; z++) rects.push({ role: 'layer', x: z * off, y: z * off, w: n, h: m });
    const sx = f.slices * off + n + off;
    rects.push({ role: 'sum', x: sx, y: (f.slices - 1) * off, w: n, h: m });
    panels.push({ id: 'split', width: sx + n, height: (f.slices - 1) * off + m, rects });
  }

  // The subgroup rung: 64 lanes, each 4 columns of the same 8 rows; lanes shuffle A among themselves.
  if (f.lanes !== undefined) {
    const rects: DiagramRect[] = [];
    for (let l = 0; l < f.lanes; l++) rects.push({ role: 'lane', x: l * f.ownCols, y: 0, w: f.ownCols, h: f.ownRows });
    // One shuffle: lane 0's A value read by the next lanes of its subgroup (the smallest subgroup, 4).
    for (let l = 1; l < 4; l++) rects.push({ role: 'shuffle', x: 0, y: f.ownRows, w: l * f.ownCols, h: 1 });
    panels.push({ id: 'subgroup', width: f.blockCols, height: f.ownRows + 2, rects });
  }
  return { kernel: id, facts: f, panels };
}
