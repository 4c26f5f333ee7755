import { describe, expect, it } from 'vitest';
import { keysForAdmin, keysForChange, keysOnLive } from './live-invalidation.ts';

describe('keysForChange', () => {
  it('refetches the whole CRM of the company for customer and to-do changes', () => {
    expect(keysForChange('customer.updated', 7)).toEqual([['crm', 7]]);
    expect(keysForChange('event.done', 7)).toEqual([['crm', 7]]);
  });

  it('refetches the team and admin lists for member changes, the company for company changes', () => {
    expect(keysForChange('member.removed', 7)).toEqual([['team', 7], ['admin'], ['me', 'companies']]);
    expect(keysForChange('company.modules_changed', 7)).toContainEqual(['company-modules', 7]);
  });

  it('refetches the company’s social screens (and the dashboard widget) for social changes', () => {
    expect(keysForChange('social_post.status_changed', 7)).toEqual([['social', 7]]);
    expect(keysForChange('social_account.connected', 7)).toEqual([['social', 7]]);
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
