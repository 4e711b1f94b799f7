/** Types and initial values of the practice slice (no imports from the store: no cycles). */
import { exercise, isExerciseId, kExerciseIds, kExercises, type ExerciseId } from '../core/practice/exercises';
import { readCodeFragment, timedOfFragment } from '../core/practice/link';
import { readTimed, type Place, type ReadTimed } from '../core/practice/timing';
import type { Trust } from '../core/trust';
import { z } from '../core/zod';
import type { PracticeOutcome } from '../gpu/practice';
import type { LearnerTimeOutcome } from '../gpu/practiceTime';
import type { KernelId } from '../core/kernels';
import type { Said } from '../i18n';

/** One rung timed beside the learner's kernel: its rate, verdicts, median; or why it did not run. */
export type PracticeRung =
  | { readonly id: KernelId; readonly gflops: number; readonly medianMs: number; readonly verified: boolean; readonly trust: Trust }
  | { readonly id: KernelId; readonly error: Said | string };

/** "Time it": the learner's kernel timed on this GPU, and the rungs timed beside it. */
export interface PracticeTimed {
  readonly ex: ExerciseId;
  /** The code timed (a figure belongs to this text only). */
  readonly code: string;
  readonly seq: number;
  readonly status: 'running' | 'done';
  /** What runs now: the bounded runs, the timed run, or rung `rung` of `rungs`. */
  readonly stage?: { readonly kind: 'probe' | 'bounded' | 'timing' | 'verify' | 'rungs'; readonly rung?: number; readonly rungs?: number };
  /** The size being run (M = K = N): the probe's, then the timed size once chosen. */
  readonly size?: number;
  /** Timed on a software adapter: a correctness check, not a speed (said before it starts). */
  readonly software?: boolean;
  /** The hash of the code timed (core/practice/timing codeHash), which the link's figure carries. */
  readonly codeHash?: string;
  /** The estimate of the rest of the run once the size is chosen (ms). */
  readonly estimateMs?: number;
  /** How long the whole Time it took, from its start to its verdict and rungs (ms), once done (issue #46: the estimate against what happened). */
  readonly tookMs?: number;
  readonly outcome?: LearnerTimeOutcome;
  /** The trust rule over the learner's figure (with `software` when the adapter is one). */
  readonly trust?: Trust;
  readonly rungs?: readonly PracticeRung[];
  /** Why no rung was timed beside it: a software adapter (no speed to place). */
  readonly rungsSkipped?: 'software';
  /** Where it stands (absent when untrusted or unverified). */
  readonly place?: Place;
  /** Its share of this GPU's measured FMA roof (the roofline section), when measured. */
  readonly ofRoof?: number;
  readonly error?: Said | string;
  /** The adapter and browser that measured it (for the link). */
  readonly adapter: { readonly vendor: string; readonly architecture: string; readonly description: string; readonly isFallbackAdapter: boolean };
}

/** The learner's best trusted, verified time per exercise on some GPU of this browser. */
export const BestTimeSchema = z.strictObject({
  gflops: z.number().check(z.gt(0), z.lte(1e6)),
  size: z.int().check(z.gte(1), z.lte(65536)),
  medianMs: z.number().check(z.gt(0)),
  adapter: z.string().check(z.maxLength(300)),
  date: z.string().check(z.maxLength(40)),
});
export type BestTime = z.infer<typeof BestTimeSchema>;

export interface PracticeState {
  readonly practiceEx: ExerciseId;
  /** The editor's text per exercise (saved in this browser once it is the learner's: typed, or restored). */
  readonly practiceCode: Readonly<Record<ExerciseId, string>>;
  /**
   * The learner's own versions, each distinct one kept, oldest first (kept in this browser): what a
   * link, the solution, Reset, another tab or a restore replaced. One click brings the newest back
   * (`exercise-restore`); any of them can be picked from the list (`exercise-versions`). At most
   * kMaxBackups per exercise, and the first is never dropped.
   */
  readonly practiceBackups: Readonly<Partial<Record<ExerciseId, readonly string[]>>>;
  /** Another tab saved other code for this exercise (a `storage` event): both are offered. */
  readonly practiceOtherTab?: { readonly ex: ExerciseId; readonly code: string };
  /** The exercise whose code could not be saved in this browser (storage full or blocked), while it is so. */
  readonly practiceSaveFailed?: ExerciseId;
  /** What "Clear progress" cleared, while it can be undone (`practice-progress-undo`). */
  readonly practiceCleared?: { readonly passed: readonly ExerciseId[]; readonly best: Readonly<Partial<Record<ExerciseId, BestTime>>> };
  /** The hash of the link's code (core/practice/timing codeHash), once computed: its timed figure is judged against it. */
  readonly practiceSharedHash?: string;
  /** Hints shown per exercise. */
  readonly practiceHints: Readonly<Partial<Record<ExerciseId, number>>>;
  /** The exercise whose code came from a link and has not been edited or run since. */
  readonly practiceLinked?: ExerciseId;
  /** Why a link's code was not loaded: damaged, too long, or for an exercise that does not exist. */
  readonly practiceBadLink?: { readonly why: 'damaged' | 'too-long' | 'unknown-exercise'; readonly ex?: string };
  readonly practiceStatus: 'idle' | 'running' | 'done';
  /** The last run's outcome, for the exercise it ran. */
  readonly practiceResult?: { readonly ex: ExerciseId; readonly outcome: PracticeOutcome; readonly seq: number; /** The code that ran. */ readonly code: string };
  /** Why the last run did not start, said when shown ('' when none). */
  readonly practiceError: Said | '';
  /** The exercises this browser has passed (kept in localStorage until cleared). */
  readonly practicePassed: readonly ExerciseId[];
  /** The last "Time it" (for the exercise it timed). */
  readonly practiceTimed?: PracticeTimed;
  /** The best trusted time per exercise (kept in localStorage until cleared with the progress). */
  readonly practiceBest: Readonly<Partial<Record<ExerciseId, BestTime>>>;
  /** A link's timed figure (the sender's, not re-measured), for the exercise the link opened, or why it was refused. */
  readonly practiceSharedTimed?: ReadTimed;
  /** The code that link carried: the sender's figure is shown beside it while the editor holds that code. */
  readonly practiceSharedCode?: string;
}

