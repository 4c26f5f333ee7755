import { zodResolver } from '@hookform/resolvers/zod';
import { CUSTOMER_VIEW_LIMITS } from '@kontora/contract/customer-view-values';
import { SingleLine } from '@kontora/contract/fields';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormAlert } from '../../../../components/form-alert.tsx';
import { Modal } from '../../../../components/modal.tsx';
import { ModalFormFooter } from '../../../../components/modal-form-footer.tsx';
import { TextField } from '../../../../components/text-field.tsx';
import { applyServerErrors, fieldErrorText, resolverOptions } from '../../../../lib/form-errors.ts';

const SaveViewForm = z.object({
  name: SingleLine(CUSTOMER_VIEW_LIMITS.nameMax).min(1),
  shared: z.boolean(),
});
type SaveViewValues = z.infer<typeof SaveViewForm>;

type SaveViewDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Saves the list as it is now under this name; resolves when saved, with nothing for an ignored second submit. */
  onSave: (values: SaveViewValues) => Promise<unknown>;
};

/** "Save view": a name for the current filter, sort and columns, and whether the company sees it too. */
export function SaveViewDialog({ open, onClose, onSave }: SaveViewDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('views.saveTitle')}>
      {open && <SaveViewFormBody onSave={onSave} onDone={onClose} />}
    </Modal>
  );
}

function SaveViewFormBody({ onSave, onDone }: { onSave: SaveViewDialogProps['onSave']; onDone: () => void }) {
  const { t } = useTranslation();
  const sharedId = useId();
  const form = useForm<SaveViewValues>({
    resolver: zodResolver(SaveViewForm, resolverOptions),
    defaultValues: { name: '', shared: false },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    form.clearErrors('root');
    try {
      // A second submit of one click resolves at once: the dialog stays until the first has saved.
      if ((await onSave(values)) !== undefined) onDone();
    } catch (error) {
      applyServerErrors(form, error, ['name', 'shared'], { t });
    }
  });
  return (
    <form noValidate onSubmit={onSubmit}>
      <div className="modal-body">
        {errors.root?.message && <FormAlert kind="danger">{errors.root.message}</FormAlert>}
        <p className="text-body-secondary small">{t('views.saveHint')}</p>
        <TextField
          label={t('views.name')}
          autoComplete="off"
          registration={form.register('name')}
          error={fieldErrorText(t, errors.name?.message)}
        />
        <div className="form-check">
          <input className="form-check-input" type="checkbox" id={sharedId} {...form.register('shared')} />
          <label className="form-check-label" htmlFor={sharedId}>
            {t('views.shared')}
          </label>
        </div>
      </div>
      <ModalFormFooter submitLabel={t('views.save')} onCancel={onDone} busy={isSubmitting} />
    </form>
  );
}
