import { t } from '../i18n';
import type { TileWidth } from './shape';

export interface Preset {
  readonly id: string;
  /** The button's words, in the language in use when read. */
  readonly label: string;
  /** Where it comes from (the button's title), in the language in use when read. */
  readonly source: string;
  readonly m: number;
  readonly k: number;
  readonly n: number;
  readonly tile: TileWidth;
}

type PresetKey = 'cudaSamples' | 'pmpp' | 'numba' | 'nonMultiple' | 'square4096';

/** A preset whose label and source are read from the catalogue each time (so a language switch shows). */
function preset(id: string, key: PresetKey, m: number, k: number, n: number, tile: TileWidth): Preset {
  return {
    id,
    get label() {
      return t(`common:preset.${key}.label`);
    },
    get source() {
      return t(`common:preset.${key}.source`);
    },
    m,
    k,
    n,
    tile,
  };
}

/** Configurations taken from the source material (cuda-samples matrixMul, PMPP chapter 4, the CUDA tutorial). */
export const kPresets: readonly Preset[] = [
  preset('cuda-samples', 'cudaSamples', 48, 32, 48, 16),
  preset('pmpp', 'pmpp', 3, 3, 3, 2),
  preset('numba', 'numba', 4, 4, 4, 2),
  preset('non-multiple', 'nonMultiple', 1000, 1000, 1000, 16),
  preset('square-4096', 'square4096', 4096, 4096, 4096, 16),
];
