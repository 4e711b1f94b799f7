// port.cu — reg16x8v.wgsl written in CUDA C++, line for line in what it does, for one question: how
// far does the same algorithm get on this GPU when nvcc compiles it instead of a WebGPU engine?
// (A diagnostic for docs/benchmarks.md, run by scripts/native/native.py; the app never uses it.)
//
// A 128×128 C block per block of 128 threads (16×8); thread (tx, ty) keeps rows 4·ty + 32·i + e
// and columns 4·tx + 64·j … +3 of the block in 32 float4 accumulators; phases of BK, A staged
// transposed and B as is in shared memory, two copies (double buffering: the next phase's global
// loads are in flight during this phase's arithmetic, one barrier per phase); grouped launch order
// (GROUP block rows, column by column). K and N multiples of 4 (float4 loads and stores), any M;
// loads outside the matrices read 0, stores are tested — as in the WGSL.
// Variants (macros): BN=256 gives blk128x256's block (256 threads, 32×8); SCALAR=1 reads A and B as
// scalars (four per staged float4, tested per element only at the edges) and writes C per element,
// as reg16x8.wgsl and blk128x256.wgsl do (any K and N, no padding).
#ifndef BK
#define BK 8
#endif
#ifndef BN
#define BN 128
#endif
#ifndef SCALAR
#define SCALAR 0
#endif
#define BM 128
#define TXN (BN / 8)
#define TYN 8
#define T (TXN * TYN)
#define KQ (BK / 4)
#define NQ (BN / 4)
#define PA (BM * KQ / T)
#define PB (BK * NQ / T)

