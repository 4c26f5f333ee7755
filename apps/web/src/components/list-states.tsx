import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/errors.ts';

/** A failed load with a retry button. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="alert alert-danger d-flex flex-wrap align-items-center gap-3" role="alert">
      <span>{errorMessage(t, error)}</span>
      <button type="button" className="btn btn-sm btn-danger" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