/** Where the best times are kept (a JSON object: exercise id → BestTime). */
export const kPracticeBestKey = 'tiles.practice.best';

/** The best times stored (anything unreadable is dropped, entry by entry). */
export function storedBest(): Partial<Record<ExerciseId, BestTime>> {
  const raw = stored(kPracticeBestKey);
  if (raw === undefined) return {};
  try {
    const v: unknown = JSON.parse(raw);
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return {};
    const out: Partial<Record<ExerciseId, BestTime>> = {};
    for (const id of kExerciseIds) {
      const r = BestTimeSchema.safeParse((v as Record<string, unknown>)[id]);
      if (Object.hasOwn(v, id) && r.success) out[id] = r.data;
    }
    return out;
  } catch {
    return {};
  }
}

export function storeBest(best: Partial<Record<ExerciseId, BestTime>>): void {
  try {
    if (Object.keys(best).length === 0) globalThis.localStorage?.removeItem(kPracticeBestKey);
    else globalThis.localStorage?.setItem(kPracticeBestKey, JSON.stringify(best));
  } catch {
    // Storage full or blocked: the best times stay in this tab.
  }
}

/** Where the exercises passed in this browser are kept (a JSON array of exercise ids). */
export const kPracticePassedKey = 'tiles.practice.passed';

/** The exercises stored as passed (anything but known ids reads as none), in the list's order. */
export function storedPassed(): ExerciseId[] {
  const raw = stored(kPracticePassedKey);
  if (raw === undefined) return [];
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? kExerciseIds.filter((id) => v.includes(id)) : [];
  } catch {
    return [];
  }
}

export function storePassed(list: readonly ExerciseId[]): void {
  try {
    if (list.length === 0) globalThis.localStorage?.removeItem(kPracticePassedKey);
    else globalThis.localStorage?.setItem(kPracticePassedKey, JSON.stringify(list));
  } catch {
    // Storage full or blocked: the progress stays in this tab.
  }
}

/** Where the editor's text is kept, per exercise. */
export const practiceStorageKey = (id: ExerciseId): string => `tiles.practice.code.${id}`;
/** Where the learner's set-aside code is kept, per exercise (a JSON array of strings). */
export const practiceBackupKey = (id: ExerciseId): string => `tiles.practice.backup.${id}`;
/**
 * Versions kept per exercise. Past it, the oldest but the first goes: the first own version is never
 * dropped. 50 versions of the longest code a link carries (16 Ki characters) stay under a megabyte
 * of the 5 MB a browser gives an origin; a save past the quota is said on the page (`practice-save-failed`).
 */
export const kMaxBackups = 50;

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
    return Array.isArray(v) ? capVersions(v.filter((x): x is string => typeof x === 'string')) : [];
  } catch {
    return [];
  }
}

/** Store an exercise's versions: false when the browser refused (storage full or blocked; they stay in this tab). */
export function storeBackups(id: ExerciseId, list: readonly string[]): boolean {
  try {
    if (list.length === 0) globalThis.localStorage?.removeItem(practiceBackupKey(id));
    else globalThis.localStorage?.setItem(practiceBackupKey(id), JSON.stringify(capVersions(list)));
    return true;
  } catch {
    return false;
  }
}

/** Save the editor's text of an exercise: false when the browser refused (storage full or blocked). */
export function storeCode(id: ExerciseId, code: string): boolean {
  try {
    globalThis.localStorage?.setItem(practiceStorageKey(id), code);
    return true;
  } catch {
    return false;
  }
}

/** Whether `code` is the learner's own (not the exercise's skeleton or solution as given). */
export function isOwnCode(id: ExerciseId, code: string | undefined): code is string {
  if (code === undefined || code.trim() === '') return false;
  const ex = exercise(id);
  return code !== ex.skeleton && code !== ex.solution;
}

