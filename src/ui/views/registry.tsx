/**
 * What each view draws, keyed by the view list of core/views.ts (ids, addresses, labels): its body
 * and the header's next step. The heavy bodies load only when their view opens: the benchmark
 * (uPlot, the share codec), the ladder and tuner, the partitions, the dot product. The lesson (the
 * first screen) is in the main bundle, and says only the lesson's words (issue #47): every other view
 * waits for the rest of the language's catalogue (i18n loadAllWords) before it draws. A view's kernels (`kernels`: the WGSL it shows) load
 * when it opens (ViewWithKernels), and main.tsx starts loading the opening view's with its language.
 */
import { lazy, use, type ReactNode } from 'react';
import { kLadderIds, kLessonKernelIds, type KernelId } from '../../core/kernels';
import type { View } from '../../core/views';
import { said, type Said } from '../../core/said';
import { isLanguageLoaded, language, loadAllWords, wantAllWords } from '../../i18n';
import { LessonView } from './LessonView';
import { ProblemView } from './ProblemView';
import { preloadKernelSources, useKernelSources } from '../common/useKernelSources';
import { loadPractice } from '../../state/practiceLoad';

const DotView = lazy(() => import('../dot/DotView').then((m) => ({ default: m.DotView })));
const BenchView = lazy(() => import('./BenchView').then((m) => ({ default: m.BenchView })));
const Ladder = lazy(() => import('../ladder/Ladder').then((m) => ({ default: m.Ladder })));
const CompareView = lazy(() => import('../bench/CompareView').then((m) => ({ default: m.CompareView })));
// The practice view and the board draw once the practice code has filled the store's practice slice (state/practiceLoad.ts).
const PracticeView = lazy(() => Promise.all([import('../practice/PracticeView'), loadPractice()]).then(([m]) => ({ default: m.PracticeView })));
const BoardView = lazy(() => Promise.all([import('../board/BoardView'), loadPractice()]).then(([m]) => ({ default: m.BoardView })));
const Partitions = lazy(() => import('../partitions/Partitions').then((m) => ({ default: m.Partitions })));

export interface ViewBody {
  /** The view says only the lesson's words (i18n kLessonNamespaces); every other view waits for the whole catalogue. */
  readonly lessonWords?: true;
  /** The kernels whose WGSL the view shows: loaded when it opens (issue #47), before it draws. */
  readonly kernels?: readonly KernelId[];
  /** The view's body (inside the page's Suspense). */
  readonly render: () => ReactNode;
  /** The first thing to do on this view, named by its own button's label. */
  readonly next: Said;
  /** Without WebGPU: the first thing to do when the view's button cannot run (undefined: `next` works there too). */
  readonly nextNoGpu?: Said;
}

/** What the header says on a view that cannot run without WebGPU (issue #34: never a button it lacks). */
const kNoGpuNext = said('app.nextNoGpu');

export const kViewBodies: Record<View, ViewBody> = {
  lesson: { kernels: kLessonKernelIds, lessonWords: true, render: () => <LessonView />, next: said('app.nextLesson', { action: said('controls.runBoth') }) },
  ladder: {
    kernels: kLadderIds,
    render: () => (
      <ProblemView>
        <Ladder />
      </ProblemView>
    ),
    next: said('app.next', { action: said('run:ladder.run') }),
    nextNoGpu: kNoGpuNext,
  },
  partitions: {
    render: () => (
      <ProblemView>
        <Partitions />
      </ProblemView>
    ),
    next: said('app.next', { action: said('viz:partitions.run') }),
    nextNoGpu: kNoGpuNext,
  },
  dot: { render: () => <DotView />, next: said('app.next', { action: said('bench:dot.run') }), nextNoGpu: kNoGpuNext },
  // The benchmark and the shared results are one component (switching between them keeps its state).
  bench: { render: () => <BenchView shared={false} />, next: said('app.nextBench', { action: said('bench:form.start') }) , nextNoGpu: kNoGpuNext },
  shared: { render: () => <BenchView shared />, next: said('app.nextShared', { action: said('bench:shared.runHere') }) },
  compare: { render: () => <CompareView />, next: said('app.nextCompare', { action: said('bench:compare.add') }) },
  practice: { render: () => <PracticeView />, next: said('app.next', { action: said('practice:run') }) , nextNoGpu: kNoGpuNext },
  board: { render: () => <BoardView />, next: said('app.next', { action: said('board:input.add') }) },
};

/** A view's body once the WGSL it shows is loaded (it suspends inside the page's Suspense until then). */
export function ViewWithKernels({ view }: { view: View }) {
  const body = kViewBodies[view];
  useKernelSources(body.kernels ?? []);
  if (!body.lessonWords && !isLanguageLoaded(language())) use(allWords());
  return body.render();
}

let wordsLoading: Promise<void> | undefined;
/** The whole catalogue of the language in use (one promise while it loads: \`use\` needs the same one on every render). */
function allWords(): Promise<void> {
  wordsLoading ??= loadAllWords().finally(() => (wordsLoading = undefined));
  return wordsLoading;
}

/** Start loading a view's kernels (main.tsx: the opening view's, beside its language). */
export const preloadViewKernels = (view: View): Promise<void> => preloadKernelSources(kViewBodies[view].kernels ?? []);

/** Ask for the whole catalogue with the first language when the page opens on a view beyond the lesson (main.tsx, before it loads). */
export function preloadViewWords(view: View): void {
  if (!kViewBodies[view].lessonWords) wantAllWords();
}
