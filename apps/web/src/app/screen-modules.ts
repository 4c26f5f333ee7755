/**
 * The code of each screen and of both layouts, one chunk each. Kept apart from
 * screens.ts (which wraps them for React) and free of imports, so the entry
 * (main.tsx) can start loading the first screen's code before React and the rest of
 * the app have arrived (app/first-screen.ts).
 */
export const screenModules = {
  AccountLayout: () => import('./layout/account-layout.tsx'),
  MainLayout: () => import('./layout/main-layout.tsx'),
  LoginScreen: () => import('../features/auth/components/login-screen.tsx'),
  ForgotPasswordScreen: () => import('../features/auth/components/forgot-password-screen.tsx'),
  ActivateScreen: () => import('../features/auth/components/activate-screen.tsx'),
  ResetPasswordScreen: () => import('../features/auth/components/reset-password-screen.tsx'),
  InvitationScreen: () => import('../features/companies/components/invitation-screen.tsx'),
  DashboardScreen: () => import('../features/dashboard/components/dashboard-screen.tsx'),
  CrmIntegrationScreen: () => import('../features/crm-integration/components/crm-integration-screen.tsx'),
  CrmDashboardScreen: () => import('../features/crm/components/crm-dashboard-screen.tsx'),
  CustomerListScreen: () => import('../features/crm/components/customer-list-screen.tsx'),
  CustomerScreen: () => import('../features/crm/components/customer-screen.tsx'),
  EventsScreen: () => import('../features/crm/components/events-screen.tsx'),
  CalendarScreen: () => import('../features/calendar/components/calendar-screen.tsx'),
  SocialScreen: () => import('../features/social/components/social-screen.tsx'),
  ApprovalScreen: () => import('../features/social/components/approval/approval-screen.tsx'),
  ProfileScreen: () => import('../features/profile/components/profile-screen.tsx'),
  SettingsScreen: () => import('../features/settings/components/settings-screen.tsx'),
  CompanyChooserScreen: () => import('../features/companies/components/company-chooser-screen.tsx'),
  CompaniesScreen: () => import('../features/admin/components/companies-screen.tsx'),
  CompanyScreen: () => import('../features/admin/components/company-screen.tsx'),
  UsersScreen: () => import('../features/admin/components/users-screen.tsx'),
  UserScreen: () => import('../features/admin/components/user-screen.tsx'),
  AuditScreen: () => import('../features/admin/components/audit-screen.tsx'),
  JobsScreen: () => import('../features/jobs/components/jobs-screen.tsx'),
  SocialNetworksScreen: () => import('../features/admin/components/social-networks-screen.tsx'),
  SocialNetworkScreen: () => import('../features/admin/components/social-network-screen.tsx'),
  DealsBoardScreen: () => import('../features/deals/components/deals-board-screen.tsx'),
  DealListScreen: () => import('../features/deals/components/deal-list-screen.tsx'),
  DealScreen: () => import('../features/deals/components/deal-screen.tsx'),
  DuplicatesScreen: () => import('../features/crm/components/duplicates-screen.tsx'),
  TeamScreen: () => import('../features/settings/components/team-screen.tsx'),
  AdminOverviewScreen: () => import('../features/admin/components/admin-overview-screen.tsx'),
};
