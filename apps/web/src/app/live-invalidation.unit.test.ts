// Here, not in features/shared/live: it checks the live keys against the screens of every feature, which only app/ may import.
import { CHANGE_TYPES, type ChangeKind, type ChangeType, changeKindOf } from '@kontora/contract/change-feed';
import { partialMatchKey, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { customerQueryOptions } from '../features/crm/api/get-customer.ts';
import { timelineQueryOptions } from '../features/crm/api/get-timeline.ts';
import { dashboardSocialAccountsQueryOptions } from '../features/dashboard/api/get-social-accounts.ts';
import { dashboardSocialPostsQueryOptions } from '../features/dashboard/api/get-social-posts.ts';
import { dashboardWebhooksQueryOptions } from '../features/dashboard/api/get-webhooks.ts';
import { crmKeys } from '../features/shared/api/crm-keys.ts';
import { apiKeysQueryOptions } from '../features/shared/api/get-api-keys.ts';
import { eventsQueryOptions } from '../features/shared/api/get-events.ts';
import { invitationsQueryOptions } from '../features/shared/api/get-invitations.ts';
import { teamQueryOptions } from '../features/shared/api/get-team.ts';
import { keysForAdmin, keysForChange, keysOnLive } from '../features/shared/live/live-invalidation.ts';
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
};

/** The screens a change refetches. */
const refetched = (type: ChangeType): string[] =>
  Object.entries(SCREENS)
    .filter(([, screenKey]) => keysForChange(type, COMPANY).some((key) => partialMatchKey(screenKey, key)))
    .map(([name]) => name);

const CRM = ['customer list', 'customer page', 'customer timeline', 'to-do list', 'dashboard CRM widget'];
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

describe('admin screens', () => {
  it('are refetched on an admin notice, and whenever a superuser’s socket comes (back) up', () => {
    expect(keysForAdmin()).toEqual([['admin']]);
    expect(keysOnLive(7, true)).toEqual([['company-job', 7], ['admin']]);
    // A superuser on the admin screens without a current company.
    expect(keysOnLive(null, true)).toEqual([['admin']]);
    expect(keysOnLive(7, false)).toEqual([['company-job', 7]]);
  });
});
