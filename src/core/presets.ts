import type { TileWidth } from './shape';

export interface Preset {
  readonly id: string;
  /** Its words in the 'common' catalogue: preset.<key>.label (the button) and .source (where it comes from). */
  readonly key: PresetKey;
  readonly m: number;
  readonly k: number;
  readonly n: number;
  readonly tile: TileWidth;
}

export type PresetKey = 'cudaSamples' | 'pmpp' | 'numba' | 'nonMultiple' | 'square4096';

/** A preset; its words are said from its key (i18n/words.ts presetLabel, presetSource). */
function preset(id: string, key: PresetKey, m: number, k: number, n: number, tile: TileWidth): Preset {
  return { id, key, m, k, n, tile };
}

/** Configurations taken from the source material (cuda-samples matrixMul, PMPP chapter 4, the CUDA tutorial). */
export const kPresets: readonly Preset[] = [
  preset('cuda-samples', 'cudaSamples', 48, 32, 48, 16),
  preset('pmpp', 'pmpp', 3, 3, 3, 2),
  preset('numba', 'numba', 4, 4, 4, 2),
  preset('non-multiple', 'nonMultiple', 1000, 1000, 1000, 16),
  preset('square-4096', 'square4096', 4096, 4096, 4096, 16),
];
