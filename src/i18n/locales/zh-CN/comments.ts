/**
 * 简体中文 of the practice exercises' code comments (src/i18n/codeComments.ts): each English
 * comment (its lines trimmed and joined by one space) and its lines here, as many as the English
 * has, so a compiler message's line is the same line in every language (codeComments.test.ts).
 */
import type { CommentTable } from '../../commentTable';

/** The shared header's two lines, in Chinese. */
const kHeaderZh = ['应用提供：dims.M、dims.K、dims.N；loadA(row, col)、loadB(row, col)（应用会', '追踪它们）；storeC(row, col, value)；常量 TILE 和 WG。'];

export const comments: CommentTable = {
  'The app gives you: dims.M, dims.K, dims.N; loadA(row, col), loadB(row, col) (the app traces them); storeC(row, col, value); the constants TILE and WG.': kHeaderZh,
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
  // regtile
  'C = A · B with a register tile (the reg4x4 rung, smaller): each invocation computes an R×R block of C in registers, so one workgroup covers a (TILE·R)×(TILE·R) block. M, K, N: multiples of 8.': [
    'C = A · B，使用寄存器分块（reg4x4 这一级的缩小版）：每个调用在寄存器中计算 C 的一个 R×R',
    '块，所以一个工作组覆盖一个 (TILE·R)×(TILE·R) 的块。M、K、N：8 的倍数。',
  ],
  "the first row and column of this workgroup's block of C": ['本工作组的 C 块的第一行和第一列'],
  "this invocation's block of C (starts at zero)": ['本调用的 C 块（初值为零）'],
  'TODO: load row ty * R + i of the A tile and column tx * R + i of the B tile': ['TODO：加载 A 块的第 ty * R + i 行和 B 块的第 tx * R + i 列'],
  'TODO: add As[ty * R + i][k] · Bs[k][tx * R + j] to acc[i][j] for every i, j < R': ['TODO：对每个 i, j < R，把 As[ty * R + i][k] · Bs[k][tx * R + j] 加到 acc[i][j]'],
  // wide
  'C = A · B with wide loads: each invocation computes a strip of 4 elements of one row of C, as a vec4. Each element of A it reads serves 4 elements of C. N is a multiple of 4.': [
    'C = A · B，使用宽加载：每个调用计算 C 某一行上连续 4 个元素组成的条带（一个 vec4）。',
    '它读取的每个 A 元素服务 C 的 4 个元素。N 是 4 的倍数。',
  ],
  "the first of this invocation's 4 columns": ['本调用的 4 列中的第一列'],
  'TODO: one read of A and a vec4 of four reads of B, four multiply-adds': ['TODO：读一次 A，读四次 B 组成一个 vec4，做四次乘加'],
  // padded
  "C = Aᵀ through a 32×32 tile, as NVIDIA's transposeCoalesced: a workgroup of 32×8, each invocation moves 4 elements. Reading a column of the tile, the 32 lanes hit one bank if its rows are 32 words apart. Pad each row so that they are not. M and K: multiples of 32.": [
    'C = Aᵀ，经由一个 32×32 的块，与 NVIDIA 的 transposeCoalesced 相同：工作组为 32×8，每个',
    '调用搬运 4 个元素。读取块的一列时，如果各行相隔 32 个字，32 个通道都落在同一个存储体上。',
    '给每一行加上填充，让它们不再相隔 32 个字。M 和 K：32 的倍数。',
  ],
  // double
  'C = A · B, tiled, double-buffered: two tiles of A and B. While the workgroup multiplies one, it loads the next phase into the other, so one barrier per phase is enough.': [
    'C = A · B，分块版，双缓冲：A 和 B 各有两个块。工作组在用一个块相乘的同时，',
    '把下一阶段加载到另一个块中，所以每个阶段一个屏障就够了。',
  ],
  'The other buffer was last read before the previous barrier: free to overwrite.': ['另一个缓冲区最后一次被读取是在上一个屏障之前：可以覆盖。'],
  'the next tile is loaded, and this one is read, before anyone goes on': ['下一个块已加载、这一个块已读完，之后才有调用继续'],
};
