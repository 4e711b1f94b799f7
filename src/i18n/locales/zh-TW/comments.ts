/**
 * 繁體中文 of the practice exercises' code comments (src/i18n/codeComments.ts): each English
 * comment (its lines trimmed and joined by one space) and its lines here, as many as the English
 * has, so a compiler message's line is the same line in every language (codeComments.test.ts).
 */
import type { CommentTable } from '../../commentTable';

/** The shared header's two lines, in 繁體中文. */
const kHeader = ['本程式提供：dims.M、dims.K、dims.N；loadA(row, col)、loadB(row, col)（本程式會', '追蹤它們）；storeC(row, col, value)；常數 TILE 和 WG。'];

export const comments: CommentTable = {
  'The app gives you: dims.M, dims.K, dims.N; loadA(row, col), loadB(row, col) (the app traces them); storeC(row, col, value); the constants TILE and WG.': kHeader,
  // map
  'C = A + B, element by element (A, B and C are M×N). One invocation per element: invocation i owns element i of C, counted along the rows.': [
    'C = A + B，逐元素相加（A、B、C 都是 M×N）。',
    '每個元素一個叫用：叫用 i 負責 C 的第 i 個元素（按列依次計數）。',
  ],
  'TODO: C[row][col] = A[row][col] + B[row][col]': ['TODO：C[row][col] = A[row][col] + B[row][col]'],
  // guard
  'The grid is rounded up to whole workgroups of WG: some invocations have no element.': ['網格無條件進位為完整的工作群組（每組 WG 個叫用）：有些叫用沒有對應的元素。'],
  'past the last element: nothing to do (no barrier follows, so returning is safe)': ['超出最後一個元素：無事可做（後面沒有屏障，所以提前返回是安全的）'],
  // naive
  'C = A · B (A is M×K, B is K×N): one invocation per element of C, with 2-D indices. x runs along the columns of C, y along its rows; the grid is rounded up to whole workgroups.': [
    'C = A · B（A 是 M×K，B 是 K×N）：C 的每個元素一個叫用，使用二維索引。',
    'x 對應 C 的行（column），y 對應它的列（row）；網格無條件進位為完整的工作群組。',
  ],
  'TODO: skip invocations outside C, then add A[row][k] · B[k][col] over k and store the sum.': ['TODO：跳過 C 之外的叫用，然後對 k 累加 A[row][k] · B[k][col]，並寫出這個和。'],
  'no barrier in this kernel, so returning early is safe': ['這個核心程式沒有屏障，所以提前返回是安全的'],
  // tile (transpose)
  'C = Aᵀ (A is M×K, C is K×M) through a TILE×TILE tile in workgroup memory: each invocation reads one element of A into the tile and, after a barrier, writes one element of C that another invocation read. M and K are multiples of TILE.':
    ['C = Aᵀ（A 是 M×K，C 是 K×M），經由工作群組記憶體中的一個 TILE×TILE 塊：每個叫用', '把 A 的一個元素讀入塊中，經過一次屏障後，寫出 C 的一個元素——它是另一個', '叫用讀入的。M 和 K 是 TILE 的倍數。'],
  "This workgroup's tile of A starts at row wg.y * TILE, column wg.x * TILE.": ['本工作群組的 A 塊從第 wg.y * TILE 列、第 wg.x * TILE 行開始。'],
  'TODO 1: tile[ty][tx] = A[wg.y * TILE + ty][wg.x * TILE + tx]': ['TODO 1：tile[ty][tx] = A[wg.y * TILE + ty][wg.x * TILE + tx]'],
  'TODO 2: wait until the whole tile is loaded': ['TODO 2：等待整個塊載入完畢'],
  'TODO 3: C[wg.x * TILE + ty][wg.y * TILE + tx] = tile[tx][ty]': ['TODO 3：C[wg.x * TILE + ty][wg.y * TILE + tx] = tile[tx][ty]'],
  'C = Aᵀ (A is M×K, C is K×M) through a TILE×TILE tile in workgroup memory.': ['C = Aᵀ（A 是 M×K，C 是 K×M），經由工作群組記憶體中的一個 TILE×TILE 塊。'],
  'the tile is complete before anyone reads an element another invocation loaded': ['塊已完整，之後才有叫用讀取別的叫用載入的元素'],
  // tiled
  'C = A · B, tiled (cuda-samples matrixMul): one workgroup per TILE×TILE tile of C. In each phase the workgroup stages a tile of A and a tile of B in workgroup memory, waits, multiplies them, and waits again before the next phase overwrites them. M, K and N are multiples of TILE.':
    ['C = A · B，分塊版（cuda-samples matrixMul）：C 的每個 TILE×TILE 塊一個工作群組。每個階段', '工作群組把 A 的一個塊和 B 的一個塊暫存到工作群組記憶體，等待，相乘，並在下一階段', '覆蓋它們之前再次等待。M、K、N 是 TILE 的倍數。'],
  'the C element this invocation computes': ['本叫用計算的 C 元素'],
  'TODO: load As[ty][tx] from A and Bs[ty][tx] from B for this phase, wait, add As[ty][k] · Bs[k][tx] over k, and wait again.': [
    'TODO：為本階段從 A 載入 As[ty][tx]、從 B 載入 Bs[ty][tx]，等待，',
    '      對 k 累加 As[ty][k] · Bs[k][tx]，再次等待。',
  ],
  'both tiles are complete before anyone reads them': ['兩個塊都已完整，之後才有叫用讀取它們'],
  'everyone is done reading before the next phase overwrites them': ['所有叫用都已讀完，之後下一階段才覆蓋它們'],
  // bounds
  'C = A · B, tiled, for ANY M, K and N (PMPP Fig. 4.20). The tiles at the edges stick out of the matrices: add the three boundary tests. Threads without a C element still load (0.0) and still reach both barriers.':
    ['C = A · B，分塊版，適用於任意 M、K、N（PMPP 圖 4.20）。邊緣的塊會伸出', '矩陣之外：加上三個邊界檢查。沒有 C 元素的執行緒仍然載入（0.0），並且仍然', '到達兩個屏障。'],
  'TODO boundary test 1: only if the element is in A, else 0.0': ['TODO 邊界檢查 1：僅當該元素在 A 內時載入，否則為 0.0'],
  'TODO boundary test 2: only if the element is in B, else 0.0': ['TODO 邊界檢查 2：僅當該元素在 B 內時載入，否則為 0.0'],
  'TODO boundary test 3: only if the element is in C': ['TODO 邊界檢查 3：僅當該元素在 C 內時寫入'],
  'the column of A this invocation loads': ['本叫用載入的 A 的行（column）'],
  'the row of B it loads': ['它載入的 B 的列（row）'],
  'Boundary test 1 (load A): the element must exist in A, else 0.0.': ['邊界檢查 1（載入 A）：元素必須在 A 內，否則為 0.0。'],
  'Boundary test 2 (load B): the element must exist in B, else 0.0.': ['邊界檢查 2（載入 B）：元素必須在 B 內，否則為 0.0。'],
  'Boundary test 3 (store C): only elements inside C are written.': ['邊界檢查 3（寫入 C）：只寫入 C 內的元素。'],
  // dot
  "The dot product a · b of two K-vectors (a[i] is loadA(0u, i), b[i] is loadB(i, 0u)), as in the CUDA tutorial: every invocation sums a grid-stride slice, the workgroup adds its WG partial sums as a tree in workgroup memory, and invocation 0 writes the workgroup's sum to C[0][workgroup]. (The app adds the workgroups' sums, as the tutorial's host does.)":
    [
      '兩個 K 維向量的點積 a · b（a[i] 是 loadA(0u, i)，b[i] 是 loadB(i, 0u)），與 CUDA 教學相同：',
      '每個叫用按網格跨步累加一段，工作群組在工作群組記憶體中以樹形相加它的 WG 個部分和，',
      '叫用 0 把工作群組的和寫到 C[0][workgroup]。',
      '（各工作群組的和由本程式相加，正如教學的主機端程式碼所做。）',
    ],
  'invocations in the grid': ['網格中的叫用總數'],
  'TODO 1: invocation gid.x adds a[i] · b[i] for i = gid.x, gid.x + stride, … while i < dims.K': ['TODO 1：叫用 gid.x 對 i = gid.x, gid.x + stride, …（只要 i < dims.K）累加 a[i] · b[i]'],
  'TODO 2: the tree: with s = WG / 2, WG / 4, … 1, invocations lid.x < s add partial[lid.x + s] to partial[lid.x]; every step needs the previous one finished':
    ['TODO 2：樹形歸約：s = WG / 2, WG / 4, … 1，lid.x < s 的叫用把 partial[lid.x + s]', '        加到 partial[lid.x] 上；每一步都要等上一步完成'],
  'TODO 3: invocation 0 writes partial[0] with storeC(0u, wid.x, …)': ['TODO 3：叫用 0 用 storeC(0u, wid.x, …) 寫出 partial[0]'],
  'The dot product a · b, as in the CUDA tutorial: grid-stride partial sums, a tree in workgroup memory, one sum per workgroup in C[0][workgroup].': [
    '點積 a · b，與 CUDA 教學相同：網格跨步的部分和，工作群組記憶體中的樹形歸約，',
    '每個工作群組一個和，寫在 C[0][workgroup]。',
  ],
  'every partial sum is written before the tree reads them': ['每個部分和都已寫好，之後樹形歸約才讀取'],
  'this step is finished before the next reads its results': ['這一步已完成，之後下一步才讀取它的結果'],
  // numba
  "The Numba tutorial's fast_matmul, ported line by line to WGSL, with its bugs. Find them and fix them so that any M, K and N works. x is the row of C, as in Numba's C[x, y].": [
    'Numba 教學的 fast_matmul，逐行移植到 WGSL，連同它的錯誤。找出並修正它們，',
    '使任意 M、K、N 都能工作。x 是 C 的列（row），如同 Numba 的 C[x, y]。',
  ],
  'bpg = cuda.gridDim.x: blocks per grid': ['bpg = cuda.gridDim.x：每個網格的區塊數'],
  'quit if (x, y) is outside of valid C boundary': ['如果 (x, y) 在 C 的有效邊界之外就退出'],
  'preload data into shared memory': ['把資料預先載入到共享記憶體'],
  'wait until all threads finish preloading': ['等待所有執行緒完成預載入'],
  'wait until all threads finish computing': ['等待所有執行緒完成計算'],
  'No early return: every invocation must reach both barriers (out-of-range ones load 0.0).': ['不能提前返回：每個叫用都必須到達兩個屏障（越界的叫用載入 0.0）。'],
  'K decides the phases, not bpg; K need not be a multiple of TILE': ['階段數由 K 決定，而不是 bpg；K 不必是 TILE 的倍數'],
  'inside C means both in range: `or` in the quit test, `and` here': ['在 C 內意味著兩者都在範圍內：退出檢查用 `or`，這裡用 `and`'],
  // regtile
  'C = A · B with a register tile (the reg4x4 rung, smaller): each invocation computes an R×R block of C in registers, so one workgroup covers a (TILE·R)×(TILE·R) block. M, K, N: multiples of 8.': [
    'C = A · B，使用暫存器分塊（reg4x4 這一級的縮小版）：每個叫用在暫存器中計算 C 的一個 R×R',
    '塊，所以一個工作群組涵蓋一個 (TILE·R)×(TILE·R) 的塊。M、K、N：8 的倍數。',
  ],
  "the first row and column of this workgroup's block of C": ['本工作群組的 C 塊的第一列和第一行'],
  "this invocation's block of C (starts at zero)": ['本叫用的 C 塊（初值為零）'],
  'TODO: load row ty * R + i of the A tile and column tx * R + i of the B tile': ['TODO：載入 A 塊的第 ty * R + i 列和 B 塊的第 tx * R + i 行'],
  'TODO: add As[ty * R + i][k] · Bs[k][tx * R + j] to acc[i][j] for every i, j < R': ['TODO：對每個 i, j < R，把 As[ty * R + i][k] · Bs[k][tx * R + j] 加到 acc[i][j]'],
  // wide
  'C = A · B with wide loads: each invocation computes a strip of 4 elements of one row of C, as a vec4. Each element of A it reads serves 4 elements of C. N is a multiple of 4.': [
    'C = A · B，使用寬載入：每個叫用計算 C 某一列上連續 4 個元素組成的條帶（一個 vec4）。',
    '它讀取的每個 A 元素服務 C 的 4 個元素。N 是 4 的倍數。',
  ],
  "the first of this invocation's 4 columns": ['本叫用的 4 行中的第一行'],
  'TODO: one read of A and a vec4 of four reads of B, four multiply-adds': ['TODO：讀一次 A，讀四次 B 組成一個 vec4，做四次乘加'],
  // padded
  "C = Aᵀ through a 32×32 tile, as NVIDIA's transposeCoalesced: a workgroup of 32×8, each invocation moves 4 elements. Reading a column of the tile, the 32 lanes hit one bank if its rows are 32 words apart. Pad each row so that they are not. M and K: multiples of 32.": [
    'C = Aᵀ，經由一個 32×32 的塊，與 NVIDIA 的 transposeCoalesced 相同：工作群組為 32×8，每個',
    '叫用搬運 4 個元素。讀取塊的一行時，如果各列相隔 32 個字，32 個通道都落在同一個記憶庫上。',
    '給每一列加上填充，讓它們不再相隔 32 個字。M 和 K：32 的倍數。',
  ],
  // double
  'C = A · B, tiled, double-buffered: two tiles of A and B. While the workgroup multiplies one, it loads the next phase into the other, so one barrier per phase is enough.': [
    'C = A · B，分塊版，雙緩衝：A 和 B 各有兩個塊。工作群組在用一個塊相乘的同時，',
    '把下一階段載入到另一個塊中，所以每個階段一個屏障就夠了。',
  ],
  'The other buffer was last read before the previous barrier: free to overwrite.': ['另一個緩衝區最後一次被讀取是在上一個屏障之前：可以覆寫。'],
  'the next tile is loaded, and this one is read, before anyone goes on': ['下一個塊已載入、這一個塊已讀完，之後才有叫用繼續'],
};
