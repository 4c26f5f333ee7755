import { MODULE_ID } from '@kontora/contract/limits';
import type { IconName } from '../../components/icon.tsx';
import { paths } from '../../config/paths.ts';

export type MenuLabelKey =
  | 'menu.dashboard'
  | 'menu.crmIntegration'
  | 'menu.crm'
  | 'menu.crmDashboard'
  | 'menu.customers'
  | 'menu.customerList'
  | 'menu.customerEvents'
  | 'menu.calendar'
  | 'menu.deals'
  | 'menu.social'
  | 'menu.changeCompany'
  | 'menu.companies'
  | 'menu.users'
  | 'menu.audit'
  | 'menu.jobs'
  | 'menu.socialNetworks'
  | 'menu.team'
  | 'menu.overview';

export type MenuNode = {
  id: string;
  label: MenuLabelKey;
  icon?: IconName;
  /** Leaf: where it goes. Groups have children instead. */
  to?: string;
  /** Further addresses that make this leaf the active one (e.g. one customer → the list). */
  also?: RegExp;
  /** Shown only when the current company has this module (docs/product.md §3, §12.1). */
  module?: number;
  /** Shown to the company's owners and admins (and superusers) only. */
  managersOnly?: boolean;
  children?: MenuNode[];
};

export type MenuSection = { id: 'company' | 'admin'; nodes: MenuNode[] };

const COMPANY_MENU: MenuNode[] = [
  {
    id: 'dashboard',
    label: 'menu.dashboard',
    icon: 'grid',
    to: paths.company.dashboard.href(),
    module: MODULE_ID.dashboard,
  },
  {
    id: 'crm-integration',
    label: 'menu.crmIntegration',
    icon: 'link',
    to: paths.company.crmIntegration.href(),
    module: MODULE_ID.crmIntegration,
  },
  {
    id: 'crm',
    label: 'menu.crm',
    icon: 'users',
    module: MODULE_ID.crm,
    children: [
      { id: 'crm-dashboard', label: 'menu.crmDashboard', icon: 'chart', to: paths.company.crm.href() },
      // Customers, To-dos and Calendar side by side: to-dos were three levels deep (decision 020).
      {
        id: 'customer-list',
        label: 'menu.customers',
        icon: 'list',
        to: paths.company.customers.href(),
        also: /^\/company\/customer\/\d+$/,
      },
      { id: 'customer-events', label: 'menu.customerEvents', icon: 'check', to: paths.company.events.href() },
      { id: 'calendar', label: 'menu.calendar', icon: 'calendar', to: paths.company.calendar.href() },
      // The board, its list view and one deal's page all keep "Deals" lit.
      {
        id: 'deals',
        label: 'menu.deals',
        icon: 'briefcase',
        to: paths.company.deals.href(),
        also: /^\/company\/deal\/\d+$/,
      },
    ],
  },
  {
    id: 'social',
    label: 'menu.social',
    icon: 'share',
    to: paths.company.social.href(),
    module: MODULE_ID.social,
  },
  { id: 'team', label: 'menu.team', icon: 'user', to: paths.company.team.href(), managersOnly: true },
];

/** "Change company" belongs to everyone: it closes the company section, or is all of it without a company. */
const CHANGE_COMPANY: MenuNode = {
  id: 'change-company',
  label: 'menu.changeCompany',
  icon: 'swap',
  to: paths.chooseCompany.href(),
};

const ADMIN_MENU: MenuNode[] = [
  {
    id: 'overview',
    label: 'menu.overview',
    icon: 'activity',
    to: paths.admin.overview.href(),
  },
  {
    id: 'companies',
    label: 'menu.companies',
    icon: 'briefcase',
    to: paths.admin.companies.href(),
  },
  { id: 'users', label: 'menu.users', icon: 'user', to: paths.admin.users.href() },
  { id: 'audit', label: 'menu.audit', icon: 'list', to: paths.admin.audit.href() },
  { id: 'jobs', label: 'menu.jobs', icon: 'box', to: paths.admin.jobs.href() },
  {
    id: 'social-networks',
    label: 'menu.socialNetworks',
    icon: 'share',
    to: paths.admin.socialNetworks.href(),
  },
];

/**
 * The entries this person may see: company entries exactly for the company's
 * modules (none while the list is unknown), Team for its owners and admins,
 * "Change company" always, and the "Administration" section only for superusers.
 */
export function visibleSections(opts: {
  modules: readonly number[] | undefined;
  hasCompany: boolean;
  isSuperuser: boolean;
  /** Owner or admin of the current company. */
  managesCompany?: boolean;
}): MenuSection[] {
  const company = opts.hasCompany
    ? COMPANY_MENU.filter(
        (node) =>
          (node.module === undefined || (opts.modules ?? []).includes(node.module)) &&
          (!node.managersOnly || opts.isSuperuser || Boolean(opts.managesCompany)),
      )
    : [];
  const sections: MenuSection[] = [{ id: 'company', nodes: [...company, CHANGE_COMPANY] }];
  if (opts.isSuperuser) sections.push({ id: 'admin', nodes: ADMIN_MENU });
  return sections;
}

export function isLeafActive(node: MenuNode, pathname: string): boolean {
  if (!node.to) return false;
  return pathname === node.to || pathname.startsWith(`${node.to}/`) || Boolean(node.also?.test(pathname));
}

/** Ids of the groups that contain the active entry (outermost first). */
export function activeGroupIds(nodes: readonly MenuNode[], pathname: string): string[] {
  for (const node of nodes) {
    if (node.children) {
      const inner = activeGroupIds(node.children, pathname);
      if (inner.length > 0 || node.children.some((child) => isLeafActive(child, pathname))) {
        return [node.id, ...inner];
      }
    }
  }
  return [];
}
