import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/form-alert.tsx';
import { paths } from '../../../config/paths.ts';

/** An activation or reset link that is malformed, expired or already used. */
export function InvalidLink({ message }: { message?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <FormAlert kind="danger">{message ?? t('errors.invalid_token')}</FormAlert>
      <div className="d-flex flex-wrap gap-3 justify-content-center">
        <Link to={paths.auth.forgotPassword.href()}>{t('auth.forgot.title')}</Link>
        <Link to={paths.auth.login.href()}>{t('auth.backToLogin')}</Link>
      </div>
    </>
  );
}
