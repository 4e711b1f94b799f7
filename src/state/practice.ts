/**
 * Actions of the practice view: choose an exercise, edit (saved per exercise), hints, solution,
 * reset, restore, share, run. Nothing the learner wrote is lost: a link's code, the solution and
 * Reset each set the learner's own code aside first (practiceState.ts), one click from coming back.
 */
import { exercise, isExerciseId, kExerciseIds, overallStatus, type ExerciseId } from '../core/practice/exercises';
import { cleanName, codeFragment, readCodeFragment, shareable } from '../core/practice/link';
import { codeHash } from '../core/practice/timing';
import { decodeUrl } from '../core/url';
import { failureOf } from '../gpu/device';
import { said } from '../i18n';
import { withRun } from './runs';
import { useApp } from './store';
import { initialPractice, isOwnCode, kPracticeBestKey, kPracticePassedKey, mergeVersions, openLink, practiceBackupKey, practiceStorageKey, pushBackup, storeBackups, storeBest, storeCode, storedBackups, storedBest, storedPassed, storePassed, type PracticeState } from './practiceState';

/** The save failed (storage full or blocked) or came through: said on the page while it has failed (`practice-save-failed`). */
function saved(id: ExerciseId, ok: boolean): void {
  const now = useApp.getState().practiceSaveFailed;
  if (!ok && now !== id) useApp.setState({ practiceSaveFailed: id });
  else if (ok && now === id) useApp.setState({ practiceSaveFailed: undefined });
}

function save(id: ExerciseId, code: string): void {
  saved(id, storeCode(id, code));
}

/** Keep `code` among the exercise's versions (merged with what another tab stored meanwhile), stored. */
function keepVersion(id: ExerciseId, code: string): readonly string[] {
  const list = mergeVersions(storedBackups(id), pushBackup(useApp.getState().practiceBackups[id] ?? [], code));
  saved(id, storeBackups(id, list));
  useApp.setState((st) => ({ practiceBackups: { ...st.practiceBackups, [id]: list } }));
  return list;
}

