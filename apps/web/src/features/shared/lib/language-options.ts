import { LANGUAGES } from '@kontora/contract/limits';
import type { TFunction } from 'i18next';
import type { SelectOption } from '../../../components/select-field.tsx';

/** The six languages, each named in itself. */
export const languageOptions = (t: TFunction): SelectOption[] =>
  LANGUAGES.map((language) => ({ value: language, label: t(`language.names.${language}`), lang: language }));