#if SCALAR
typedef float elem;
#else
typedef float4 elem;
#endif
extern "C" __global__ void __launch_bounds__(T) port(const elem* __restrict__ A, const elem* __restrict__ B,
                                                      elem* __restrict__ C, unsigned M, unsigned K, unsigned N,
                                                      unsigned GROUP) {
  __shared__ float4 As[BK][2][BM / 4];
  __shared__ float4 Bs[BK][2][BN / 4];
  const unsigned tx = threadIdx.x, ty = threadIdx.y, t = ty * TXN + tx;
  const unsigned nx = (N + BN - 1) / BN, ny = (M + BM - 1) / BM;
  const unsigned lin = blockIdx.y * nx + blockIdx.x;
  const unsigned firstRow = (lin / (GROUP * nx)) * GROUP;
  const unsigned rowsHere = min(ny - firstRow, GROUP);
  const unsigned inGroup = lin % (GROUP * nx);
  const unsigned row0 = (firstRow + inGroup % rowsHere) * BM;
  const unsigned col0 = (inGroup / rowsHere) * BN;

#if SCALAR
  auto a1 = [&](unsigned row, unsigned k) { return (row < M && k < K) ? A[row * K + k] : 0.f; };
  auto b1 = [&](unsigned k, unsigned col) { return (k < K && col < N) ? B[k * N + col] : 0.f; };
  auto loadA = [&](unsigned k0, unsigned idx) {
    const unsigned row = row0 + idx / KQ, k = k0 + (idx % KQ) * 4;
    if (row < M && k + 3 < K) { const unsigned i = row * K + k; return make_float4(A[i], A[i + 1], A[i + 2], A[i + 3]); }
    return make_float4(a1(row, k), a1(row, k + 1), a1(row, k + 2), a1(row, k + 3));
  };
  auto loadB = [&](unsigned k0, unsigned idx) {
    const unsigned k = k0 + idx / NQ, col = col0 + (idx % NQ) * 4;
    if (k < K && col + 3 < N) { const unsigned i = k * N + col; return make_float4(B[i], B[i + 1], B[i + 2], B[i + 3]); }
    return make_float4(b1(k, col), b1(k, col + 1), b1(k, col + 2), b1(k, col + 3));
  };
#else
  auto loadA = [&](unsigned k0, unsigned idx) {
    const unsigned row = row0 + idx / KQ, k = k0 + (idx % KQ) * 4;
    return (row < M && k < K) ? A[(row * K + k) / 4] : make_float4(0.f, 0.f, 0.f, 0.f);
  };
  auto loadB = [&](unsigned k0, unsigned idx) {
    const unsigned k = k0 + idx / NQ, col = col0 + (idx % NQ) * 4;
    return (k < K && col < N) ? B[(k * N + col) / 4] : make_float4(0.f, 0.f, 0.f, 0.f);
  };
#endif
  auto storeA = [&](unsigned s, unsigned idx, float4 v) {
    const unsigned m = idx / KQ, k = (idx % KQ) * 4;
    reinterpret_cast<float*>(&As[k + 0][s][m / 4])[m % 4] = v.x;
    reinterpret_cast<float*>(&As[k + 1][s][m / 4])[m % 4] = v.y;
    reinterpret_cast<float*>(&As[k + 2][s][m / 4])[m % 4] = v.z;
    reinterpret_cast<float*>(&As[k + 3][s][m / 4])[m % 4] = v.w;
  };
  auto storeB = [&](unsigned s, unsigned idx, float4 v) { Bs[idx / NQ][s][idx % NQ] = v; };

  float4 c[16][2];
#pragma unroll
  for (int r = 0; r < 16; r++) c[r][0] = c[r][1] = make_float4(0.f, 0.f, 0.f, 0.f);
  float4 pa[PA], pb[PB];
#pragma unroll
  for (int i = 0; i < PA; i++) pa[i] = loadA(0, t + i * T);
#pragma unroll
  for (int i = 0; i < PB; i++) pb[i] = loadB(0, t + i * T);
#pragma unroll
  for (int i = 0; i < PA; i++) storeA(0, t + i * T, pa[i]);
#pragma unroll
  for (int i = 0; i < PB; i++) storeB(0, t + i * T, pb[i]);
  __syncthreads();

  const unsigned phases = (K + BK - 1) / BK;
  for (unsigned ph = 0; ph < phases; ph++) {
    const unsigned cur = ph % 2;
    const bool more = ph + 1 < phases;
    if (more) {
      const unsigned k1 = (ph + 1) * BK;
#pragma unroll
      for (int i = 0; i < PA; i++) pa[i] = loadA(k1, t + i * T);
#pragma unroll
      for (int i = 0; i < PB; i++) pb[i] = loadB(k1, t + i * T);
    }
#pragma unroll
    for (int k = 0; k < BK; k++) {
      float4 a[4], b[2];
#pragma unroll
      for (int i = 0; i < 4; i++) a[i] = As[k][cur][ty + 8 * i];
#pragma unroll
      for (int j = 0; j < 2; j++) b[j] = Bs[k][cur][tx + TXN * j];
#pragma unroll
      for (int i = 0; i < 4; i++) {
        const float av[4] = {a[i].x, a[i].y, a[i].z, a[i].w};
#pragma unroll
        for (int e = 0; e < 4; e++)
#pragma unroll
          for (int j = 0; j < 2; j++) {
            float4& acc = c[4 * i + e][j];
            acc.x += av[e] * b[j].x; acc.y += av[e] * b[j].y; acc.z += av[e] * b[j].z; acc.w += av[e] * b[j].w;
          }
      }
    }
    if (more) {
#pragma unroll
      for (int i = 0; i < PA; i++) storeA(1 - cur, t + i * T, pa[i]);
#pragma unroll
      for (int i = 0; i < PB; i++) storeB(1 - cur, t + i * T, pb[i]);
    }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < 4; i++)
#pragma unroll
    for (int e = 0; e < 4; e++)
#pragma unroll
      for (int j = 0; j < 2; j++) {
        const unsigned row = row0 + ty * 4 + 32 * i + e, col = col0 + tx * 4 + 4 * TXN * j;
#if SCALAR
        const float4 v = c[4 * i + e][j];
        if (row < M) {
          if (col < N) C[row * N + col] = v.x;
          if (col + 1 < N) C[row * N + col + 1] = v.y;
          if (col + 2 < N) C[row * N + col + 2] = v.z;
          if (col + 3 < N) C[row * N + col + 3] = v.w;
        }
#else
        if (row < M && col < N) C[(row * N + col) / 4] = c[4 * i + e][j];
#endif
      }
}
