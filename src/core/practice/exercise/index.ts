/**
 * The practice climb, as data: one file per exercise, in the order of the climb (a map to the
 * ladder's rungs). Each has a skeleton (the bindings are the app's: `dims`, `loadA`, `loadB`,
 * `storeC`, `TILE`, `WG`; see ../wgsl.ts), a solution, the shapes it is checked on and the structure
 * its trace must show (../judge.ts). Its words are in the 'practice' catalogues, keyed by the id.
 *
 * Adding an exercise: a file here, its line below, and its words in src/i18n/locales/<lang>/practice.ts.
 */
import type { Exercise } from './types';
import { map } from './map';
import { guard } from './guard';
import { naive } from './naive';
import { tile } from './tile';
import { tiled } from './tiled';
import { bounds } from './bounds';
import { dot } from './dot';
import { numba } from './numba';
import { regtile } from './regtile';
import { wide } from './wide';
import { padded } from './padded';
import { double } from './double';

export const kExercises = [map, guard, naive, tile, tiled, bounds, dot, numba, regtile, wide, padded, double] as const satisfies readonly Exercise[];
export type { Exercise, ExerciseKind } from './types';
