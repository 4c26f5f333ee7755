import { OCCURRENCE_SCOPES, type OccurrenceScope } from '@kontora/contract/event-values';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../../components/modal.tsx';

export type ScopeAction = 'edit' | 'delete' | 'move';

/**
 * "This one, this and following, or all?" — asked before a change to an
 * occurrence of a repeating to-do. `ask` resolves with the choice, or null
 * when the person cancels; render `dialog` once in the screen.
 */
export function useOccurrenceScope(): {
  ask: (action: ScopeAction) => Promise<OccurrenceScope | null>;
  dialog: ReactNode;
} {
  const { t } = useTranslation();
  const [action, setAction] = useState<ScopeAction | null>(null);
  const resolver = useRef<((scope: OccurrenceScope | null) => void) | null>(null);

  const ask = useCallback(
    (next: ScopeAction) =>
      new Promise<OccurrenceScope | null>((resolve) => {
        resolver.current?.(null);
        resolver.current = resolve;
        setAction(next);
      }),
    [],
  );
  const answer = (scope: OccurrenceScope | null) => {
    resolver.current?.(scope);
    resolver.current = null;
    setAction(null);
  };

  const dialog = (
    <Modal
      open={action !== null}
      onClose={() => answer(null)}
      title={t(`recurrence.scopeTitle.${action ?? 'edit'}`)}
    >
      <div className="modal-body">
        <p>{t('recurrence.scopeText')}</p>
        <div className="d-grid gap-2">
          {OCCURRENCE_SCOPES.map((scope, i) => (
            <button
              key={scope}
              type="button"
              className={`btn ${action === 'delete' ? 'btn-outline-danger' : 'btn-outline-primary'}`}
              onClick={() => answer(scope)}
              {...(i === 0 ? { 'data-autofocus': true } : {})}
            >
              {t(`recurrence.scope.${scope}`)}
            </button>
          ))}
        </div>
      </div>
      <div className="modal-footer">
        <button type="button" className="btn btn-outline-secondary" onClick={() => answer(null)}>
          {t('admin.common.cancel')}
        </button>
      </div>
    </Modal>
  );
  return { ask, dialog };
}
