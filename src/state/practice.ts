/** Actions of the practice view: choose an exercise, edit (saved per exercise), hints, solution, share, run. */
import { exercise, type ExerciseId } from '../core/practice/exercises';
import { codeFragment } from '../core/practice/link';
import { runPractice } from '../gpu/practice';
import { failureOf } from '../gpu/device';
import { said } from '../i18n';
import { withRun } from './runs';
import { useApp } from './store';
import { practiceStorageKey } from './practiceState';

function save(id: ExerciseId, code: string): void {
  try {
    globalThis.localStorage?.setItem(practiceStorageKey(id), code);
  } catch {
    // Storage full or blocked: the text stays in this tab.
  }
}

export function selectExercise(id: ExerciseId): void {
  useApp.setState({ practiceEx: id, practiceError: '' });
}

/** The editor's text changed (typed, pasted, or filled by a button): kept and saved for this exercise. */
export function setPracticeCode(code: string, id: ExerciseId = useApp.getState().practiceEx): void {
  if (useApp.getState().practiceCode[id] === code) return;
  useApp.setState((s) => ({ practiceCode: { ...s.practiceCode, [id]: code } }));
  save(id, code);
}

export function showHint(): void {
  const s = useApp.getState();
  const id = s.practiceEx;
  const shown = s.practiceHints[id] ?? 0;
  if (shown >= exercise(id).hints) return;
  useApp.setState({ practiceHints: { ...s.practiceHints, [id]: shown + 1 } });
}

export function showSolution(): void {
  setPracticeCode(exercise(useApp.getState().practiceEx).solution);
}

export function resetExercise(): void {
  setPracticeCode(exercise(useApp.getState().practiceEx).skeleton);
}

/** A link to the current exercise with the editor's code in the fragment (never run on opening). */
export function practiceLink(id: ExerciseId, code: string): string {
  const origin = typeof location !== 'undefined' ? `${location.origin}${location.pathname}` : '';
  const q = new URLSearchParams({ view: 'practice', ex: id });
  return `${origin}?${q.toString()}${codeFragment(code)}`;
}

/** Drop a link's `#code=` from the address once it is in the editor, so a reload shows the saved text. */
export function consumeCodeFragment(): void {
  if (typeof location === 'undefined' || typeof history === 'undefined') return;
  if (/^#?code=/.test(location.hash)) history.replaceState(history.state, '', `${location.pathname}${location.search}`);
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
      useApp.setState({ practiceStatus: 'running', practiceError: '', practiceResult: undefined, practiceLinked: undefined });
      try {
        const outcome = await runPractice(ctx, id, code);
        useApp.setState({ practiceStatus: 'done', practiceResult: { ex: id, outcome, seq: ++seq } });
      } catch (e) {
        useApp.setState({ practiceStatus: 'done', practiceResult: { ex: id, outcome: { kind: 'failed', why: failureOf(e), shapes: [] }, seq: ++seq } });
      }
    },
  );
}
