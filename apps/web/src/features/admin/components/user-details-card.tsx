import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminUser, UpdateUserBody } from '@kontora/contract/admin';
import { useId } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { resolverOptions } from '../../../lib/form-errors.ts';
import { notify } from '../../../lib/notifications.ts';
import { problemText, reasonText, setServerFieldErrors } from '../../../lib/server-problems.ts';
import { updateUser as updateSessionUser, useSession } from '../../../lib/session.ts';
import { languageOptions } from '../../shared/lib/language-options.ts';
import { useUpdateUser } from '../api/update-user.ts';

type DetailsValues = { full_name: string; language: string; is_admin: boolean };
type DetailsBody = Pick<UpdateUserBody, 'full_name' | 'language' | 'is_admin'>;
const FIELDS = ['full_name', 'language', 'is_admin'] as const;
const resolver = zodResolver(
  UpdateUserBody.pick({ full_name: true, language: true, is_admin: true }).required(),
  resolverOptions,
) as unknown as Resolver<DetailsValues, unknown, DetailsBody>;

const toForm = (user: AdminUser): DetailsValues => ({
  full_name: user.full_name,
  language: user.language,
  is_admin: user.is_admin,
});

/** Name, language and the superuser flag (the last active superuser keeps it: 409 `last_superuser`). */
export function UserDetailsCard({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const id = useId();
  const session = useSession();
  const update = useUpdateUser(user.id);
  const form = useForm<DetailsValues, unknown, DetailsBody>({ resolver, defaultValues: toForm(user) });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    form.clearErrors('root');
    try {
      const saved = await update.mutateAsync(body);
      form.reset(toForm(saved));
      // Editing oneself here changes one's own session too (name; superuser flag).
      if (saved.id === session.user?.id)
        updateSessionUser({
          full_name: saved.full_name,
          is_admin: saved.is_admin,
          isSuperuser: saved.is_admin,
        });
      notify('success', t('admin.user.saved'));
    } catch (error) {
      setServerFieldErrors(error, form.setError, FIELDS);
      const text = problemText(t, error, FIELDS);
      if (text) form.setError('root', { type: 'server', message: text });
    }
  });

  const adminError = reasonText(t, errors.is_admin?.message);
  return (
    <section className="card kt-card mb-4" aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <h2 className="h5 mb-3" id={`${id}-title`}>
          {t('admin.user.details')}
        </h2>
        <form noValidate onSubmit={onSubmit}>
          {errors.root?.message && <FormAlert kind="danger">{errors.root.message}</FormAlert>}
          <div className="row g-3">
            <TextField
              className="col-12 col-md-6"
              label={t('admin.fields.full_name')}
              autoComplete="off"
              registration={form.register('full_name')}
              error={reasonText(t, errors.full_name?.message)}
            />
            <div className="col-12 col-md-6">
              <span className="form-label d-block">{t('admin.fields.email')}</span>
              <span className="form-control-plaintext">{user.email}</span>
            </div>
            <SelectField
              className="col-12 col-md-6"
              label={t('admin.fields.language')}
              options={languageOptions(t)}
              registration={form.register('language')}
              error={reasonText(t, errors.language?.message)}
            />
            <div className="col-12 col-md-6 pt-md-4">
              <div className="form-check form-switch">
                <input
                  className={`form-check-input${adminError ? ' is-invalid' : ''}`}
                  type="checkbox"
                  id={`${id}-admin`}
                  aria-invalid={adminError ? true : undefined}
                  aria-describedby={`${id}-admin-hint`}
                  {...form.register('is_admin')}
                />
                <label className="form-check-label" htmlFor={`${id}-admin`}>
                  {t('admin.fields.is_admin')}
                </label>
                <div
                  id={`${id}-admin-hint`}
                  className={adminError ? 'invalid-feedback d-block' : 'form-text'}
                >
                  {adminError ?? t('admin.user.superuserHint')}
                </div>
              </div>
            </div>
          </div>
          <button
            type="submit"
            className="btn btn-primary mt-3"
            disabled={isSubmitting}
            aria-busy={isSubmitting}
          >
            {isSubmitting ? t('common.saving') : t('common.save')}
          </button>
        </form>
      </div>
    </section>
  );
}
