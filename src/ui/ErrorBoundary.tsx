import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function ErrorPanel({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <main className="app">
      <div role="alert" className="panel error-panel" data-testid="error-message">
        <h1>{t('errorBoundary.heading')}</h1>
        <p>{message}</p>
        <button type="button" onClick={() => location.assign(location.pathname)}>
          {t('errorBoundary.reload')}
        </button>
      </div>
    </main>
  );
}

/** The page never goes blank: a render error shows a message and a way back. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error?: Error }> {
  state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    if (!this.state.error) return this.props.children;
    return <ErrorPanel message={this.state.error.message} />;
  }
}
