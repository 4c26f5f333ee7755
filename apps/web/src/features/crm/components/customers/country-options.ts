import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SelectOption } from '../../../../components/select-field.tsx';
import { useApplicationHelpers } from '../../../../lib/api/get-application-helpers.ts';
import { currentLanguage } from '../../../../lib/i18n.ts';

/** A country's name in the reader's language (Intl), else the code itself. */
export function countryName(code: string, language: string = currentLanguage()): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The countries the server knows (`/application-helpers`), named in the reader's language, by name. */
export function useCountryOptions(): SelectOption[] {
  const helpers = useApplicationHelpers();
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const collator = new Intl.Collator(language);
    return (helpers.data?.countries ?? [])
      .map((country) => ({ value: country.value, label: countryName(country.value, language) }))
      .sort((a, b) => collator.compare(a.label, b.label));
  }, [helpers.data, language]);
}

/** A stored value the list does not know still shows as itself, so a save never changes it silently. */
export const withValue = (options: SelectOption[], value: string): SelectOption[] =>
  value && !options.some((option) => option.value === value)
    ? [{ value, label: value }, ...options]
    : options;
