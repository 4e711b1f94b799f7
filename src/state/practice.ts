/**
 * Actions of the practice view: choose an exercise, edit (saved per exercise), hints, solution,
 * reset, restore, share, run. Nothing the learner wrote is lost: a link's code, the solution and
 * Reset each set the learner's own code aside first (practiceState.ts), one click from coming back.
 */
import { exercise, kExerciseIds, overallStatus, type ExerciseId } from '../core/practice/exercises';
import { codeFragment, shareable } from '../core/practice/link';
import { failureOf } from '../gpu/device';
import { said } from '../i18n';
import { withRun } from './runs';
import { useApp } from './store';
import { isOwnCode, practiceStorageKey, pushBackup, storeBackups, storeBest, storePassed } from './practiceState';

function save(id: ExerciseId, code: string): void {
  try {
    globalThis.localStorage?.setItem(practiceStorageKey(id), code);
  } catch {
    // Storage full or blocked: the text stays in this tab.
  }
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
  if (backups) storeBackups(id, backups);
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

/** Bring back the newest code set aside (the code shown now is set aside in turn, if it is the learner's). */
export function restoreCode(): void {
  const s = useApp.getState();
  const id = s.practiceEx;
  const list = [...(s.practiceBackups[id] ?? [])];
  const back = list.pop();
  if (back === undefined) return;
  const now = s.practiceCode[id];
  const next = isOwnCode(id, now) && now !== back ? [now, ...list.filter((x) => x !== now)] : list;
  putCode(id, back, next);
}

/** A link to the current exercise with the editor's code in the fragment (never run on opening), or undefined when the code is too long to travel. */
export function practiceLink(id: ExerciseId, code: string, timed?: string): string | undefined {
  if (!shareable(code)) return undefined;
  const origin = typeof location !== 'undefined' ? `${location.origin}${location.pathname}` : '';
  const q = new URLSearchParams({ view: 'practice', ex: id });
  return `${origin}?${q.toString()}${codeFragment(code, timed)}`;
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

/** Forget which exercises this browser has passed. */
export function clearProgress(): void {
  storePassed([]);
  storeBest({});
  useApp.setState({ practicePassed: [], practiceBest: {} });
}