/**
 * At most kMaxBackups versions: the first (the learner's first own version, never dropped) and after
 * it the newest distinct ones, each once, in the order last kept (past the cap, the oldest after the first go).
 */
export function capVersions(list: readonly string[]): string[] {
  if (list.length === 0) return [];
  const [first, ...rest] = list;
  const distinct = rest.filter((x, i) => rest.lastIndexOf(x) === i);
  return [first!, ...distinct.slice(Math.max(0, distinct.length - (kMaxBackups - 1)))];
}

/** `list` with `code` kept as its newest version (a version already kept moves to the end; the first stays first), capped. */
export function pushBackup(list: readonly string[], code: string): string[] {
  if (list.length === 0) return [code];
  if (list.at(-1) === code) return [...list];
  return capVersions([...list, code]);
}

/**
 * The versions stored (`stored`: another tab may have kept some this one has not seen) and this
 * tab's (`ours`, in the order it just kept them: its newest last): the stored first stays first, the
 * stored ones this tab lacks come next, then this tab's in its order.
 */
export function mergeVersions(stored: readonly string[], ours: readonly string[]): string[] {
  if (stored.length === 0) return capVersions(ours);
  const first = stored[0]!;
  return capVersions([first, ...stored.slice(1).filter((x) => !ours.includes(x)), ...(ours[0] === first ? ours.slice(1) : ours)]);
}

/** What a `#code=` link does to the practice slice (at load, or when only the fragment changes). */
export interface LinkOpened {
  readonly practiceEx: ExerciseId;
  readonly code?: string;
  readonly backups?: readonly string[];
  readonly badLink?: PracticeState['practiceBadLink'];
  readonly sharedTimed?: ReadTimed;
}

/**
 * Read a link (`ex`, the fragment) against the code shown now: the exercise it names (an unknown one
 * is refused, and its code loaded nowhere), its code, the learner's own code set aside (stored), and
 * its timed figure. Undefined when the fragment carries no code.
 */
export function openLink(ex: string | undefined, hash: string, practiceCode: Readonly<Record<ExerciseId, string>>, backups: Readonly<Partial<Record<ExerciseId, readonly string[]>>>): LinkOpened | undefined {
  const fragment = readCodeFragment(hash);
  const known = ex === undefined || isExerciseId(ex);
  const practiceEx: ExerciseId = isExerciseId(ex) ? ex : kExerciseIds[0]!;
  if (!known) return { practiceEx, badLink: { why: 'unknown-exercise', ex: ex! } };
  if (fragment === undefined) return undefined;
  if (!fragment.ok) return { practiceEx, badLink: { why: fragment.why } };
  const own = practiceCode[practiceEx];
  let list: readonly string[] | undefined;
  if (isOwnCode(practiceEx, own) && own !== fragment.code) {
    list = mergeVersions(storedBackups(practiceEx), pushBackup(backups[practiceEx] ?? [], own));
    storeBackups(practiceEx, list);
  }
  const timedValue = timedOfFragment(hash);
  return { practiceEx, code: fragment.code, ...(list ? { backups: list } : {}), ...(timedValue !== undefined ? { sharedTimed: readTimed(timedValue, practiceEx) } : {}) };
}

/**
 * The initial slice: the exercise a link names (`ex`; an unknown one is refused, and its code is
 * loaded nowhere), each exercise's saved text or skeleton, and a link's code (`#code=`), which is
 * shown without replacing what the learner saved: that goes to the versions, one click away.
 */
export function initialPractice(ex?: string, hash = '', practiceOpen = false): PracticeState {
  const practiceEx: ExerciseId = isExerciseId(ex) ? ex : kExerciseIds[0]!;
  const practiceCode = Object.fromEntries(kExercises.map((e) => [e.id, stored(practiceStorageKey(e.id)) ?? exercise(e.id).skeleton])) as Record<ExerciseId, string>;
  const practiceBackups: Partial<Record<ExerciseId, readonly string[]>> = {};
  for (const e of kExercises) {
    const b = storedBackups(e.id);
    if (b.length > 0) practiceBackups[e.id] = b;
  }
  const link = openLink(ex, practiceOpen ? hash : '', practiceCode, practiceBackups);
  if (link?.backups) practiceBackups[practiceEx] = link.backups;
  if (link?.code !== undefined) practiceCode[practiceEx] = link.code;
  const linked = link?.code !== undefined;
  return {
    practiceEx,
    practiceCode,
    practiceBackups,
    practiceHints: {},
    ...(linked ? { practiceLinked: practiceEx } : {}),
    ...(link?.badLink ? { practiceBadLink: link.badLink } : {}),
    practiceStatus: 'idle',
    practiceError: '',
    practicePassed: storedPassed(),
    practiceBest: storedBest(),
    ...(link?.sharedTimed && linked ? { practiceSharedTimed: link.sharedTimed, practiceSharedCode: link.code } : {}),
  };
}
