/**
 * The comments of the practice exercises' starting code and solutions, in the learner's language.
 * The code itself is WGSL and stays as it is; only `//` comments change, line for line, so a
 * compiler message's line number points at the same line in every language (a block of n
 * comment lines becomes n lines; codeComments.test.ts checks every exercise).
 *
 * Keys are the English comment text, each line trimmed and joined by one space; a full-line block
 * may be matched in parts (the shared header, then the exercise's own introduction).
 */
import type { Language } from '../core/languages';

type CommentTable = Readonly<Record<string, readonly string[]>>;

/** The shared header's two lines, in Chinese. */
const kHeaderZh = ['应用提供：dims.M、dims.K、dims.N；loadA(row, col)、loadB(row, col)（它们会统计', '你的全局读取次数）；storeC(row, col, value)；常量 TILE 和 WG。'];

const kZh: CommentTable = {
  'The app gives you: dims.M, dims.K, dims.N; loadA(row, col), loadB(row, col) (they count your global reads); storeC(row, col, value); the constants TILE and WG.': kHeaderZh,
  // map
  'C = A + B, element by element (A, B and C are M×N). One invocation per element: invocation i owns element i of C, counted along the rows.': [
    'C = A + B，逐元素相加（A、B、C 都是 M×N）。',
    '每个元素一个调用：调用 i 负责 C 的第 i 个元素（按行依次计数）。',
  ],
  'TODO: C[row][col] = A[row][col] + B[row][col]': ['TODO：C[row][col] = A[row][col] + B[row][col]'],
  // guard
  'The grid is rounded up to whole workgroups of WG: some invocations have no element.': ['网格向上取整为完整的工作组（每组 WG 个调用）：有些调用没有对应的元素。'],
  'past the last element: nothing to do (no barrier follows, so returning is safe)': ['超出最后一个元素：无事可做（后面没有屏障，所以提前返回是安全的）'],
  // naive
  'C = A · B (A is M×K, B is K×N): one invocation per element of C, with 2-D indices. x runs along the columns of C, y along its rows; the grid is rounded up to whole workgroups.': [
    'C = A · B（A 是 M×K，B 是 K×N）：C 的每个元素一个调用，使用二维索引。',
    'x 沿 C 的列方向，y 沿它的行方向；网格向上取整为完整的工作组。',
  ],
  'TODO: skip invocations outside C, then add A[row][k] · B[k][col] over k and store the sum.': ['TODO：跳过 C 之外的调用，然后对 k 累加 A[row][k] · B[k][col]，并写出这个和。'],
  'no barrier in this kernel, so returning early is safe': ['这个内核没有屏障，所以提前返回是安全的'],
  // tile (transpose)
  'C = Aᵀ (A is M×K, C is K×M) through a TILE×TILE tile in workgroup memory: each invocation reads one element of A into the tile and, after a barrier, writes one element of C that another invocation read. M and K are multiples of TILE.':
    ['C = Aᵀ（A 是 M×K，C 是 K×M），经由工作组内存中的一个 TILE×TILE 块：每个调用', '把 A 的一个元素读入块中，经过一次屏障后，写出 C 的一个元素——它是另一个', '调用读入的。M 和 K 是 TILE 的倍数。'],
  "This workgroup's tile of A starts at row wg.y * TILE, column wg.x * TILE.": ['本工作组的 A 块从第 wg.y * TILE 行、第 wg.x * TILE 列开始。'],
  'TODO 1: tile[ty][tx] = A[wg.y * TILE + ty][wg.x * TILE + tx]': ['TODO 1：tile[ty][tx] = A[wg.y * TILE + ty][wg.x * TILE + tx]'],
  'TODO 2: wait until the whole tile is loaded': ['TODO 2：等待整个块加载完毕'],
  'TODO 3: C[wg.x * TILE + ty][wg.y * TILE + tx] = tile[tx][ty]': ['TODO 3：C[wg.x * TILE + ty][wg.y * TILE + tx] = tile[tx][ty]'],
  'C = Aᵀ (A is M×K, C is K×M) through a TILE×TILE tile in workgroup memory.': ['C = Aᵀ（A 是 M×K，C 是 K×M），经由工作组内存中的一个 TILE×TILE 块。'],
  'the tile is complete before anyone reads an element another invocation loaded': ['块已完整，之后才有调用读取别的调用加载的元素'],
  // tiled
  'C = A · B, tiled (cuda-samples matrixMul): one workgroup per TILE×TILE tile of C. In each phase the workgroup stages a tile of A and a tile of B in workgroup memory, waits, multiplies them, and waits again before the next phase overwrites them. M, K and N are multiples of TILE.':
    ['C = A · B，分块版（cuda-samples matrixMul）：C 的每个 TILE×TILE 块一个工作组。每个阶段', '工作组把 A 的一个块和 B 的一个块暂存到工作组内存，等待，相乘，并在下一阶段', '覆盖它们之前再次等待。M、K、N 是 TILE 的倍数。'],
  'the C element this invocation computes': ['本调用计算的 C 元素'],
  'TODO: load As[ty][tx] from A and Bs[ty][tx] from B for this phase, wait, add As[ty][k] · Bs[k][tx] over k, and wait again.': [
    'TODO：为本阶段从 A 加载 As[ty][tx]、从 B 加载 Bs[ty][tx]，等待，',
    '      对 k 累加 As[ty][k] · Bs[k][tx]，再次等待。',
  ],
  'both tiles are complete before anyone reads them': ['两个块都已完整，之后才有调用读取它们'],
  'everyone is done reading before the next phase overwrites them': ['所有调用都已读完，之后下一阶段才覆盖它们'],
  // bounds
  'C = A · B, tiled, for ANY M, K and N (PMPP Fig. 4.20). The tiles at the edges stick out of the matrices: add the three boundary tests. Threads without a C element still load (0.0) and still reach both barriers.':
    ['C = A · B，分块版，适用于任意 M、K、N（PMPP 图 4.20）。边缘的块会伸出', '矩阵之外：加上三个边界检查。没有 C 元素的线程仍然加载（0.0），并且仍然', '到达两个屏障。'],
  'TODO boundary test 1: only if the element is in A, else 0.0': ['TODO 边界检查 1：仅当该元素在 A 内时加载，否则为 0.0'],
  'TODO boundary test 2: only if the element is in B, else 0.0': ['TODO 边界检查 2：仅当该元素在 B 内时加载，否则为 0.0'],
  'TODO boundary test 3: only if the element is in C': ['TODO 边界检查 3：仅当该元素在 C 内时写入'],
  'the column of A this invocation loads': ['本调用加载的 A 的列'],
  'the row of B it loads': ['它加载的 B 的行'],
  'Boundary test 1 (load A): the element must exist in A, else 0.0.': ['边界检查 1（加载 A）：元素必须在 A 内，否则为 0.0。'],
  'Boundary test 2 (load B): the element must exist in B, else 0.0.': ['边界检查 2（加载 B）：元素必须在 B 内，否则为 0.0。'],
  'Boundary test 3 (store C): only elements inside C are written.': ['边界检查 3（写入 C）：只写入 C 内的元素。'],
  // dot
  "The dot product a · b of two K-vectors (a[i] is loadA(0u, i), b[i] is loadB(i, 0u)), as in the CUDA tutorial: every invocation sums a grid-stride slice, the workgroup adds its WG partial sums as a tree in workgroup memory, and invocation 0 writes the workgroup's sum to C[0][workgroup]. (The app adds the workgroups' sums, as the tutorial's host does.)":
    [
      '两个 K 维向量的点积 a · b（a[i] 是 loadA(0u, i)，b[i] 是 loadB(i, 0u)），与 CUDA 教程相同：',
      '每个调用按网格跨步累加一段，工作组在工作组内存中以树形相加它的 WG 个部分和，',
      '调用 0 把工作组的和写到 C[0][workgroup]。',
      '（各工作组的和由应用相加，正如教程的主机端代码所做。）',
    ],
  'invocations in the grid': ['网格中的调用总数'],
  'TODO 1: invocation gid.x adds a[i] · b[i] for i = gid.x, gid.x + stride, … while i < dims.K': ['TODO 1：调用 gid.x 对 i = gid.x, gid.x + stride, …（只要 i < dims.K）累加 a[i] · b[i]'],
  'TODO 2: the tree: with s = WG / 2, WG / 4, … 1, invocations lid.x < s add partial[lid.x + s] to partial[lid.x]; every step needs the previous one finished':
    ['TODO 2：树形归约：s = WG / 2, WG / 4, … 1，lid.x < s 的调用把 partial[lid.x + s]', '        加到 partial[lid.x] 上；每一步都要等上一步完成'],
  'TODO 3: invocation 0 writes partial[0] with storeC(0u, wid.x, …)': ['TODO 3：调用 0 用 storeC(0u, wid.x, …) 写出 partial[0]'],
  'The dot product a · b, as in the CUDA tutorial: grid-stride partial sums, a tree in workgroup memory, one sum per workgroup in C[0][workgroup].': [
    '点积 a · b，与 CUDA 教程相同：网格跨步的部分和，工作组内存中的树形归约，',
    '每个工作组一个和，写在 C[0][workgroup]。',
  ],
  'every partial sum is written before the tree reads them': ['每个部分和都已写好，之后树形归约才读取'],
  'this step is finished before the next reads its results': ['这一步已完成，之后下一步才读取它的结果'],
  // numba
  "The Numba tutorial's fast_matmul, ported line by line to WGSL, with its bugs. Find them and fix them so that any M, K and N works. x is the row of C, as in Numba's C[x, y].": [
    'Numba 教程的 fast_matmul，逐行移植到 WGSL，连同它的错误。找出并修正它们，',
    '使任意 M、K、N 都能工作。x 是 C 的行，如同 Numba 的 C[x, y]。',
  ],
  'bpg = cuda.gridDim.x: blocks per grid': ['bpg = cuda.gridDim.x：每个网格的块数'],
  'quit if (x, y) is outside of valid C boundary': ['如果 (x, y) 在 C 的有效边界之外就退出'],
  'preload data into shared memory': ['把数据预先加载到共享内存'],
  'wait until all threads finish preloading': ['等待所有线程完成预加载'],
  'wait until all threads finish computing': ['等待所有线程完成计算'],
  'No early return: every invocation must reach both barriers (out-of-range ones load 0.0).': ['不能提前返回：每个调用都必须到达两个屏障（越界的调用加载 0.0）。'],
  'K decides the phases, not bpg; K need not be a multiple of TILE': ['阶段数由 K 决定，而不是 bpg；K 不必是 TILE 的倍数'],
  'inside C means both in range: `or` in the quit test, `and` here': ['在 C 内意味着两者都在范围内：退出检查用 `or`，这里用 `and`'],
};

