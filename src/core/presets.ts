// i18n-pending: this file's words are not in the catalogues yet
import type { TileWidth } from './shape';

export interface Preset {
  readonly id: string;
  readonly label: string;
  readonly source: string;
  readonly m: number;
  readonly k: number;
  readonly n: number;
  readonly tile: TileWidth;
}

/** Configurations taken from the source material (cuda-samples matrixMul, PMPP chapter 4, the CUDA tutorial). */
export const kPresets: readonly Preset[] = [
  { id: 'cuda-samples', label: 'cuda-samples matrixMul: A 3×2 · B 2×3 blocks of 16', source: 'MatrixMulCUDA, BLOCK_SIZE 16: C is 3×3 blocks; Bk33 computes C33 = A31·B13 + A32·B23', m: 48, k: 32, n: 48, tile: 16 },
  { id: 'pmpp', label: 'PMPP chapter 4: 3×3, tile 2', source: 'PMPP §4 Fig. 4.18–4.20: width 3 is not a multiple of TILE_WIDTH 2', m: 3, k: 3, n: 3, tile: 2 },
  { id: 'numba', label: 'CUDA tutorial: 4×4, tile 2', source: 'The CUDA tutorial’s 4×4 example with TILE_SIZE 2', m: 4, k: 4, n: 4, tile: 2 },
  { id: 'non-multiple', label: '1000² (not a multiple of 16)', source: '1000 is not a multiple of 16: edge tiles are partial', m: 1000, k: 1000, n: 1000, tile: 16 },
  { id: 'square-4096', label: '4096² (benchmark size)', source: 'The benchmark size: 137 GFLOP per run', m: 4096, k: 4096, n: 4096, tile: 16 },
];
