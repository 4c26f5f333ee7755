import { DEFAULT_PREFERENCES, type LayoutPreferences } from '@kontora/contract/preference-values';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../lib/preferences.ts';
import { PreferencePreview } from './preference-preview.tsx';

type Key = keyof LayoutPreferences;
type Option<K extends Key> = { value: LayoutPreferences[K]; allowed?: (p: LayoutPreferences) => boolean };

const vertical = (p: LayoutPreferences) => p.layout === 'vertical';
const horizontal = (p: LayoutPreferences) => p.layout === 'horizontal';

const GROUPS: { [K in Key]: Option<K>[] } = {
  layout: [{ value: 'vertical' }, { value: 'horizontal' }],
  width: [{ value: 'fluid' }, { value: 'boxed' }, { value: 'scrollable' }],
  sidebar: [
    { value: 'light' },
    { value: 'dark' },
    { value: 'compact' },
    { value: 'icon', allowed: vertical },
    { value: 'colored', allowed: vertical },
  ],
  theme: [{ value: 'light' }, { value: 'dark' }],
  topbar: [{ value: 'light' }, { value: 'dark' }, { value: 'colored', allowed: horizontal }],
};

const ORDER: Key[] = ['layout', 'width', 'sidebar', 'theme', 'topbar'];

/** The groups whose choices show a miniature of the app (decision 030). */
const WITH_PREVIEW: Key[] = ['layout', 'sidebar'];

function previewOf(key: Key, value: string) {
  if (key === 'layout')
    return <PreferencePreview layout={value as LayoutPreferences['layout']} sidebar="dark" />;
  if (key === 'sidebar')
    return <PreferencePreview layout="vertical" sidebar={value as LayoutPreferences['sidebar']} />;
  return null;
}

/**
 * Every layout option of docs/product.md §3. Choices apply at once and are saved to the
 * profile; options the current layout does not allow are disabled with the reason.
 */
export function PreferencesForm() {
  const { t } = useTranslation();
  const id = useId();
  const { preferences, setPreference } = usePreferences();
  /** Says that the reset happened; any later choice clears it. */
  const [resetDone, setResetDone] = useState(false);
  const choose = (patch: Partial<LayoutPreferences>) => {
    setResetDone(false);
    setPreference(patch);
  };

  return (
    <div className="kt-preferences">
      {ORDER.map((key) => {
        const options = GROUPS[key] as Option<Key>[];
        const hasRestricted = options.some((option) => option.allowed && !option.allowed(preferences));
        const noteId = `${id}-${key}-note`;
        return (
          <fieldset key={key} className="mb-4" aria-describedby={hasRestricted ? noteId : undefined}>
            <legend className="h6 fw-semibold mb-2">{t(`preferences.${key}`)}</legend>
            <div className={WITH_PREVIEW.includes(key) ? 'kt-pref-tiles' : undefined}>
              {options.map((option) => {
                const inputId = `${id}-${key}-${option.value}`;
                const disabled = option.allowed ? !option.allowed(preferences) : false;
                return (
                  <div key={option.value} className="form-check">
                    <input
                      className="form-check-input"
                      type="radio"
                      id={inputId}
                      name={`${id}-${key}`}
                      value={option.value}
                      checked={preferences[key] === option.value}
                      disabled={disabled}
                      onChange={() => choose({ [key]: option.value })}
                    />
                    <label className="form-check-label" htmlFor={inputId}>
                      {previewOf(key, option.value)}
                      {t(
                        `preferences.options.${key}.${option.value}` as 'preferences.options.layout.vertical',
                      )}
                    </label>
                  </div>
                );
              })}
            </div>
            {hasRestricted && (
              <div id={noteId} className="form-text">
                {key === 'sidebar'
                  ? t('preferences.sidebarVerticalOnly')
                  : t('preferences.topbarHorizontalOnly')}
              </div>
            )}
          </fieldset>
        );
      })}
      <div className="d-flex flex-wrap align-items-center gap-2">
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          onClick={() => {
            setPreference(DEFAULT_PREFERENCES);
            setResetDone(true);
          }}
        >
          {t('uxSettings.reset')}
        </button>
        <div role="status" className="small text-body-secondary">
          {resetDone ? t('uxSettings.resetDone') : ''}
        </div>
      </div>
    </div>
  );
}