/** Drop a link's `#code=` from the address: the page no longer shows the linked code. */
function dropCodeFragment(): void {
  if (typeof location === 'undefined' || typeof history === 'undefined') return;
  if (/^#?code=/.test(location.hash)) history.replaceState(history.state, '', `${location.pathname}${location.search}`);
}

export function selectExercise(id: ExerciseId): void {
  if (useApp.getState().practiceEx !== id) dropCodeFragment();
  useApp.setState((s) => ({ practiceEx: id, practiceError: '', practiceLinked: s.practiceLinked === id ? id : undefined }));
}

/**
 * Show `code` for an exercise (and, given, its new backups, kept in this browser): saved, the link's
 * fragment dropped (the page no longer shows the linked code), the "came from a link" note gone.
 */
function putCode(id: ExerciseId, code: string, backups?: readonly string[]): void {
  // Another tab's code, offered and not yet chosen, is kept before this tab's save replaces it in storage.
  const other = useApp.getState().practiceOtherTab;
  if (other && other.ex === id && other.code !== code && isOwnCode(id, other.code)) {
    backups = pushBackup(backups ?? useApp.getState().practiceBackups[id] ?? [], other.code);
  }
  if (backups) {
    backups = mergeVersions(storedBackups(id), backups);
    saved(id, storeBackups(id, backups));
  }
  dropCodeFragment();
  useApp.setState((st) => ({
    practiceCode: { ...st.practiceCode, [id]: code },
    ...(backups ? { practiceBackups: { ...st.practiceBackups, [id]: backups } } : {}),
    practiceLinked: st.practiceLinked === id ? undefined : st.practiceLinked,
  }));
  save(id, code);
}

/** The editor's text changed (typed or pasted): it is the learner's, kept and saved for this exercise. */
export function setPracticeCode(code: string, id: ExerciseId = useApp.getState().practiceEx): void {
  if (useApp.getState().practiceCode[id] === code) return;
  putCode(id, code);
}

/** Put the learner's current code aside (if it is theirs), then show `code`. */
function replaceCode(id: ExerciseId, code: string): void {
  const s = useApp.getState();
  const own = s.practiceCode[id];
  if (own === code) return;
  putCode(id, code, isOwnCode(id, own) ? pushBackup(s.practiceBackups[id] ?? [], own) : undefined);
}

export function showHint(): void {
  const s = useApp.getState();
  const id = s.practiceEx;
  const shown = s.practiceHints[id] ?? 0;
  if (shown >= exercise(id).hints) return;
  useApp.setState({ practiceHints: { ...s.practiceHints, [id]: shown + 1 } });
}

export function showSolution(): void {
  const id = useApp.getState().practiceEx;
  replaceCode(id, exercise(id).solution);
}

export function resetExercise(): void {
  const id = useApp.getState().practiceEx;
  replaceCode(id, exercise(id).skeleton);
}

/**
 * Bring back a kept version (the newest when `index` is not given); the code shown now is kept in
 * turn, if it is the learner's. Versions stay in the list: picking one loses none.
 */
export function restoreCode(index?: number): void {
  const s = useApp.getState();
  const id = s.practiceEx;
  const list = s.practiceBackups[id] ?? [];
  const back = list[index ?? list.length - 1];
  if (back === undefined) return;
  const now = s.practiceCode[id];
  if (now === back) return;
  putCode(id, back, isOwnCode(id, now) ? pushBackup(list, now) : [...list]);
}

/** Another tab's code (offered by `exercise-other-tab`) replaces this tab's, which is kept as a version. */
export function takeOtherTab(): void {
  const other = useApp.getState().practiceOtherTab;
  if (!other) return;
  const own = useApp.getState().practiceCode[other.ex];
  if (isOwnCode(other.ex, own) && own !== other.code) keepVersion(other.ex, own);
  useApp.setState({ practiceOtherTab: undefined });
  useApp.setState((st) => ({ practiceCode: { ...st.practiceCode, [other.ex]: other.code } }));
}

/** This tab's code stays (saved again, as the newest); the other tab's is kept as a version. */
export function keepThisTab(): void {
  const other = useApp.getState().practiceOtherTab;
  if (!other) return;
  if (isOwnCode(other.ex, other.code)) keepVersion(other.ex, other.code);
  useApp.setState({ practiceOtherTab: undefined });
  save(other.ex, useApp.getState().practiceCode[other.ex]);
}

/**
 * Another tab of this browser wrote the practice keys (a `storage` event): its saved code, when it
 * differs from this tab's, is offered beside it; versions it kept are merged into this tab's; its
 * progress and best times are read again.
 */
export function onStorage(e: Pick<StorageEvent, 'key' | 'newValue'>): void {
  if (e.key === null) return;
  const s = useApp.getState();
  for (const id of kExerciseIds) {
    if (e.key === practiceStorageKey(id)) {
      if (e.newValue === null || e.newValue === s.practiceCode[id]) {
        if (s.practiceOtherTab?.ex === id) useApp.setState({ practiceOtherTab: undefined });
      } else useApp.setState({ practiceOtherTab: { ex: id, code: e.newValue } });
      return;
    }
    if (e.key === practiceBackupKey(id)) {
      const list = mergeVersions(s.practiceBackups[id] ?? [], storedBackups(id));
      useApp.setState((st) => ({ practiceBackups: { ...st.practiceBackups, [id]: list } }));
      return;
    }
  }
  if (e.key === kPracticePassedKey) useApp.setState({ practicePassed: storedPassed() });
  if (e.key === kPracticeBestKey) useApp.setState({ practiceBest: storedBest() });
}

/** The hash of the link's code, for judging its timed figure (computed once per link: SHA-256 is asynchronous). */
function hashSharedCode(): void {
  const code = useApp.getState().practiceSharedCode;
  if (code === undefined) return;
  void codeHash(code).then((h) => {
    if (useApp.getState().practiceSharedCode === code) useApp.setState({ practiceSharedHash: h });
  });
}

/**
 * A `#code=` link opened in this tab while only the fragment changed (the page does not reload):
 * loaded as a fresh load does — the exercise it names, its code (the learner's own kept as a
 * version), its timed figure — or refused with its reason.
 */
export function openCodeLink(search: string, hash: string): void {
  if (readCodeFragment(hash) === undefined) return;
  const s = useApp.getState();
  const url = decodeUrl(search);
  const link = openLink(url.ex, hash, s.practiceCode, s.practiceBackups);
  if (!link) return;
  const id = link.practiceEx;
  const patch: Partial<PracticeState> = link.badLink
    ? { practiceBadLink: link.badLink }
    : {
        practiceEx: id,
        practiceCode: { ...s.practiceCode, [id]: link.code! },
        ...(link.backups ? { practiceBackups: { ...s.practiceBackups, [id]: link.backups } } : {}),
        practiceLinked: id,
        practiceBadLink: undefined,
        practiceSharedTimed: link.sharedTimed,
        practiceSharedCode: link.sharedTimed ? link.code : undefined,
        practiceSharedHash: undefined,
        practiceOtherTab: undefined,
      };
  useApp.setState(patch as PracticeState);
  if (!link.badLink && isExerciseId(id)) save(id, link.code!);
  hashSharedCode();
}

let practiceStarted = false;
/**
 * Fill the store's practice slice (once, when this module has loaded: state/practiceLoad.ts) —
 * each exercise's saved code or skeleton, the versions, progress and best times kept in this
 * browser — and follow other tabs and links. A `#code=` link is opened when the page is on the
 * practice view, as a first load on it opens the link; the exercise is the link's `ex=`.
 */
export function startPractice(): void {
  if (!practiceStarted) {
    practiceStarted = true;
    const s = useApp.getState();
    const open = s.view === 'practice' && typeof location !== 'undefined';
    useApp.setState(open ? initialPractice(decodeUrl(location.search).ex, location.hash, true) : initialPractice(s.practiceEx));
  }
  startPracticeSync();
}

let syncStarted = false;
/** Start following other tabs' saves and fragment-only links (once); hash the link the page opened with. */
export function startPracticeSync(): void {
  hashSharedCode();
  if (syncStarted || typeof window === 'undefined') return;
  syncStarted = true;
  window.addEventListener('storage', onStorage);
  window.addEventListener('hashchange', () => {
    if (useApp.getState().view === 'practice') openCodeLink(location.search, location.hash);
  });
}

/** A link to the current exercise with the editor's code in the fragment (never run on opening), or undefined when the code is too long to travel; `name`, given, travels as `name=` (the class board shows it). */
export function practiceLink(id: ExerciseId, code: string, timed?: string, name?: string): string | undefined {
  if (!shareable(code)) return undefined;
  const origin = typeof location !== 'undefined' ? `${location.origin}${location.pathname}` : '';
  const q = new URLSearchParams({ view: 'practice', ex: id });
  return `${origin}?${q.toString()}${codeFragment(code, timed, name)}`;
}

/** Where the name "Link to this code" puts in its links is kept (this browser only). */
export const kShareNameKey = 'tiles.practice.name';

/** The name kept for links ('' when none, or when storage is blocked). */
export function storedShareName(): string {
  try {
    return cleanName(localStorage.getItem(kShareNameKey) ?? '');
  } catch {
    return '';
  }
}

/** Keep the name for links in this browser (as typed: it is cleaned when a link is made); '' forgets it. */
export function storeShareName(name: string): void {
  try {
    if (name.trim() === '') localStorage.removeItem(kShareNameKey);
    else localStorage.setItem(kShareNameKey, name);
  } catch {
    // Storage blocked: the name still goes into this page's links.
  }
}

/** A seed for a run's random shapes: new each run, shown with the verdict. */
function newSeed(): number {
  const a = new Uint32Array(1);
  globalThis.crypto.getRandomValues(a);
  return a[0]! % 1_000_000;
}

let seq = 0;

export async function runPracticeView(): Promise<void> {
  const id = useApp.getState().practiceEx;
  await withRun(
    {
      refuse: (r) => {
        if (r.why === 'no-gpu') useApp.setState({ practiceError: said('practice:noGpu') });
        else if (r.why === 'busy') useApp.setState({ practiceError: said('run:runs.busy') });
      },
    },
    async ({ ctx }) => {
      const code = useApp.getState().practiceCode[id];
      const seed = newSeed();
      // The linked code has run now: the note saying it has not goes (the address keeps the code it shows).
      useApp.setState((s) => ({ practiceStatus: 'running', practiceError: '', practiceResult: undefined, practiceLinked: s.practiceLinked === id ? undefined : s.practiceLinked }));
      try {
        // The checked run and its WGSL parser (wgsl_reflect) load on the first Run, not with the view (issue #47).
        const { runPractice } = await import('../gpu/practice');
        const outcome = await runPractice(ctx, id, code, seed);
        useApp.setState({ practiceStatus: 'done', practiceResult: { ex: id, outcome, seq: ++seq, code } });
        if (outcome.kind === 'ran' && overallStatus(outcome.shapes) === 'pass') markPassed(id);
      } catch (e) {
        useApp.setState({ practiceStatus: 'done', practiceResult: { ex: id, outcome: { kind: 'failed', why: failureOf(e), seed, shapes: [] }, seq: ++seq, code } });
      }
    },
  );
}

/** Record that this browser passed `id` (kept until cleared). */
function markPassed(id: ExerciseId): void {
  const now = useApp.getState().practicePassed;
  if (now.includes(id)) return;
  const next = kExerciseIds.filter((x) => x === id || now.includes(x));
  storePassed(next);
  useApp.setState({ practicePassed: next });
}

/** How long "Clear progress" can be undone (ms). */
export const kUndoClearMs = 15_000;
let undoTimer: ReturnType<typeof setTimeout> | undefined;

/** Forget which exercises this browser has passed and its best times; Undo brings them back for kUndoClearMs. */
export function clearProgress(): void {
  const s = useApp.getState();
  storePassed([]);
  storeBest({});
  useApp.setState({ practicePassed: [], practiceBest: {}, practiceCleared: { passed: s.practicePassed, best: s.practiceBest } });
  if (undoTimer !== undefined) clearTimeout(undoTimer);
  undoTimer = setTimeout(() => {
    undoTimer = undefined;
    useApp.setState({ practiceCleared: undefined });
  }, kUndoClearMs);
}

/** Bring back what "Clear progress" cleared (anything passed or timed since is kept too). */
export function undoClearProgress(): void {
  const c = useApp.getState().practiceCleared;
  if (!c) return;
  if (undoTimer !== undefined) clearTimeout(undoTimer);
  undoTimer = undefined;
  const s = useApp.getState();
  const passed = kExerciseIds.filter((x) => c.passed.includes(x) || s.practicePassed.includes(x));
  const best = { ...c.best };
  for (const id of kExerciseIds) {
    const b = s.practiceBest[id];
    if (b && !(best[id] && best[id].gflops >= b.gflops)) best[id] = b;
  }
  storePassed(passed);
  storeBest(best);
  useApp.setState({ practicePassed: passed, practiceBest: best, practiceCleared: undefined });
}
