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
  | 'menu.social'
  | 'menu.changeCompany'
  | 'menu.companies'
  | 'menu.users'
  | 'menu.audit'
  | 'menu.jobs';

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
  superuserOnly?: boolean;
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
      {
        id: 'customers',
        label: 'menu.customers',
        icon: 'list',
        children: [
          {
            id: 'customer-list',
            label: 'menu.customerList',
            to: paths.company.customers.href(),
            also: /^\/company\/customer\/\d+$/,
          },
          { id: 'customer-events', label: 'menu.customerEvents', to: paths.company.events.href() },
        ],
      },
      { id: 'calendar', label: 'menu.calendar', icon: 'calendar', to: paths.company.calendar.href() },
    ],
  },
  {
    id: 'social',
    label: 'menu.social',
    icon: 'share',
    to: paths.company.social.href(),
    module: MODULE_ID.social,
  },
];

const ADMIN_MENU: MenuNode[] = [
  { id: 'change-company', label: 'menu.changeCompany', icon: 'swap', to: paths.admin.dashboard.href() },
  {
    id: 'companies',
    label: 'menu.companies',
    icon: 'briefcase',
    to: paths.admin.companies.href(),
    superuserOnly: true,
  },
  { id: 'users', label: 'menu.users', icon: 'user', to: paths.admin.users.href(), superuserOnly: true },
  { id: 'audit', label: 'menu.audit', icon: 'activity', to: paths.admin.audit.href(), superuserOnly: true },
  { id: 'jobs', label: 'menu.jobs', icon: 'box', to: paths.admin.jobs.href(), superuserOnly: true },
];

/**
 * The entries this person may see: company entries exactly for the company's
 * modules (none while the list is unknown), admin entries by role.
 */
export function visibleSections(opts: {
  modules: readonly number[] | undefined;
  hasCompany: boolean;
  isSuperuser: boolean;
}): MenuSection[] {
  const company = opts.hasCompany
    ? COMPANY_MENU.filter((node) => node.module === undefined || (opts.modules ?? []).includes(node.module))
    : [];
  const admin = ADMIN_MENU.filter((node) => !node.superuserOnly || opts.isSuperuser);
  const sections: MenuSection[] = [];
  if (company.length > 0) sections.push({ id: 'company', nodes: company });
  sections.push({ id: 'admin', nodes: admin });
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
