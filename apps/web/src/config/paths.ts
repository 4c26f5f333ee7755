import { MODULE_ID } from '@kontora/contract/limits';

/** Every route of the app, once (docs/product.md §2). `path` is for the router, `href()` for links. */
export const paths = {
  home: { path: '/', href: () => '/' },
  /** "Change company": open to everyone signed in, so it lives outside the admin area (decision 020). */
  chooseCompany: { path: '/companies', href: () => '/companies' },
  auth: {
    login: { path: '/login', href: () => '/login' },
    activate: { path: '/activate/:token', href: (token: string) => `/activate/${encodeURIComponent(token)}` },
    forgotPassword: { path: '/forgot-password', href: () => '/forgot-password' },
    resetPassword: {
      path: '/reset-password/:token',
      href: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
    },
    /** A company invitation's mail link: see it, sign in if needed, accept or decline. */
    invitation: {
      path: '/invitation/:token',
      href: (token: string) => `/invitation/${encodeURIComponent(token)}`,
    },
  },
  /** A social post's approval link, opened by a client without signing in (decision 023). */
  approve: { path: '/approve/:token', href: (token: string) => `/approve/${encodeURIComponent(token)}` },
  company: {
    dashboard: { path: '/company/dashboard', href: () => '/company/dashboard' },
    crmIntegration: { path: '/company/crm-integration', href: () => '/company/crm-integration' },
    crm: { path: '/company/crm', href: () => '/company/crm' },
    customers: {
      path: '/company/customer/list',
      href: (q?: string) => `/company/customer/list${q ? `?${new URLSearchParams({ q })}` : ''}`,
    },
    events: { path: '/company/customer/events', href: () => '/company/customer/events' },
    customer: { path: '/company/customer/:id', href: (id: number) => `/company/customer/${id}` },
    calendar: { path: '/company/calendar', href: () => '/company/calendar' },
    /** The deal board of a pipeline; filters and the pipeline in the query (`?pipeline=&owner_id=…`). */
    deals: { path: '/company/deals', href: () => '/company/deals' },
    dealList: { path: '/company/deals/list', href: () => '/company/deals/list' },
    deal: { path: '/company/deal/:id', href: (id: number) => `/company/deal/${id}` },
    social: { path: '/company/social', href: () => '/company/social' },
    /** A tab of the social screen: posts, compose, accounts, media. */
    socialTab: {
      path: '/company/social/:tab',
      href: (tab: 'posts' | 'compose' | 'accounts' | 'media') => `/company/social/${tab}`,
    },
    socialPost: { path: '/company/social/posts/:id', href: (id: number) => `/company/social/posts/${id}` },
    profile: { path: '/company/profile', href: () => '/company/profile' },
    settings: { path: '/company/settings', href: () => '/company/settings' },
    duplicates: { path: '/company/customer/duplicates', href: () => '/company/customer/duplicates' },
    team: { path: '/company/team', href: () => '/company/team' },
  },
  admin: {
    /** The chooser's old address: redirects to `chooseCompany`, so old links and bookmarks still work. */
    dashboard: { path: '/admin/dashboard', href: () => '/admin/dashboard' },
    overview: { path: '/admin/overview', href: () => '/admin/overview' },
    companies: { path: '/admin/companies', href: () => '/admin/companies' },
    company: { path: '/admin/companies/:id', href: (id: number) => `/admin/companies/${id}` },
    users: { path: '/admin/users', href: () => '/admin/users' },
    user: { path: '/admin/users/:id', href: (id: number) => `/admin/users/${id}` },
    audit: { path: '/admin/audit', href: () => '/admin/audit' },
    jobs: { path: '/admin/jobs', href: () => '/admin/jobs' },
    socialNetworks: { path: '/admin/social', href: () => '/admin/social' },
    socialNetwork: { path: '/admin/social/:type', href: (type: string) => `/admin/social/${type}` },
  },
} as const;

/**
 * Where a company opens: its dashboard, or, when the company lacks the dashboard
 * module (a CRM-only company), the first screen it has; a company with no module
 * at all gets the dashboard route, which explains that the module is not enabled.
 */
export function companyHome(moduleIds: readonly number[]): string {
  if (moduleIds.includes(MODULE_ID.dashboard)) return paths.company.dashboard.href();
  if (moduleIds.includes(MODULE_ID.crm)) return paths.company.crm.href();
  if (moduleIds.includes(MODULE_ID.crmIntegration)) return paths.company.crmIntegration.href();
  if (moduleIds.includes(MODULE_ID.social)) return paths.company.social.href();
  return paths.company.dashboard.href();
}
