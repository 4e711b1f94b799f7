import { lazy, Suspense, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../state/store';
import { t } from '../i18n';
import type { View } from '../core/url';
import { Classroom } from './Classroom';
import { GpuStatusPanel } from './GpuStatusPanel';
import { DotView } from './DotView';
import { LessonView } from './views/LessonView';
import { Nav } from './views/Nav';
import { ProblemView } from './views/ProblemView';
import { LangSwitch } from './views/LangSwitch';

// The heavy parts load only when their view opens: the benchmark (uPlot, the share codec), the ladder and tuner, the partitions.
const BenchView = lazy(() => import('./views/BenchView').then((m) => ({ default: m.BenchView })));
const Ladder = lazy(() => import('./Ladder').then((m) => ({ default: m.Ladder })));
const Partitions = lazy(() => import('./Partitions').then((m) => ({ default: m.Partitions })));

/** The skip link moves focus to the open view's main action (the element marked data-main-action). */
function skipToMain(e: MouseEvent<HTMLAnchorElement>) {
  const target = document.querySelector<HTMLElement>('[data-main-action]') ?? document.getElementById('main');
  if (!target) return;
  e.preventDefault();
  target.focus();
  target.scrollIntoView({ block: 'center' });
}

function ViewBody() {
  const view = useApp((s) => s.view);
  switch (view) {
    case 'lesson':
      return <LessonView />;
    case 'ladder':
      return (
        <ProblemView>
          <Ladder />
        </ProblemView>
      );
    case 'partitions':
      return (
        <ProblemView>
          <Partitions />
        </ProblemView>
      );
    case 'dot':
      return <DotView />;
    case 'bench':
    case 'shared':
      return <BenchView shared={view === 'shared'} />;
  }
}

/** The first thing to do on each view, named by its own button's label. */
function nextStep(view: View): string {
  switch (view) {
    case 'lesson':
      return t('app.nextLesson', { action: t('controls.runBoth') });
    case 'ladder':
      return t('app.next', { action: t('run:ladder.run') });
    case 'partitions':
      return t('app.next', { action: t('viz:partitions.run') });
    case 'dot':
      return t('app.next', { action: t('bench:dot.run') });
    case 'bench':
      return t('app.nextBench', { action: t('bench:form.start') });
    case 'shared':
      return t('app.nextShared', { action: t('bench:shared.runHere') });
  }
}

export function App() {
  const { t } = useTranslation();
  const classroom = useApp((s) => s.classroom);
  const view = useApp((s) => s.view);
  // Classroom mode is a presentation of its own (the stepper keys are installed by it and by the stepper).
  if (classroom) return <Classroom />;
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
          {t('app.tagline')} <span data-testid="next-step">{nextStep(view)}</span>
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
