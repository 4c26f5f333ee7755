import {
  DEFAULT_PREFERENCES,
  type LayoutPreferences,
  normalizePreferences,
} from '@kontora/contract/preference-values';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateMe } from './api/update-me.ts';
import { errorMessage } from './errors.ts';
import { notify } from './notifications.ts';
import { rememberPickedTheme } from './preferences-dom.ts';
import { getSession, updateUser, useSession } from './session.ts';

/** The signed-in person's preferences (cached in `currentLeadUser`), else the defaults. */
function storedPreferences(): LayoutPreferences {
  const user = getSession().user;
  return user ? normalizePreferences(user.preferences) : DEFAULT_PREFERENCES;
}

/** Read and change the layout preferences; a change applies at once and is saved to the profile. */
export function usePreferences(): {
  preferences: LayoutPreferences;
  setPreference: (patch: Partial<LayoutPreferences>) => void;
} {
  const { t } = useTranslation();
  const { user } = useSession();
  const { mutate } = useUpdateMe();
  const preferences = user ? normalizePreferences(user.preferences) : DEFAULT_PREFERENCES;

  const setPreference = useCallback(
    (patch: Partial<LayoutPreferences>) => {
      // Normalising drops combinations the layout does not allow (icon sidebar in horizontal…).
      const next = normalizePreferences({ ...storedPreferences(), ...patch });
      if (patch.theme) rememberPickedTheme(patch.theme);
      updateUser({ preferences: next });
      mutate(
        { preferences: next },
        { onError: (error) => notify('danger', `${t('settings.saveFailed')} ${errorMessage(t, error)}`) },
      );
    },
    [t, mutate],
  );

  return { preferences, setPreference };
}