/** Comments that are code (the Numba lines they port): the same in every language. */
export const kCodeLikeComments: readonly string[] = ['x, y = cuda.grid(2)', 'tx = cuda.threadIdx.x', 'ty = cuda.threadIdx.y'];

/** The comment table of each language that is not English (English is the code's own). */
export const kCommentTables: Readonly<Partial<Record<Language, CommentTable>>> = { 'zh-CN': kZh };

/**
 * The comments of the lesson's kernel files (shaders/tiled<T>.wgsl, written by scripts/gen-tiled.mjs
 * from one template), in Chinese, for each tile width: the same paragraphs with the width put in
 * (issue #34: practice translated its comments, the lesson's kernel kept English ones).
 */
function tiledKernelZh(t: number): CommentTable {
  const rows = t * t > 256;
  return {
    [`tiled${t}.wgsl — the seed kernel (tiled.wgsl) for the tile width ${t}, with its k loop written out. GENERATED by the generator script gen-tiled.mjs from one template for every tile width: edit the generator, then run it.`]: [
      `tiled${t}.wgsl——种子内核（tiled.wgsl）在块宽 ${t} 下的版本，k 循环已逐行展开。`,
      '由生成脚本 gen-tiled.mjs 从同一模板为每个块宽生成：请修改生成脚本，然后运行它。',
    ],
    '': [''],
    [`The same algorithm, line for line, as tiled.wgsl and its sources (cuda-samples MatrixMulCUDA; PMPP §4, Fig. 4.20): one workgroup per ${t}×${t} tile of C; in phase ph invocation (tx, ty) copies A[row][ph·${t} + tx] into As[ty][tx] and B[ph·${t} + ty][col] into Bs[ty][tx], a barrier makes both tiles complete, every invocation accumulates As[ty][k]·Bs[k][tx] for k = 0 … ${t - 1}, and a second barrier stops the next phase from overwriting tiles still being read. PMPP's three boundary tests make any M, K, N work: 0.0 is staged for elements outside A or B, and C is stored only inside C. Invocations outside C still load and reach every barrier: there is no early return before a barrier.`]: [
      '与 tiled.wgsl 及其来源（cuda-samples MatrixMulCUDA；PMPP §4，图 4.20）逐行相同的算法：',
      `C 的每个 ${t}×${t} 块一个工作组；在阶段 ph 中，调用 (tx, ty) 把`,
      `A[row][ph·${t} + tx] 复制到 As[ty][tx]，把 B[ph·${t} + ty][col] 复制到 Bs[ty][tx]，一次屏障使两个`,
      `块都完整，每个调用对 k = 0 … ${t - 1} 累加 As[ty][k]·Bs[k][tx]，第二次屏障`,
      '阻止下一阶段覆盖仍在被读取的块。PMPP 的三个边界检查',
      '使任意 M、K、N 都能运行：A 或 B 之外的元素暂存 0.0，C 只在 C 之内写入。',
      'C 之外的调用仍然加载并到达每个屏障：屏障之前没有提前返回。',
    ],
    "Why a copy per tile width: on wgpu (the engine inside Firefox) a WGSL loop is translated with an extra iteration counter (a guard against infinite loops) and reaches the GPU driver as a loop it does not unroll, so the k loop cost more than the multiply-adds it runs: tiled.wgsl at tile 16 ran at the speed of the naive kernel there (2.5 TFLOP/s on an H100), and at 7.3 with the steps written out as below — as fast as Dawn (Chrome's engine) runs either file, where the driver unrolls the loop itself (the project's benchmark notes, rounds 3 and 3b).": [
      '为什么每个块宽一份副本：在 wgpu（Firefox 内的引擎）中，WGSL 循环被翻译时会多出',
      '一个迭代计数器（防止死循环），到达 GPU 驱动时成了一个驱动',
      '不展开的循环，于是 k 循环的开销超过了它执行的乘加：块宽 16 的 tiled.wgsl',
      '在那里只有朴素内核的速度（H100 上 2.5 TFLOP/s），而像下面这样逐步展开后为 7.3',
      '——与 Dawn（Chrome 的引擎）运行任一文件一样快，Dawn 的驱动会',
      '自己展开循环（本项目的基准测试笔记，第 3 轮和第 3b 轮）。',
    ],
    ...(rows
      ? {
          [`When ${t}×${t} exceeds the adapter's invocations per workgroup (${t * t} > 256), the workgroup is ${t} × ${t}/ROWS and each invocation covers ROWS rows of the tile, strided by ${t}/ROWS (as in tiled.wgsl).`]: [
            `当 ${t}×${t} 超过适配器每个工作组的调用数（${t * t} > 256）时，工作组为`,
            `${t} × ${t}/ROWS，每个调用负责块中的 ROWS 行，行距为 ${t}/ROWS（同 tiled.wgsl）。`,
          ],
        }
      : {
          [`${t}×${t} = ${t * t} invocations are within every adapter's limit, so this copy needs no ROWS mapping.`]: [`${t}×${t} = ${t * t} 个调用在所有适配器的限制之内，所以这份副本不需要 ROWS 映射。`],
        }),
    'Bindings (shared by every matmul kernel): A (M×K), B (K×N), C (M×N), row-major f32; dims = M, K, N.': ['绑定（所有矩阵乘内核共用）：A (M×K)、B (K×N)、C (M×N)，行主序 f32；dims = M, K, N。'],
    [`TILE_WIDTH: the side of the C tile one workgroup computes (this file is written for ${t}).`]: [`TILE_WIDTH：一个工作组计算的 C 块的边长（本文件为 ${t} 编写）。`],
    [`C rows per invocation: always 1 for tile ${t} (set by the plan like tiled.wgsl's).`]: [`每个调用的 C 行数：块宽 ${t} 时总是 1（与 tiled.wgsl 一样由计划设置）。`],
    "C rows per invocation: 1 (the seed's mapping), or 2 or 4 when TILE×TILE exceeds the invocation limit.": ['每个调用的 C 行数：1（种子内核的映射），当 TILE×TILE 超过调用数限制时为 2 或 4。'],
    'Workgroup height: the distance between the rows one invocation covers.': ['工作组高度：一个调用负责的各行之间的距离。'],
    'the C row this invocation owns': ['本调用负责的 C 行'],
    'and its column': ['及其列'],
    'the C column this invocation owns': ['本调用负责的 C 列'],
    'its first C row; the others are WG_Y apart': ['它的第一个 C 行；其余各行相隔 WG_Y'],
    'the tile rows of the others (used only where ROWS says so)': ['其余各行在块中的行号（仅在 ROWS 需要时使用）'],
    'One accumulator per covered row, kept as scalars so every compiler keeps them in registers.': ['每个负责的行一个累加器，写成标量，使每个编译器都把它们放在寄存器中。'],
    'row within the tile': ['块内的行'],
    'its row in A and C': ['它在 A 和 C 中的行'],
    'column of A this invocation loads': ['本调用加载的 A 的列'],
    'row of B this invocation loads': ['本调用加载的 B 的行'],
    'Boundary test 1 (load A): the element must exist in A, else 0.0.': ['边界检查 1（加载 A）：元素必须在 A 中，否则为 0.0。'],
    'Boundary test 2 (load B): the element must exist in B, else 0.0.': ['边界检查 2（加载 B）：元素必须在 B 中，否则为 0.0。'],
    'Boundary test 3 (store C): only elements inside C are written.': ['边界检查 3（写入 C）：只写入 C 之内的元素。'],
    'both tiles are complete before anyone reads them': ['两个块都已完整，之后才有调用读取它们'],
    'everyone is done reading before the next phase overwrites the tiles': ['所有调用都已读完，之后下一阶段才覆盖这些块'],
    [`for (k = 0; k < ${t}; k++) { acc += As[ty][k] * Bs[k][tx]; }, written out:`]: [`for (k = 0; k < ${t}; k++) { acc += As[ty][k] * Bs[k][tx]; }，逐行展开：`],
    [`for (k = 0; k < ${t}; k++) { let b = Bs[k][tx]; acc0 += As[ty][k] * b; … one line per covered row }, written out (the ROWS tests compare override constants: the compiler keeps only the rows this mapping has):`]: [
      `for (k = 0; k < ${t}; k++) { let b = Bs[k][tx]; acc0 += As[ty][k] * b; … 每个负责的行一行 }，逐行展开`,
      '（ROWS 检查比较的是 override 常量：编译器只保留此映射实际有的行）：',
    ],
  };
}

