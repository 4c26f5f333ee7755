import { zodResolver } from '@hookform/resolvers/zod';
import { UpdateMeBody } from '@kontora/contract/me';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useUpdateMe } from '../../../lib/api/update-me.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { applyServerErrors, fieldErrorText, resolverOptions } from '../../../lib/form-errors.ts';
import { useSession } from '../../../lib/session.ts';

const NameForm = UpdateMeBody.pick({ full_name: true }).required();

export function ProfileForm() {
  const { t } = useTranslation();
  const { user } = useSession();
  const updateMe = useUpdateMe();
  const form = useForm({
    resolver: zodResolver(NameForm, resolverOptions),
    defaultValues: { full_name: user?.full_name ?? '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await updateMe.mutateAsync(values);
      form.reset({ full_name: saved.full_name });
    } catch (error) {
      applyServerErrors(form, error, ['full_name']);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      {updateMe.isSuccess && <FormAlert kind="success">{t('profile.saved')}</FormAlert>}
      {updateMe.error && <FormAlert kind="danger">{errorMessage(t, updateMe.error)}</FormAlert>}
      <TextField
        label={t('fields.fullName')}
        autoComplete="name"
        registration={form.register('full_name')}
        error={fieldErrorText(t, form.formState.errors.full_name?.message)}
      />
      <div className="mb-3">
        <span className="form-label d-block">{t('fields.email')}</span>
        <span className="form-control-plaintext">{user?.email}</span>
      </div>
      <button
        type="submit"
        className="btn btn-primary"
        disabled={updateMe.isPending}
        aria-busy={updateMe.isPending}
      >
        {updateMe.isPending ? t('common.saving') : t('common.save')}
      </button>
    </form>
  );
}
