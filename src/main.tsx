import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App';
import { ErrorBoundary } from './ui/ErrorBoundary';
import { initGpu } from './state/session';
import { startUrlSync } from './state/urlSync';
import { openShareFromLocation } from './state/bench';
import './ui/styles.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ErrorBoundary>
        <App />
      </ErrorBoundary>
    </StrictMode>,
  );
  startUrlSync();
  void initGpu();
  void openShareFromLocation();
  window.addEventListener('hashchange', () => void openShareFromLocation());
}
