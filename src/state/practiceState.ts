/** Types and initial values of the practice slice (no imports from the store: no cycles). */
import { exercise, isExerciseId, kExerciseIds, kExercises, type ExerciseId } from '../core/practice/exercises';
import { readCodeFragment } from '../core/practice/link';
import type { PracticeOutcome } from '../gpu/practice';
import type { Said } from '../i18n';

export interface PracticeState {
  readonly practiceEx: ExerciseId;
  /** The editor's text per exercise (saved in this browser once it is the learner's: typed, or restored). */
  readonly practiceCode: Readonly<Record<ExerciseId, string>>;
  /**
   * The learner's own code set aside when a link, the solution or Reset replaced it, newest last
   * (kept in this browser): one click brings the newest back (`exercise-restore`).
   */
  readonly practiceBackups: Readonly<Partial<Record<ExerciseId, readonly string[]>>>;
  /** Hints shown per exercise. */
  readonly practiceHints: Readonly<Partial<Record<ExerciseId, number>>>;
  /** The exercise whose code came from a link and has not been edited or run since. */
  readonly practiceLinked?: ExerciseId;
  /** Why a link's code was not loaded: damaged, too long, or for an exercise that does not exist. */
  readonly practiceBadLink?: { readonly why: 'damaged' | 'too-long' | 'unknown-exercise'; readonly ex?: string };
  readonly practiceStatus: 'idle' | 'running' | 'done';
  /** The last run's outcome, for the exercise it ran. */
  readonly practiceResult?: { readonly ex: ExerciseId; readonly outcome: PracticeOutcome; readonly seq: number };
  /** Why the last run did not start, said when shown ('' when none). */
  readonly practiceError: Said | '';
}

/** Where the editor's text is kept, per exercise. */
export const practiceStorageKey = (id: ExerciseId): string => `tiles.practice.code.${id}`;
/** Where the learner's set-aside code is kept, per exercise (a JSON array of strings). */
export const practiceBackupKey = (id: ExerciseId): string => `tiles.practice.backup.${id}`;
/** Backups kept per exercise (the oldest goes first). */
export const kMaxBackups = 5;

function stored(key: string): string | undefined {
  try {
    return globalThis.localStorage?.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The backups stored for an exercise (anything but an array of strings reads as none). */
export function storedBackups(id: ExerciseId): string[] {
  const raw = stored(practiceBackupKey(id));
  if (raw === undefined) return [];
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(-kMaxBackups) : [];
  } catch {
    return [];
  }
}

export function storeBackups(id: ExerciseId, list: readonly string[]): void {
  try {
    if (list.length === 0) globalThis.localStorage?.removeItem(practiceBackupKey(id));
    else globalThis.localStorage?.setItem(practiceBackupKey(id), JSON.stringify(list.slice(-kMaxBackups)));
  } catch {
    // Storage full or blocked: the backup stays in this tab.
  }
}

/** Whether `code` is the learner's own (not the exercise's skeleton or solution as given). */
export function isOwnCode(id: ExerciseId, code: string | undefined): code is string {
  if (code === undefined || code.trim() === '') return false;
  const ex = exercise(id);
  return code !== ex.skeleton && code !== ex.solution;
}

/** `list` with `code` added last (once; the oldest dropped past kMaxBackups). */
export function pushBackup(list: readonly string[], code: string): string[] {
  return [...list.filter((x) => x !== code), code].slice(-kMaxBackups);
}

/**
 * The initial slice: the exercise a link names (`ex`; an unknown one is refused, and its code is
 * loaded nowhere), each exercise's saved text or skeleton, and a link's code (`#code=`), which is
 * shown without replacing what the learner saved: that goes to the backups, one click away.
 */
export function initialPractice(ex?: string, hash = '', practiceOpen = false): PracticeState {
  const known = ex === undefined || isExerciseId(ex);
  const practiceEx: ExerciseId = isExerciseId(ex) ? ex : kExerciseIds[0]!;
  const practiceCode = Object.fromEntries(kExercises.map((e) => [e.id, stored(practiceStorageKey(e.id)) ?? exercise(e.id).skeleton])) as Record<ExerciseId, string>;
  const practiceBackups: Partial<Record<ExerciseId, readonly string[]>> = {};
  for (const e of kExercises) {
    const b = storedBackups(e.id);
    if (b.length > 0) practiceBackups[e.id] = b;
  }
  const fragment = practiceOpen ? readCodeFragment(hash) : undefined;
  let practiceBadLink: PracticeState['practiceBadLink'];
  let linked = false;
  if (!known) {
    practiceBadLink = { why: 'unknown-exercise', ex: ex! };
  } else if (fragment?.ok === false) {
    practiceBadLink = { why: fragment.why };
  } else if (fragment?.ok) {
    const own = practiceCode[practiceEx];
    if (isOwnCode(practiceEx, own) && own !== fragment.code) {
      const list = pushBackup(practiceBackups[practiceEx] ?? [], own);
      practiceBackups[practiceEx] = list;
      storeBackups(practiceEx, list);
    }
    practiceCode[practiceEx] = fragment.code;
    linked = true;
  }
  return {
    practiceEx,
    practiceCode,
    practiceBackups,
    practiceHints: {},
    ...(linked ? { practiceLinked: practiceEx } : {}),
    ...(practiceBadLink ? { practiceBadLink } : {}),
    practiceStatus: 'idle',
    practiceError: '',
  };
}
