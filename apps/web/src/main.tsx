// Only the Bootstrap the screens use (apps/web/build/lean-bootstrap.ts); first, so our styles win.
import 'virtual:bootstrap.css';
import './lib/zod-jitless.ts';
import './app/styles/base.css';
// Styles of components that chunks every first load needs hold (dialogs, the preference
// form): in the entry's stylesheet, or the first screen waits for two small stylesheets
// more, each a request of its own (docs/decisions/021-lean-css-and-first-paint.md).
import './components/modal.css';
import './components/offcanvas.css';
import './components/preferences-form.css';
import './components/preference-preview.css';
import { preloadFirstScreen } from './app/first-screen.ts';
import { detectLanguage } from './lib/language-detect.ts';
import { prefetchTranslations } from './lib/translations-fetch.ts';

/**
 * The entry is small on purpose (docs/decisions/021-lean-css-and-first-paint.md): it asks,
 * side by side, for the translations, the code of the screen this address shows first
 * (with the first API answers it needs) and the app itself (app/start.tsx, whose libraries index.html preloads already), so
 * none of them waits until React and the rest have downloaded and run.
 */
const language = detectLanguage();
prefetchTranslations(language);
preloadFirstScreen(language);
void import('./app/start.tsx');
// The first Intl object of a page loads the ICU data (first render's dates and the footer's
// year; measured 50-300 ms on a busy host, the second costs under 1 ms). Made now, while the
// libraries download and the main thread waits, it stays out of the first render's long task.
setTimeout(() => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(0));
