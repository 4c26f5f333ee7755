import { isLanguage, LANGUAGES } from '@kontora/contract/limits';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../lib/i18n.ts';
import { useChangeLanguage } from '../lib/language.ts';

/** The language as a form control; a change applies at once and is saved to the profile. */
export function LanguageSelect() {
  const { t } = useTranslation();
  const id = useId();
  const changeLanguage = useChangeLanguage();
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {t('fields.language')}
      </label>
      <select
        id={id}
        className="form-select kt-measure"
        value={currentLanguage()}
        onChange={(event) => {
          const value = event.target.value;
          if (isLanguage(value)) void changeLanguage(value);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`language.names.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
