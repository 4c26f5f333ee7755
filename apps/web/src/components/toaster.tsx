import { useTranslation } from 'react-i18next';
import { dismiss, useNotifications } from '../lib/notifications.ts';

/** Renders notifications in a polite live region at the bottom right. */
export function Toaster() {
  const { t } = useTranslation();
  const items = useNotifications();
  return (
    <div className="toast-container position-fixed bottom-0 end-0 p-3" aria-live="polite" aria-atomic="false">
      {items.map((item) => (
        <div
          key={item.id}
          className={`toast show align-items-center border-0 text-bg-${item.kind}`}
          role={item.kind === 'danger' ? 'alert' : 'status'}
        >
          <div className="d-flex">
            <div className="toast-body">{item.text}</div>
            {item.action && (
              <button
                type="button"
                className={`btn btn-sm my-auto ${item.kind === 'info' ? 'btn-outline-primary' : 'btn-light'}`}
                onClick={() => {
                  dismiss(item.id);
                  item.action?.run();
                }}
              >
                {item.action.label}
              </button>
            )}
            <button
              type="button"
              className={`btn-close ${item.kind === 'info' ? '' : 'btn-close-white'} me-2 m-auto`}
              aria-label={t('common.close')}
              onClick={() => dismiss(item.id)}
            />
          </div>
        </div>
      ))}
    </div>
  );
}
