import type { AppCaches } from './app-caches.ts';
import type { Config } from './config.ts';
import type { Database, Dialect } from './db/database.ts';
import type { Jobs } from './jobs/jobs.ts';
import type { AccountActivated } from './lib/account-activated.ts';
import type { Clock } from './lib/clock.ts';
import type { PublishedImportProgress } from './lib/csv-import/import-progress.ts';
import type { RateLimiter } from './lib/rate-limiter.ts';
import type { Mailer } from './mail/mailer.ts';
import type { KeyRateLimiter } from './modules/api-keys/key-rate-limiter.ts';
import type { ChangeFeedSwitch } from './modules/change-feed/change-feed.service.ts';
import type { AdminNotices } from './modules/live/admin-notices.ts';
import type { NoticeBoard } from './modules/live/notice-board.ts';
import type { SettingsNotices } from './modules/live/settings-notices.ts';

/** What services need from the outside world, built once in app.ts and passed down explicitly. */
export interface AppContext {
  config: Config;
  db: Database;
  dialect: Dialect;
  mailer: Mailer;
  limiter: RateLimiter;
  /** API keys' per-minute limits, counted in this process and reserved in batches on `limiter` when it is shared. */
  keyLimiter: KeyRateLimiter;
  jobs: Jobs;
  /** Changes of people, reported once committed, for the superusers' live admin screens. */
  adminNotices: AdminNotices;
  /** Changes of a company's webhook endpoints and connections, reported once committed, for its live screens. */
  settingsNotices: SettingsNotices;
  /** Running CSV imports' counts, for the importing person's live wizard (lib/csv-import/import-progress.ts). */
  importProgress: NoticeBoard<PublishedImportProgress>;
  /** The app's answer caches: its own, shared with no other app in the process (app-caches.ts). */
  caches: AppCaches;
  /** "Now" for what a request or job decides by the time (lib/clock.ts). */
  clock: Clock;
  /** What other modules do when an invited account is activated (lib/account-activated.ts). */
  accountActivated: AccountActivated;
  /** On except while `npm run bench` times a customer update without its change event. */
  benchOnlyChangeFeed: ChangeFeedSwitch;
}
