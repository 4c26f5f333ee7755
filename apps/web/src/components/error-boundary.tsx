import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChunkLoadError, retryFailedScreens } from '../lib/lazy-screen.tsx';

/**
 * What went wrong, in the words that fit the cause: the server could not be reached
 * (try again once it is back), the screen's code is gone after a release (reload),
 * or the screen failed to render (try again, or reload).
 */
function RenderError({
  error,
  onRetry,
  className,
}: {
  error: unknown;
  onRetry: () => void;
  className: string;
}) {
  const { t } = useTranslation();
  const reason = error instanceof ChunkLoadError ? error.reason : 'render';
  const text = {
    offline: t('errors.network_error'),
    missing: t('routeError.text'),
    render: t('routeError.unexpected'),
  }[reason];
  return (
    <div className={`kt-narrow ${className}`}>
      <div className="alert alert-danger" role="alert">
        <h1 className="h5">{t('routeError.title')}</h1>
        <p>{text}</p>
        <div className="d-flex flex-wrap gap-2">
          {reason !== 'missing' && (
            <button type="button" className="btn btn-outline-danger" onClick={onRetry}>
              {t('common.retry')}
            </button>
          )}
          {reason !== 'offline' && (
            <button type="button" className="btn btn-outline-danger" onClick={() => window.location.reload()}>
              {t('routeError.reload')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

type Props = {
  children: ReactNode;
  resetKey: string;
  /** Where the message sits: centred on an empty page, or in a layout's content area. */
  placement?: 'page' | 'content';
};
type State = { failedKey: string | null; error: unknown };

/**
 * Catches errors while loading or rendering what it wraps: one around each layout's
 * screen (the menu and top bar stay usable), one around the whole app for the
 * layouts themselves. Navigating elsewhere (a new resetKey) or "Try again" clears it.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failedKey: null, error: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failedKey: '', error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.failedKey === '') return { failedKey: props.resetKey };
    if (state.failedKey !== null && state.failedKey !== props.resetKey)
      return { failedKey: null, error: null };
    return null;
  }

  private readonly retry = () => {
    retryFailedScreens();
    this.setState({ failedKey: null, error: null });
  };

  override render() {
    return this.state.failedKey === null ? (
      this.props.children
    ) : (
      <RenderError
        error={this.state.error}
        onRetry={this.retry}
        className={this.props.placement === 'content' ? '' : 'container py-5'}
      />
    );
  }
}
