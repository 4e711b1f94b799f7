/**
 * The exercises' ids, in the order of the climb, without the exercises themselves: what the store
 * and a link's `ex=` need at load (issue #47: the exercises, their checks and the judge load with
 * the practice view, state/practiceLoad.ts). exercises.ts checks that this list names exactly the
 * exercises of exercise/index.ts (a type error otherwise), and exercises.test.ts that it is in their order.
 */
export const kExerciseIdList = ['map', 'guard', 'naive', 'tile', 'tiled', 'bounds', 'dot', 'numba', 'regtile', 'wide', 'padded', 'double'] as const;

export type ListedExerciseId = (typeof kExerciseIdList)[number];

export function isListedExerciseId(x: unknown): x is ListedExerciseId {
  return typeof x === 'string' && (kExerciseIdList as readonly string[]).includes(x);
}
