import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { i18n } from './i18n';
import { initLanguage } from './state/lang';
import { App } from './ui/App';
import { ErrorBoundary } from './ui/ErrorBoundary';
import { UpdatePrompt } from './ui/UpdatePrompt';
import { preloadViewKernels, preloadViewWords } from './ui/views/registry';
import { startPwa } from './state/pwa';
import { initGpu } from './state/session';
import { startUrlSync } from './state/urlSync';
import { startViewSync } from './state/views';
import { loadPractice } from './state/practiceLoad';
import { useApp } from './state/store';
import { viewOfFragment } from './core/views';
import './ui/styles.css';

/** The share codec loads only when a results link is opened (or was open and is closed again). */
function openShare(): void {
  if (viewOfFragment(location.hash) === undefined && useApp.getState().shared === undefined && useApp.getState().shareError === undefined) return;
  void import('./state/bench').then((m) => m.openShareFromLocation());
}

/**
 * Start the page: the GPU and the opening view's kernels start loading beside the language's
 * catalogue (the only one fetched: issue #47), and React renders once the words are there. Until
 * then index.html's loading shell (`app-loading`) is on screen; the first render replaces it. A
 * load that fails leaves the shell saying so (index.html's script shows the reason).
 */
async function start(root: HTMLElement): Promise<void> {
  void initGpu();
  void preloadViewKernels(useApp.getState().view).catch(() => undefined);
  preloadViewWords(useApp.getState().view);
  // The practice code (the exercises, the judge) loads with the views that use it, beside the words when the page opens on one.
  if (useApp.getState().view === 'practice' || useApp.getState().view === 'board') void loadPractice().catch(() => undefined);
  await initLanguage();
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <ErrorBoundary>
          <App />
          <UpdatePrompt />
        </ErrorBoundary>
      </I18nextProvider>
    </StrictMode>,
  );
  startUrlSync();
  startViewSync(openShare);
  startPwa();
  openShare();
}

const root = document.getElementById('root');
if (root) void start(root);
