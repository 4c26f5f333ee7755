import type { EventType, TodoEvent } from '@kontora/contract/events';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../../components/list-states.tsx';
import { Modal } from '../../../../components/modal.tsx';
import { PageSpinner } from '../../../../components/spinner.tsx';
import { useCompanyProfile } from '../../../../lib/api/get-company.ts';
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
            <LoadError error={profile.error} onRetry={() => void profile.refetch()} />
          </div>
        ) : (
          <div className="modal-body">
            <PageSpinner />
          </div>
        ))}
    </Modal>
  );
}
