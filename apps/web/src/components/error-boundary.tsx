import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function RenderError() {
  const { t } = useTranslation();
  return (
    <div className="container py-5 kt-narrow">
      <div className="alert alert-danger" role="alert">
        <h1 className="h5">{t('routeError.title')}</h1>
        <p>{t('routeError.text')}</p>
        <button type="button" className="btn btn-outline-danger" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </button>
      </div>
    </div>
  );
}

type Props = { children: ReactNode; resetKey: string };
type State = { failedKey: string | null };

/**
 * Catches errors while loading or rendering a screen. The usual cause in production
 * is a new release replacing the chunks of an open tab; reloading fixes that.
 * Navigating elsewhere (a new resetKey) clears the error.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failedKey: null };

  static getDerivedStateFromError(): Partial<State> {
    return { failedKey: '' };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.failedKey === '') return { failedKey: props.resetKey };
    if (state.failedKey !== null && state.failedKey !== props.resetKey) return { failedKey: null };
    return null;
  }

  override render() {
    return this.state.failedKey === null ? this.props.children : <RenderError />;
  }
}
