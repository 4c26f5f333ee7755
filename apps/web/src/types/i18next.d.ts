import 'i18next';
import type en from '../../public/assets/i18n/en.json';

/** Keys of `t()` are checked against the English file; i18n-keys.unit.test.ts keeps the others equal. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
