import type { CustomRecord } from '@kontora/contract/custom-fields';
import { CUSTOM_FIELD_LIMITS } from '@kontora/contract/custom-fields';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../components/form-alert.tsx';
import { Modal } from '../../../../components/modal.tsx';
import { ModalFormFooter } from '../../../../components/modal-form-footer.tsx';
import { problemText } from '../../../../lib/server-problems.ts';
import { useRenameSection } from '../../../shared/api/custom-fields.ts';

/** A section's new name, set on all its fields in one request (decision 088); empty: the default group. */
export function RenameSectionDialog({
  companyId,
  record,
  name,
  onClose,
}: {
  companyId: number;
  record: CustomRecord;
  /** The section renamed; null: the dialog is closed. */
  name: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={name !== null}
      onClose={onClose}
      title={t('customFields.sections.renameTitle', { name: name ?? '' })}
    >
      {name !== null && <RenameForm companyId={companyId} record={record} from={name} onDone={onClose} />}
    </Modal>
  );
}

function RenameForm({
  companyId,
  record,
  from,
  onDone,
}: {
  companyId: number;
  record: CustomRecord;
  from: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const rename = useRenameSection(companyId);
  const [to, setTo] = useState(from);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        rename.mutate({ record, from, to }, { onSuccess: onDone });
      }}
    >
      <div className="modal-body">
        {rename.error && <FormAlert kind="danger">{problemText(t, rename.error)}</FormAlert>}
        <label htmlFor={id} className="form-label">
          {t('customFields.sections.newName')}
        </label>
        <input
          id={id}
          className="form-control"
          value={to}
          maxLength={CUSTOM_FIELD_LIMITS.sectionMax}
          autoComplete="off"
          onChange={(event) => setTo(event.target.value)}
        />
        <p className="form-text">{t('customFields.sections.renameHint')}</p>
      </div>
      <ModalFormFooter
        submitLabel={t('customFields.sections.rename')}
        onCancel={onDone}
        busy={rename.isPending}
      />
    </form>
  );
}
