import type { EventType, TodoEvent } from '@kontora/contract/events';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../../components/modal.tsx';
import { PageSpinner } from '../../../../components/spinner.tsx';
import { useCompanyProfile } from '../../../../lib/api/get-company.ts';
import { errorMessage } from '../../../../lib/errors.ts';
import { useCompanyId } from '../../api/crm-keys.ts';
import { EventForm } from './event-form.tsx';
import './events.css';

/** What a new to-do starts with: a calendar selection, a customer's page. Instants are ISO. */
export type EventDraft = {
  start_at?: string;
  end_at?: string | null;
  all_day?: boolean;
  customer_id?: number | null;
  customer_name?: string | null;
  type?: EventType;
};

type EventDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Edit this to-do; without it, create one (from `draft`). */
  event?: TodoEvent | null;
  draft?: EventDraft;
  onSaved?: (event: TodoEvent) => void;
};

/** Create or edit a to-do; times are entered in the company's time zone. */
export function EventDialog({ open, onClose, event, draft, onSaved }: EventDialogProps) {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  const profile = useCompanyProfile(companyId);
  const title = event ? t('crm.eventDialog.editTitle') : t('crm.eventDialog.createTitle');
  return (
    <Modal open={open} onClose={onClose} title={title} size="lg">
      {open &&
        (profile.data ? (
          <EventForm
            key={event ? `${event.id}:${event.version}` : JSON.stringify(draft ?? {})}
            event={event ?? null}
            draft={draft ?? {}}
            timeZone={profile.data.time_zone}
            onDone={onClose}
            onSaved={onSaved}
          />
        ) : profile.error ? (
          <div className="modal-body">
            <div className="alert alert-danger d-flex flex-wrap align-items-center gap-3" role="alert">
              <span>{errorMessage(t, profile.error)}</span>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                onClick={() => void profile.refetch()}
              >
                {t('common.retry')}
              </button>
            </div>
          </div>
        ) : (
          <div className="modal-body">
            <PageSpinner />
          </div>
        ))}
    </Modal>
  );
}
