import { describe, expect, it } from 'vitest';
import { companyLink, linkedCompanyId } from './app-links.ts';

describe('links that name their company', () => {
  it('adds the company to a route, after a query the route already has', () => {
    expect(companyLink('/company/customer/12', 3)).toBe('#/company/customer/12?company=3');
    expect(companyLink('/company/calendar?date=2030-06-05', 3)).toBe(
      '#/company/calendar?date=2030-06-05&company=3',
    );
    expect(companyLink('/company/social/posts/7', 3, 'https://crm.example.com')).toBe(
      'https://crm.example.com/#/company/social/posts/7?company=3',
    );
  });

  it('reads the company a link names, and nothing from a malformed one', () => {
    expect(linkedCompanyId('?company=3')).toBe(3);
    expect(linkedCompanyId('view=list&company=2147483647')).toBe(2_147_483_647);
    expect(linkedCompanyId(companyLink('/company/crm?x=1', 42).split('?')[1] ?? '')).toBe(42);
    for (const bad of [
      '',
      '?company=',
      '?company=0',
      '?company=-1',
      '?company=007',
      '?company=1e3',
      '?company=2147483648',
      '?company=3x',
      '?companies=3',
    ])
      expect(linkedCompanyId(bad), bad).toBeNull();
  });
});
