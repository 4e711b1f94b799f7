/* eslint-disable i18next/no-literal-string -- i18n-pending: this file's words are not in the catalogues yet */
import { Component, type ReactNode } from 'react';

/** The page never goes blank: a render error shows a message and a way back. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error?: Error }> {
  state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="app">
        <div role="alert" className="panel error-panel" data-testid="error-message">
          <h1>Something went wrong while drawing the page</h1>
          <p>{this.state.error.message}</p>
          <button type="button" onClick={() => location.assign(location.pathname)}>
            Reload with the default settings
          </button>
        </div>
      </main>
    );
  }
}
