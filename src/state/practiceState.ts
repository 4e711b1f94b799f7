/** Types and initial values of the practice slice (no imports from the store: no cycles). */
import { exercise, isExerciseId, kExerciseIds, kExercises, type ExerciseId } from '../core/practice/exercises';
import { codeOfFragment } from '../core/practice/link';
import type { PracticeOutcome } from '../gpu/practice';
import type { Said } from '../i18n';

export interface PracticeState {
  readonly practiceEx: ExerciseId;
  /** The editor's text per exercise (saved in this browser as it changes). */
  readonly practiceCode: Readonly<Record<ExerciseId, string>>;
  /** Hints shown per exercise. */
  readonly practiceHints: Readonly<Partial<Record<ExerciseId, number>>>;
  /** The exercise whose code came from a link and has not run since. */
  readonly practiceLinked?: ExerciseId;
  /** A link's code could not be read. */
  readonly practiceBadLink: boolean;
  readonly practiceStatus: 'idle' | 'running' | 'done';
  /** The last run's outcome, for the exercise it ran. */
  readonly practiceResult?: { readonly ex: ExerciseId; readonly outcome: PracticeOutcome; readonly seq: number };
  /** Why the last run did not start, said when shown ('' when none). */
  readonly practiceError: Said | '';
}

/** Where the editor's text is kept, per exercise. */
export const practiceStorageKey = (id: ExerciseId): string => `tiles.practice.code.${id}`;

function saved(id: ExerciseId): string | undefined {
  try {
    return globalThis.localStorage?.getItem(practiceStorageKey(id)) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The initial slice: the exercise a link names (`ex`), each exercise's saved text or skeleton, and a link's code (`#code=`). */
export function initialPractice(ex?: string, hash = '', practiceOpen = false): PracticeState {
  const practiceEx: ExerciseId = isExerciseId(ex) ? ex : kExerciseIds[0]!;
  const practiceCode = Object.fromEntries(kExercises.map((e) => [e.id, saved(e.id) ?? exercise(e.id).skeleton])) as Record<ExerciseId, string>;
  const hasCode = practiceOpen && /^#?code=/.test(hash);
  const linked = hasCode ? codeOfFragment(hash) : undefined;
  if (linked !== undefined) practiceCode[practiceEx] = linked;
  return {
    practiceEx,
    practiceCode,
    practiceHints: {},
    ...(linked !== undefined ? { practiceLinked: practiceEx } : {}),
    practiceBadLink: hasCode && linked === undefined,
    practiceStatus: 'idle',
    practiceError: '',
  };
}
