import { describe, expect, it } from 'vitest';
import { activeGroupIds, isLeafActive, type MenuNode, visibleSections } from './menu-items.ts';

const ids = (nodes: MenuNode[]): string[] => nodes.flatMap((node) => [node.id, ...ids(node.children ?? [])]);

describe('visibleSections', () => {
  it('shows a company entry exactly when the company has its module', () => {
    const [company] = visibleSections({ modules: [2], hasCompany: true, isSuperuser: false });
    expect(company?.id).toBe('company');
    expect(company?.nodes.map((node) => node.id)).toEqual(['crm']);
    expect(ids(company?.nodes ?? [])).toEqual([
      'crm',
      'crm-dashboard',
      'customers',
      'customer-list',
      'customer-events',
      'calendar',
    ]);
  });

  it('shows every module entry for a company with all four', () => {
    const [company] = visibleSections({ modules: [0, 1, 2, 3], hasCompany: true, isSuperuser: false });
    expect(company?.nodes.map((node) => node.id)).toEqual(['dashboard', 'crm-integration', 'crm', 'social']);
  });

  it('shows no company entries while the modules are unknown or without a company', () => {
    for (const options of [
      { modules: undefined, hasCompany: true },
      { modules: [0, 1, 2, 3], hasCompany: false },
    ]) {
      const sections = visibleSections({ ...options, isSuperuser: false });
      expect(sections.map((section) => section.id)).toEqual(['admin']);
    }
  });

  it('offers the superuser screens to superusers only; "Change company" to everyone', () => {
    const member = visibleSections({ modules: [], hasCompany: false, isSuperuser: false });
    const superuser = visibleSections({ modules: [], hasCompany: false, isSuperuser: true });
    expect(member.at(-1)?.nodes.map((node) => node.id)).toEqual(['change-company']);
    expect(superuser.at(-1)?.nodes.map((node) => node.id)).toEqual([
      'change-company',
      'companies',
      'users',
      'audit',
      'jobs',
    ]);
  });
});

describe('active entry', () => {
  const [company] = visibleSections({ modules: [0, 1, 2, 3], hasCompany: true, isSuperuser: true });
  const nodes = company?.nodes ?? [];

  it('finds the groups that hold the active entry, outermost first', () => {
    expect(activeGroupIds(nodes, '/company/customer/events')).toEqual(['crm', 'customers']);
    expect(activeGroupIds(nodes, '/company/calendar')).toEqual(['crm']);
    expect(activeGroupIds(nodes, '/company/dashboard')).toEqual([]);
  });

  it('counts one customer as the customer list, and detail pages under their list', () => {
    expect(activeGroupIds(nodes, '/company/customer/42')).toEqual(['crm', 'customers']);
    const [admin] = visibleSections({ modules: [], hasCompany: false, isSuperuser: true });
    const companies = admin?.nodes.find((node) => node.id === 'companies');
    expect(companies && isLeafActive(companies, '/admin/companies/7')).toBe(true);
    expect(companies && isLeafActive(companies, '/admin/companies-x')).toBe(false);
  });
});
