import type { CustomField } from '@kontora/contract/custom-fields';
import type { Language } from '@kontora/contract/limits';
import { useTranslation } from 'react-i18next';

/** A field's label in the reader's language when the company gave one, else its label. */
export function useFieldLabel(): (field: Pick<CustomField, 'label' | 'labels'>) => string {
  const { i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? i18n.language) as Language;
  return (field) => field.labels[language] || field.label;
}
