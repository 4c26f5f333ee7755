import type { SessionUser } from '@kontora/contract/auth';
import { isLanguage, type Language } from '@kontora/contract/limits';
import i18next from 'i18next';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { updateMe } from './api/update-me.ts';
import { errorMessage } from './errors.ts';
import { currentLanguage, writeLanguageCookie } from './i18n.ts';
import { readLanguageCookie } from './language-detect.ts';
import { notify } from './notifications.ts';
import { getSession, updateUser } from './session.ts';

/** Switching language sets the cookie (1 year) and, when signed in, saves it to the profile. */
export function useChangeLanguage(): (language: Language) => Promise<void> {
  const { t } = useTranslation();
  return useCallback(
    async (language: Language) => {
      writeLanguageCookie(language);
      await i18next.changeLanguage(language);
      if (!getSession().user) return;
      try {
        updateUser(await updateMe({ language }));
      } catch (error) {
        notify('danger', `${t('settings.saveFailed')} ${errorMessage(t, error)}`);
      }
    },
    [t],
  );
}

/**
 * After sign-in: a language chosen in this browser (the cookie) stays; without one,
 * the person's saved language follows them to this browser.
 */
export function adoptProfileLanguage(user: Pick<SessionUser, 'language'>): void {
  if (readLanguageCookie() || !isLanguage(user.language)) return;
  writeLanguageCookie(user.language);
  void i18next.changeLanguage(user.language);
}

/**
 * A page opened from an invitation (activation) speaks the invitation's language,
 * unless a language was chosen in this browser (the cookie). Nothing is saved: on
 * activation the account, made in that language, brings it (adoptProfileLanguage).
 */
export function useInvitationLanguage(language: Language | undefined): void {
  useEffect(() => {
    if (language && !readLanguageCookie() && language !== currentLanguage()) {
      void i18next.changeLanguage(language);
    }
  }, [language]);
}