/** The lesson kernels' comment tables, by language (English is the code's own). */
const kKernelTables: Readonly<Partial<Record<Language, CommentTable>>> = {
  'zh-CN': Object.assign({}, ...[2, 4, 8, 16, 32].map(tiledKernelZh)) as CommentTable,
};

/** The lesson's kernel file (tiled<T>.wgsl) with its comments in `lang`, line for line. */
export function localizeKernelComments(code: string, lang: Language): string {
  return localizeComments(code, lang, kKernelTables[lang]);
}

const commentText = (line: string, at: number) => line.slice(at + 2).trim();

/**
 * The code with its comments in `lang`, line for line: a run of full-line comments is replaced by
 * the longest runs the table knows (each n lines by n lines, at the same indentation), a comment
 * after code by its one-line translation. WGSL has no string literals, so the first `//` on a line
 * starts its comment. Comments the table does not know stay as they are.
 */
export function localizeComments(code: string, lang: Language, tableOf: CommentTable | undefined = kCommentTables[lang]): string {
  const table = tableOf;
  if (!table) return code;
  const lines = code.split('\n');
  const fullAt = (l: string) => {
    const at = l.indexOf('//');
    return at >= 0 && l.slice(0, at).trim() === '' ? at : -1;
  };
  const out: string[] = [];
  for (let i = 0; i < lines.length; ) {
    const line = lines[i]!;
    const at = fullAt(line);
    if (at >= 0) {
      let end = i;
      while (end < lines.length && fullAt(lines[end]!) >= 0) end++;
      let matched = false;
      for (let e = end; e > i && !matched; e--) {
        const key = lines
          .slice(i, e)
          .map((l) => commentText(l, fullAt(l)))
          .join(' ');
        const to = table[key];
        if (to && to.length === e - i) {
          out.push(...to.map((z) => (z ? `${line.slice(0, at)}// ${z}` : `${line.slice(0, at)}//`)));
          i = e;
          matched = true;
        }
      }
      if (!matched) {
        out.push(line);
        i++;
      }
      continue;
    }
    const trail = line.indexOf('//');
    const to = trail >= 0 ? table[commentText(line, trail)] : undefined;
    out.push(to && to.length === 1 ? `${line.slice(0, trail)}// ${to[0]}` : line);
    i++;
  }
  return out.join('\n');
}
