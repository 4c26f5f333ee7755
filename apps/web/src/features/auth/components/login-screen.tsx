import type { LoginData } from '@kontora/contract/auth';
import type { TwoFactorChallenge } from '@kontora/contract/two-factor';
import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { FormAlert, SubmitButton } from '../../../components/form-alert.tsx';
import { useDocumentTitle } from '../../../components/page-header.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { applyServerErrors, fieldErrorText } from '../../../lib/form-errors.ts';
import { adoptProfileLanguage } from '../../../lib/language.ts';
import { loadOnce } from '../../../lib/load-once.ts';
import { signIn, useSession } from '../../../lib/session.ts';
import { useLogin } from '../api/login.ts';
import type { LoginField, LoginProblems, LoginValues } from '../login-validation.ts';

export type LoginNotice = { kind: 'warning' | 'success'; text: string };
type LoginState = { notice?: LoginNotice } | null;

const FIELDS: readonly LoginField[] = ['email', 'password'];

/**
 * The form's check (zod and the shared schema), loaded when the form is first touched: the
 * screen paints without it, and without react-hook-form (docs/decisions/021-lean-css-and-first-paint.md).
 * Should it fail to load, the server's answer (the same schema) shows the problems instead.
 */
const loadCheck = loadOnce(() => import('../login-validation.ts'));
async function problemsOf(values: LoginValues): Promise<LoginProblems> {
  try {
    return (await loadCheck()).loginProblems(values);
  } catch {
    return {};
  }
}

/** Only people with two-factor sign-in see the second step (and its form library). */
const TwoFactorStep = lazy(() => import('./two-factor-step.tsx').then((m) => ({ default: m.TwoFactorStep })));

/**
 * The login form as react-hook-form ran it, in plain React: the fields are checked on
 * submit (the first one with a problem takes the focus), then each again as it changes;
 * the server's per-field problems land on their fields. The typed values outlive the
 * two-factor step, so going back to the password keeps the email.
 */
function useLoginForm() {
  const inputs = useRef<Partial<Record<LoginField, HTMLInputElement>>>({});
  const typed = useRef<LoginValues>({ email: '', password: '' });
  const submitted = useRef(false);
  const [errors, setErrors] = useState<LoginProblems>({});

  const read = (): LoginValues => ({
    email: inputs.current.email?.value ?? typed.current.email,
    password: inputs.current.password?.value ?? typed.current.password,
  });
  const setError = (field: LoginField, code: string | undefined, focus = false) => {
    setErrors((current) => ({ ...current, [field]: code }));
    if (focus) inputs.current[field]?.focus();
  };

  const register = (field: LoginField): UseFormRegisterReturn<LoginField> => ({
    name: field,
    ref: (element: HTMLInputElement | null) => {
      if (!element) return;
      if (inputs.current[field] !== element) element.value = typed.current[field];
      inputs.current[field] = element;
    },
    onChange: async () => {
      typed.current = read();
      if (submitted.current) setError(field, (await problemsOf(typed.current))[field]);
    },
    onBlur: async () => {},
  });

  return {
    errors,
    register,
    /** Checks the form; the values when they pass, else null (and the first field with a problem is focused). */
    async submit(): Promise<LoginValues | null> {
      submitted.current = true;
      const values = read();
      typed.current = values;
      const problems = await problemsOf(values);
      setErrors(problems);
      const first = FIELDS.find((field) => problems[field] !== undefined);
      if (first === undefined) return values;
      inputs.current[first]?.focus();
      return null;
    },
    /** The setError that lib/form-errors.ts's applyServerErrors calls with the server's field problems. */
    setError(field: string, error: { message?: string }, options?: { shouldFocus?: boolean }) {
      if (field === 'email' || field === 'password') setError(field, error.message, options?.shouldFocus);
    },
    clearPassword() {
      typed.current = { ...typed.current, password: '' };
    },
  };
}

export function LoginScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  const state = location.state as LoginState;
  const { signedOutBecause } = useSession();
  const notice: LoginNotice | undefined =
    state?.notice ?? (signedOutBecause ? { kind: 'warning', text: signedOutBecause } : undefined);
  const login = useLogin();
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const [expired, setExpired] = useState(false);
  const form = useLoginForm();
  const { errors } = form;
  useDocumentTitle(t('auth.login.title'));

  const finish = (data: LoginData) => {
    adoptProfileLanguage(data);
    // GuestOnly (around this screen) then leads on to where the visit was going.
    signIn(data);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = await form.submit();
    if (!values) return;
    setExpired(false);
    try {
      const data = await login.mutateAsync(values);
      if (data.next_step === 'two_factor') setChallenge(data);
      else finish(data);
    } catch (error) {
      applyServerErrors<LoginValues>(form, error, FIELDS);
    }
  };

  if (challenge) {
    return (
      <Suspense fallback={null}>
        <TwoFactorStep
          challenge={challenge}
          onSignedIn={finish}
          onRestart={(isExpired) => {
            setChallenge(null);
            setExpired(isExpired);
            login.reset();
            form.clearPassword();
          }}
        />
      </Suspense>
    );
  }

  return (
    <>
      <h1 className="h4 mb-1">{t('auth.login.title')}</h1>
      <p className="text-body-secondary mb-4">{t('auth.login.subtitle')}</p>
      {notice && !login.error && (
        <FormAlert kind={notice.kind === 'success' ? 'success' : 'info'}>{notice.text}</FormAlert>
      )}
      {login.error && <FormAlert kind="danger">{errorMessage(t, login.error)}</FormAlert>}
      {expired && <FormAlert kind="info">{t('errors.challenge_expired')}</FormAlert>}
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        onFocus={() => void loadCheck().catch(() => {})}
      >
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="username"
          registration={form.register('email')}
          error={fieldErrorText(t, errors.email)}
        />
        <TextField
          label={t('fields.password')}
          type="password"
          autoComplete="current-password"
          registration={form.register('password')}
          error={fieldErrorText(t, errors.password)}
        />
        <SubmitButton busy={login.isPending} busyLabel={t('auth.login.busy')}>
          {t('auth.login.submit')}
        </SubmitButton>
      </form>
      <p className="mt-4 mb-0 text-center">
        <Link to={paths.auth.forgotPassword.href()}>{t('auth.login.forgot')}</Link>
      </p>
    </>
  );
}
