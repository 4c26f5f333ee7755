import { LANGUAGES } from '@kontora/contract/limits';
import { useTranslation } from 'react-i18next';
import { Dropdown } from '../../components/dropdown.tsx';
import { Icon } from '../../components/icon.tsx';
import { currentLanguage } from '../../lib/i18n.ts';
import { useChangeLanguage } from '../../lib/language.ts';

/** All six languages, each named in its own language. */
export function LanguageMenu({ toggleClassName }: { toggleClassName?: string }) {
  const { t } = useTranslation();
  const changeLanguage = useChangeLanguage();
  const active = currentLanguage();
  return (
    <Dropdown
      align="end"
      toggleClassName={toggleClassName}
      toggle={
        <>
          <Icon name="globe" />
          <span className="kt-lang-code text-uppercase">{active}</span>
          <span className="visually-hidden">
            {t('language.choose', { language: t(`language.names.${active}`) })}
          </span>
        </>
      }
      items={LANGUAGES.map((language) => ({
        key: language,
        lang: language,
        checked: language === active,
        label: t(`language.names.${language}`),
        onSelect: () => void changeLanguage(language),
      }))}
    />
  );
}
