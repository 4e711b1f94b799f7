import { sentenceGap } from '../i18n/words';
import { lazy, Suspense, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../state/store';
import { say } from '../i18n';
import { GpuStatusPanel } from './GpuStatusPanel';
import { Nav } from './views/Nav';
import { LangSwitch } from './views/LangSwitch';
import { kViewBodies, ViewWithKernels } from './views/registry';

/** Classroom mode loads when it is turned on (issue #47: not part of the first load). */
const Classroom = lazy(() => import('./lesson/Classroom').then((m) => ({ default: m.Classroom })));
/** The dot product's classroom mode loads with its view (issue #47: the dot product is not on the first screen). */
const DotClassroom = lazy(() => import('./dot/DotView').then((m) => ({ default: m.DotClassroom })));

/** How long a skip made before the view has loaded waits for its main action. */
const kSkipWaitMs = 10_000;

/**
 * The skip link moves focus to the open view's main action (the element marked data-main-action).
 * Followed before the view's code has loaded (issue #47 loads views on demand), it focuses the main
 * region and hands focus on to the main action when it appears, unless the reader has moved on.
 */
function skipToMain(e: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('main');
  const target = document.querySelector<HTMLElement>('[data-main-action]') ?? main;
  if (!target) return;
  e.preventDefault();
  target.focus();
  target.scrollIntoView({ block: 'center' });
  if (target !== main || !main) return;
  const observer = new MutationObserver(() => {
    const action = main.querySelector<HTMLElement>('[data-main-action]');
    if (!action) return;
    observer.disconnect();
    if (document.activeElement === main) {
      action.focus();
      action.scrollIntoView({ block: 'center' });
    }
  });
  observer.observe(main, { childList: true, subtree: true });
  window.setTimeout(() => observer.disconnect(), kSkipWaitMs);
}

function ViewBody() {
  const view = useApp((s) => s.view);
  return <ViewWithKernels view={view} />;
}

export function App() {
  const { t } = useTranslation();
  const classroom = useApp((s) => s.classroom);
  const view = useApp((s) => s.view);
  const noGpu = useApp((s) => s.gpu.state === 'unavailable');
  // The dot product's classroom mode belongs to its view (Back to another view leaves it).
  const dotClassroom = useApp((s) => s.dotClassroom && s.view === 'dot');
  // Classroom mode is a presentation of its own (the stepper keys are installed by it and by the stepper).
  if (classroom)
    return (
      <Suspense fallback={null}>
        <Classroom />
      </Suspense>
    );
  if (dotClassroom)
    return (
      <Suspense fallback={null}>
        <DotClassroom />
      </Suspense>
    );
  return (
    <div className="app" data-view={view}>
      <a className="skip-link" href="#main" onClick={skipToMain}>
        {t('app.skip')}
      </a>
      <header className="masthead">
        <div className="masthead-title">
          <h1>{t('app.title')}</h1>
          <Nav />
          <LangSwitch />
        </div>
        <p className="lead">
          {t('app.tagline')}
          {sentenceGap()}
          <span data-testid="next-step">{say((noGpu && kViewBodies[view].nextNoGpu) || kViewBodies[view].next)}</span>
        </p>
      </header>
      <GpuStatusPanel />
      <main id="main" tabIndex={-1} className="view" data-classroom="false">
        <Suspense fallback={<p className="small">{t('app.loading')}</p>}>
          <ViewBody />
        </Suspense>
      </main>
      <footer className="small">{t('app.footer')}</footer>
    </div>
  );
}
