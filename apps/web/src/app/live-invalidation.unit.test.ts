// Here, not in features/shared/live: it checks the live keys against the screens of every feature, which only app/ may import.
import { CHANGE_TYPES, type ChangeKind, type ChangeType, changeKindOf } from '@kontora/contract/change-feed';
import type { JobState } from '@kontora/contract/jobs';
import {
  ADMIN_NOTICE_KINDS,
  type LiveJob,
  SETTINGS_NOTICE_KINDS,
  type SettingsNoticeKind,
} from '@kontora/contract/live';
import { partialMatchKey, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { customerQueryOptions } from '../features/crm/api/get-customer.ts';
import { timelineQueryOptions } from '../features/crm/api/get-timeline.ts';
import { dashboardSocialAccountsQueryOptions } from '../features/dashboard/api/get-social-accounts.ts';
import { dashboardSocialPostsQueryOptions } from '../features/dashboard/api/get-social-posts.ts';
import { dashboardWebhooksQueryOptions } from '../features/dashboard/api/get-webhooks.ts';
import { crmKeys } from '../features/shared/api/crm-keys.ts';
import { emailThreadsQueryOptions, scheduledEmailsQueryOptions } from '../features/shared/api/emails.ts';
import { apiKeysQueryOptions } from '../features/shared/api/get-api-keys.ts';
import { connectorKeys } from '../features/shared/api/get-connectors.ts';
import { eventsQueryOptions } from '../features/shared/api/get-events.ts';
import { invitationsQueryOptions } from '../features/shared/api/get-invitations.ts';
import { teamQueryOptions } from '../features/shared/api/get-team.ts';
import { mailboxesQueryOptions } from '../features/shared/api/mailboxes.ts';
import { webhookKeys } from '../features/shared/api/webhook-keys.ts';
import {
  keysForAdmin,
  keysForChange,
  keysForJob,
  keysOnLive,
} from '../features/shared/live/live-invalidation.ts';
import { accountsQueryOptions } from '../features/social/api/get-accounts.ts';
import { calendarPostsQueryOptions } from '../features/social/api/get-calendar-posts.ts';
import { postQueryOptions } from '../features/social/api/get-post.ts';
import { postsQueryOptions } from '../features/social/api/get-posts.ts';
import { socialMediaPagesOptions } from '../features/social/api/get-social-media.ts';
import { companyProfileQueryOptions } from '../lib/api/get-company.ts';
import { companyModulesQueryOptions } from '../lib/api/get-company-modules.ts';
import { myCompaniesQueryOptions } from '../lib/api/get-my-companies.ts';

const COMPANY = 7;
const RANGE = { from: '2025-01-01', to: '2025-02-01' };

/** The queries of the screens, taken from their own options so that a renamed key fails here. */
const SCREENS: Record<string, QueryKey> = {
  'customer list': crmKeys.customerList(COMPANY, {}),
  'customer page': customerQueryOptions(COMPANY, 1).queryKey,
  'customer timeline': timelineQueryOptions(COMPANY, 1).queryKey,
  'to-do list': eventsQueryOptions(COMPANY, {}).queryKey,
  'dashboard CRM widget': [...crmKeys.stats(COMPANY), null],
  'API keys tab and dashboard integration widget': apiKeysQueryOptions(COMPANY).queryKey,
  'dashboard webhooks': dashboardWebhooksQueryOptions(COMPANY).queryKey,
  'webhooks tab': webhookKeys.list(COMPANY),
  'webhook deliveries': webhookKeys.deliveries(COMPANY, 1),
  'connectors tab and dashboard integration widget': connectorKeys.list(COMPANY),
  'connector log': connectorKeys.log(COMPANY, 1),
  duplicates: crmKeys.duplicateGroups(COMPANY),
  'social posts': postsQueryOptions(COMPANY, {}).queryKey,
  'social post': postQueryOptions(COMPANY, 1).queryKey,
  'social calendar': calendarPostsQueryOptions(COMPANY, RANGE).queryKey,
  'social accounts': accountsQueryOptions(COMPANY).queryKey,
  'dashboard social posts': dashboardSocialPostsQueryOptions(COMPANY, 'scheduled').queryKey,
  'dashboard social accounts': dashboardSocialAccountsQueryOptions(COMPANY).queryKey,
  'media library': socialMediaPagesOptions(COMPANY).queryKey,
  team: teamQueryOptions(COMPANY).queryKey,
  invitations: invitationsQueryOptions(COMPANY).queryKey,
  'company profile': companyProfileQueryOptions(COMPANY).queryKey,
  'company modules': companyModulesQueryOptions(COMPANY).queryKey,
  'my companies': myCompaniesQueryOptions({ limit: 100 }).queryKey,
  'another company’s customers': crmKeys.customerList(COMPANY + 1, {}),
  'another company’s API keys': apiKeysQueryOptions(COMPANY + 1).queryKey,
  'another company’s webhooks': webhookKeys.list(COMPANY + 1),
  'another company’s connectors': connectorKeys.list(COMPANY + 1),
  'customer emails': emailThreadsQueryOptions(COMPANY, { kind: 'customers', id: 1 }).queryKey,
  'deal emails': emailThreadsQueryOptions(COMPANY, { kind: 'deals', id: 1 }).queryKey,
  'scheduled emails': scheduledEmailsQueryOptions(COMPANY).queryKey,
  mailboxes: mailboxesQueryOptions(COMPANY).queryKey,
  'another company’s emails': emailThreadsQueryOptions(COMPANY + 1, { kind: 'customers', id: 1 }).queryKey,
};

/** The screens these keys refetch. */
const screensOf = (keys: QueryKey[]): string[] =>
  Object.entries(SCREENS)
    .filter(([, screenKey]) => keys.some((key) => partialMatchKey(screenKey, key)))
    .map(([name]) => name);

/** The screens a change refetches. */
const refetched = (type: ChangeType): string[] => screensOf(keysForChange(type, COMPANY));

const CRM = [
  'customer list',
  'customer page',
  'customer timeline',
  'to-do list',
  'dashboard CRM widget',
  'duplicates',
];
const SOCIAL = [
  'social posts',
  'social post',
  'social calendar',
  'social accounts',
  'dashboard social posts',
  'dashboard social accounts',
];

/** The screens that show each kind of record (a customer change shows in the to-dos, a to-do in the stats). */
const SHOWN_ON: Record<ChangeKind, string[]> = {
  customer: CRM,
  event: CRM,
  deal: CRM,
  pipeline: CRM,
  social_post: SOCIAL,
  social_account: SOCIAL,
  social_media: ['media library'],
  api_key: ['API keys tab and dashboard integration widget'],
  member: ['team', 'invitations', 'my companies'],
  company: ['company profile', 'company modules', 'my companies'],
};

describe('keysForChange', () => {
  it.each(CHANGE_TYPES)('%s refetches exactly the screens that show its kind of record', (type) => {
    expect(refetched(type)).toEqual(SHOWN_ON[changeKindOf(type)]);
  });

  it('refetches the admin pages for member and company changes', () => {
    expect(keysForChange('member.removed', COMPANY)).toContainEqual(['admin']);
    expect(keysForChange('company.updated', COMPANY)).toContainEqual(['admin']);
  });

  it('refetches nothing for a type newer than the page (a deploy while it was open)', () => {
    expect(keysForChange('webhook.created' as ChangeType, COMPANY)).toEqual([]);
  });
});

const WEBHOOKS = ['dashboard webhooks', 'webhooks tab'];
const CONNECTORS = ['connectors tab and dashboard integration widget'];

/** The screens that show each kind of setting (the dashboard widget reads the tabs' lists). */
const SETTING_SHOWN_ON: Record<SettingsNoticeKind, string[]> = {
  'webhook.created': WEBHOOKS,
  'webhook.updated': WEBHOOKS,
  'webhook.deleted': WEBHOOKS,
  'webhook.disabled': WEBHOOKS,
  'connector.connected': CONNECTORS,
  'connector.disconnected': CONNECTORS,
  'mail.changed': ['customer emails', 'deal emails', 'scheduled emails', 'mailboxes'],
};

describe('keysForAdmin', () => {
  it.each(ADMIN_NOTICE_KINDS)('%s refetches the admin screens', (kind) => {
    expect(keysForAdmin(kind, COMPANY)).toEqual([['admin']]);
    expect(keysForAdmin(kind, null)).toEqual([['admin']]);
  });

  it.each(SETTINGS_NOTICE_KINDS)('%s refetches exactly the screens that show that setting', (kind) => {
    expect(screensOf(keysForAdmin(kind, COMPANY))).toEqual(SETTING_SHOWN_ON[kind]);
  });
});

const job = (name: string, state: JobState): LiveJob => ({
  type: 'job',
  job_id: '1',
  name,
  state,
  progress: 50,
  message: null,
  run_at: null,
  at: '2025-01-01T00:00:00Z',
});

describe('keysForJob', () => {
  it.each([
    ['connectors.sync', [...CONNECTORS, 'connector log']],
    ['customers.duplicate_scan', ['duplicates']],
  ])('%s, started or settled, refetches exactly the screens showing its results', (name, screens) => {
    for (const [state, previous] of [
      ['active', undefined],
      ['completed', 'active'],
      ['failed', 'active'],
      ['dead', 'failed'],
    ] as const) {
      expect(screensOf(keysForJob(job(name, state), previous, COMPANY))).toEqual(screens);
    }
  });

  it('refetches nothing on progress alone, or for a job nobody follows', () => {
    expect(keysForJob(job('connectors.sync', 'active'), 'active', COMPANY)).toEqual([]);
    expect(keysForJob(job('mail.send', 'completed'), 'active', COMPANY)).toEqual([]);
  });
});

describe('when the socket comes (back) up', () => {
  it('refetches what no resume replays: jobs and their results, settings, mail, a superuser’s admin screens', () => {
    const resumed = keysOnLive(COMPANY, false, true);
    expect(screensOf(resumed)).toEqual([
      ...WEBHOOKS,
      ...CONNECTORS,
      'connector log',
      'duplicates',
      'customer emails',
      'deal emails',
      'scheduled emails',
      'mailboxes',
    ]);
    expect(resumed).toContainEqual(['company-job', COMPANY]);
    expect(keysOnLive(COMPANY, true, true)).toContainEqual(['admin']);
    // A superuser on the admin screens without a current company.
    expect(keysOnLive(null, true, true)).toEqual([['admin']]);
  });

  it('asks for no settings or job results the screens have just read, when it first comes up', () => {
    expect(keysOnLive(COMPANY, false, false)).toEqual([['company-job', COMPANY]]);
    expect(keysOnLive(COMPANY, true, false)).toEqual([['company-job', COMPANY], ['admin']]);
  });
});
