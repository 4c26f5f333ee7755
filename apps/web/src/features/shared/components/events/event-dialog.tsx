import type { TodoEvent } from '@kontora/contract/events';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../../components/list-states.tsx';
import { Modal } from '../../../../components/modal.tsx';
import { PageSpinner } from '../../../../components/spinner.tsx';
import { useCompanyProfile } from '../../../../lib/api/get-company.ts';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { useTeam } from '../../api/get-team.ts';
import { EventForm } from './event-form.tsx';
import type { EventDraft } from './event-form-values.ts';

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
  // The assignee list is there before the form, so that "me" is chosen in it by default.
  const team = useTeam(companyId);
  const title = event ? t('crm.eventDialog.editTitle') : t('crm.eventDialog.createTitle');
  return (
    <Modal open={open} onClose={onClose} title={title} size="lg">
      {open &&
        (profile.data && !team.isPending ? (
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
