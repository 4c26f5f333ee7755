import { describe, expect, it } from 'vitest';
import { activeGroupIds, isLeafActive, type MenuNode, visibleSections } from './menu-items.ts';

const ids = (nodes: MenuNode[]): string[] => nodes.flatMap((node) => [node.id, ...ids(node.children ?? [])]);

describe('visibleSections', () => {
  it('shows a company entry exactly when the company has its module', () => {
    const [company] = visibleSections({ modules: [2], hasCompany: true, isSuperuser: false });
    expect(company?.id).toBe('company');
    expect(company?.nodes.map((node) => node.id)).toEqual(['crm', 'change-company']);
    // Customers, To-dos, Calendar and Deals side by side, one level under CRM.
    expect(ids(company?.nodes ?? [])).toEqual([
      'crm',
      'crm-dashboard',
      'customer-list',
      'customer-events',
      'calendar',
      'deals',
      'change-company',
    ]);
  });

  it('shows every module entry for a company with all four', () => {
    const [company] = visibleSections({ modules: [0, 1, 2, 3], hasCompany: true, isSuperuser: false });
    expect(company?.nodes.map((node) => node.id)).toEqual([
      'dashboard',
      'crm-integration',
      'crm',
      'social',
      'change-company',
    ]);
  });

  it('offers Team to the owners and admins of the company and to superusers', () => {
    const team = (opts: { isSuperuser: boolean; managesCompany?: boolean }) =>
      visibleSections({ modules: [2], hasCompany: true, ...opts })[0]?.nodes.some(
        (node) => node.id === 'team',
      );
    expect(team({ isSuperuser: false, managesCompany: true })).toBe(true);
    expect(team({ isSuperuser: true })).toBe(true);
    expect(team({ isSuperuser: false, managesCompany: false })).toBe(false);
  });

  it('shows no company entries while the modules are unknown or without a company', () => {
    for (const options of [
      { modules: undefined, hasCompany: true },
      { modules: [0, 1, 2, 3], hasCompany: false },
    ]) {
      const sections = visibleSections({ ...options, isSuperuser: false });
      expect(sections.map((section) => section.id)).toEqual(['company']);
      expect(sections[0]?.nodes.map((node) => node.id)).toEqual(['change-company']);
    }
  });

  it('shows "Administration" to superusers only, opening with the overview; "Change company" to everyone', () => {
    const member = visibleSections({ modules: [], hasCompany: false, isSuperuser: false });
    const superuser = visibleSections({ modules: [], hasCompany: false, isSuperuser: true });
    expect(member.map((section) => section.id)).toEqual(['company']);
    expect(superuser.at(-1)?.id).toBe('admin');
    expect(superuser.at(-1)?.nodes.map((node) => node.id)).toEqual([
      'overview',
      'companies',
      'users',
      'audit',
      'jobs',
      'social-networks',
    ]);
  });
});

describe('active entry', () => {
  const [company] = visibleSections({ modules: [0, 1, 2, 3], hasCompany: true, isSuperuser: true });
  const nodes = company?.nodes ?? [];

  it('finds the groups that hold the active entry, outermost first', () => {
    expect(activeGroupIds(nodes, '/company/customer/events')).toEqual(['crm']);
    expect(activeGroupIds(nodes, '/company/calendar')).toEqual(['crm']);
    expect(activeGroupIds(nodes, '/company/dashboard')).toEqual([]);
  });

  it('keeps Deals lit on the board, its list view and one deal', () => {
    const deals = nodes.flatMap((node) => node.children ?? []).find((node) => node.id === 'deals');
    for (const path of ['/company/deals', '/company/deals/list', '/company/deal/12'])
      expect(deals && isLeafActive(deals, path), path).toBe(true);
    expect(deals && isLeafActive(deals, '/company/dealsx')).toBe(false);
    expect(activeGroupIds(nodes, '/company/deal/12')).toEqual(['crm']);
  });

  it('counts one customer as the customer list, and detail pages under their list', () => {
    expect(activeGroupIds(nodes, '/company/customer/42')).toEqual(['crm']);
    const admin = visibleSections({ modules: [], hasCompany: false, isSuperuser: true }).at(-1);
    const companies = admin?.nodes.find((node) => node.id === 'companies');
    expect(companies && isLeafActive(companies, '/admin/companies/7')).toBe(true);
    expect(companies && isLeafActive(companies, '/admin/companies-x')).toBe(false);
    const social = admin?.nodes.find((node) => node.id === 'social-networks');
    expect(social && isLeafActive(social, '/admin/social/tiktok')).toBe(true);
  });
});
