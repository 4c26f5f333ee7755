import type { Config } from './config.ts';
import type { Database, Dialect } from './db/database.ts';
import type { Jobs } from './jobs/jobs.ts';
import type { RateLimiter } from './lib/rate-limiter.ts';
import type { Mailer } from './mail/mailer.ts';
import type { AdminNotices } from './modules/live/admin-notices.ts';
import type { SettingsNotices } from './modules/live/settings-notices.ts';

/** What services need from the outside world, built once in app.ts and passed down explicitly. */
export interface AppContext {
  config: Config;
  db: Database;
  dialect: Dialect;
  mailer: Mailer;
  limiter: RateLimiter;
  jobs: Jobs;
  /** Changes of people, reported once committed, for the superusers' live admin screens. */
  adminNotices: AdminNotices;
  /** Changes of a company's webhook endpoints and connections, reported once committed, for its live screens. */
  settingsNotices: SettingsNotices;
}
