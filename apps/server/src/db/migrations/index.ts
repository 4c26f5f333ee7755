import type { Migration } from 'kysely';
import * as m001 from './001-core.ts';
import * as m002 from './002-crm.ts';
import * as m003 from './003-admin.ts';
import * as m004 from './004-company-scoped-keys.ts';
import * as m005 from './005-jobs.ts';
import * as m006 from './006-change-feed.ts';
import * as m007 from './007-two-factor.ts';
import * as m008 from './008-company-invitations.ts';
import * as m009 from './009-api-keys.ts';
import * as m010 from './010-webhooks.ts';
import * as m011 from './011-social-media.ts';
import * as m012 from './012-social-posts.ts';
import * as m014 from './014-event-recurrence.ts';
import * as m015 from './015-customer-merge.ts';
import * as m016 from './016-customer-views.ts';
import * as m017 from './017-connectors.ts';
import * as m018 from './018-social-approval.ts';
import * as m020 from './020-search-scale.ts';
import * as m021 from './021-job-company.ts';
import * as m022 from './022-company-working-day.ts';
import * as m023 from './023-invitation-language.ts';
import * as m025 from './025-connector-depth.ts';
import * as m027 from './027-social-post-options.ts';
import * as m028 from './028-calendar-page-plans.ts';
import * as m029 from './029-event-versions.ts';
import * as m030 from './030-event-counts-company-gone.ts';
import * as m031 from './031-search-name-marker.ts';
import * as m032 from './032-webhook-circuit-breaker.ts';
import * as m033 from './033-deals.ts';
import * as m034 from './034-customer-organisations.ts';
import * as m035 from './035-activity-versions.ts';
import * as m036 from './036-notifications.ts';
import * as m037 from './037-connector-deals.ts';
import * as m039 from './039-custom-fields.ts';
import * as m040 from './040-deal-stage-figures.ts';
import * as m041 from './041-mailboxes.ts';
import * as m042 from './042-target-error-status.ts';
import * as m043 from './043-email-sending.ts';
import * as m044 from './044-mail-attachments-health.ts';
import * as m045 from './045-custom-view-sort.ts';
import * as m046 from './046-import-staging.ts';
import * as m047 from './047-connector-deal-depth.ts';
import * as m048 from './048-mailbox-idle-lease.ts';
import * as m052 from './052-custom-field-deletion.ts';
import * as m053 from './053-connector-field-maps.ts';
import * as m054 from './054-mailbox-oauth.ts';
import * as m055 from './055-custom-field-sections.ts';
import * as m056 from './056-mail-exclusions.ts';
import * as m057 from './057-own-text-search.ts';
import * as m059 from './059-deal-views.ts';
import * as m063 from './063-sqlite-number-value-index.ts';
import * as m065 from './065-customer-import-marker.ts';
import * as m066 from './066-import-marker-counts.ts';
import * as m071 from './071-deal-event-import-marker.ts';
import * as m072 from './072-event-import-counts.ts';
import * as m073 from './073-record-key-indexes.ts';
import * as m074 from './074-own-values-without-foreign-keys.ts';
import * as m075 from './075-versions-bumped-at-the-flip.ts';
import * as m076 from './076-search-index-merges-less-often.ts';
import * as m077 from './077-own-values-on-the-row.ts';
import * as m078 from './078-own-values-indexed.ts';
import * as m079 from './079-own-value-rows-dropped.ts';
import * as m080 from './080-renames-bump-once-a-statement.ts';

/** A migration; `vacuumAfter` names tables it rewrites whole, vacuumed once the run has committed (db/migrate.ts). */
export type KontoraMigration = Migration & { vacuumAfter?: readonly string[] };

/** Every migration, in order. Names are permanent: never rename or edit one that has shipped. */
export const migrations: Record<string, KontoraMigration> = {
  '001-core': m001,
  '002-crm': m002,
  '003-admin': m003,
  '004-company-scoped-keys': m004,
  '005-jobs': m005,
  '006-change-feed': m006,
  '007-two-factor': m007,
  '008-company-invitations': m008,
  '009-api-keys': m009,
  '010-webhooks': m010,
  '011-social-media': m011,
  '012-social-posts': m012,
  '014-event-recurrence': m014,
  '015-customer-merge': m015,
  '016-customer-views': m016,
  '017-connectors': m017,
  '018-social-approval': m018,
  '020-search-scale': m020,
  '021-job-company': m021,
  '022-company-working-day': m022,
  '023-invitation-language': m023,
  '025-connector-depth': m025,
  '027-social-post-options': m027,
  '028-calendar-page-plans': m028,
  '029-event-versions': m029,
  '030-event-counts-company-gone': m030,
  '031-search-name-marker': m031,
  '032-webhook-circuit-breaker': m032,
  '033-deals': m033,
  '034-customer-organisations': m034,
  '035-activity-versions': m035,
  '036-notifications': m036,
  '037-connector-deals': m037,
  '039-custom-fields': m039,
  '040-deal-stage-figures': m040,
  '041-mailboxes': m041,
  '042-target-error-status': m042,
  '043-email-sending': m043,
  '044-mail-attachments-health': m044,
  '045-custom-view-sort': m045,
  '046-import-staging': m046,
  '047-connector-deal-depth': m047,
  '048-mailbox-idle-lease': m048,
  '052-custom-field-deletion': m052,
  '053-connector-field-maps': m053,
  '054-mailbox-oauth': m054,
  '055-custom-field-sections': m055,
  '056-mail-exclusions': m056,
  '057-own-text-search': m057,
  '059-deal-views': m059,
  '063-sqlite-number-value-index': m063,
  '065-customer-import-marker': m065,
  '066-import-marker-counts': m066,
  '071-deal-event-import-marker': m071,
  '072-event-import-counts': m072,
  '073-record-key-indexes': m073,
  '074-own-values-without-foreign-keys': m074,
  '075-versions-bumped-at-the-flip': m075,
  '076-search-index-merges-less-often': m076,
  '077-own-values-on-the-row': m077,
  '078-own-values-indexed': m078,
  '079-own-value-rows-dropped': m079,
  '080-renames-bump-once-a-statement': m080,
};
