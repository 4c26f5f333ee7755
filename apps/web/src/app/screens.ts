import { lazyScreen } from '../lib/lazy-screen.tsx';

/** Each screen and both layouts are their own chunk, loaded when first shown (and again after a failed load). */
const load = lazyScreen;

export const AccountLayout = load(
  () => import('./layout/account-layout.tsx'),
  (m) => m.AccountLayout,
);
export const MainLayout = load(
  () => import('./layout/main-layout.tsx'),
  (m) => m.MainLayout,
);
export const LoginScreen = load(
  () => import('../features/auth/components/login-screen.tsx'),
  (m) => m.LoginScreen,
);
export const ForgotPasswordScreen = load(
  () => import('../features/auth/components/forgot-password-screen.tsx'),
  (m) => m.ForgotPasswordScreen,
);
export const ActivateScreen = load(
  () => import('../features/auth/components/activate-screen.tsx'),
  (m) => m.ActivateScreen,
);
export const ResetPasswordScreen = load(
  () => import('../features/auth/components/reset-password-screen.tsx'),
  (m) => m.ResetPasswordScreen,
);
export const InvitationScreen = load(
  () => import('../features/companies/components/invitation-screen.tsx'),
  (m) => m.InvitationScreen,
);
export const DashboardScreen = load(
  () => import('../features/dashboard/components/dashboard-screen.tsx'),
  (m) => m.DashboardScreen,
);
export const CrmIntegrationScreen = load(
  () => import('../features/crm-integration/components/crm-integration-screen.tsx'),
  (m) => m.CrmIntegrationScreen,
);
export const CrmDashboardScreen = load(
  () => import('../features/crm/components/crm-dashboard-screen.tsx'),
  (m) => m.CrmDashboardScreen,
);
export const CustomerListScreen = load(
  () => import('../features/crm/components/customer-list-screen.tsx'),
  (m) => m.CustomerListScreen,
);
export const CustomerScreen = load(
  () => import('../features/crm/components/customer-screen.tsx'),
  (m) => m.CustomerScreen,
);
export const EventsScreen = load(
  () => import('../features/crm/components/events-screen.tsx'),
  (m) => m.EventsScreen,
);
export const CalendarScreen = load(
  () => import('../features/calendar/components/calendar-screen.tsx'),
  (m) => m.CalendarScreen,
);
export const SocialScreen = load(
  () => import('../features/social/components/social-screen.tsx'),
  (m) => m.SocialScreen,
);
/** The client's approval page: public, in the account layout (no menu, no sign-in). */
export const ApprovalScreen = load(
  () => import('../features/social/components/approval/approval-screen.tsx'),
  (m) => m.ApprovalScreen,
);
export const ProfileScreen = load(
  () => import('../features/profile/components/profile-screen.tsx'),
  (m) => m.ProfileScreen,
);
export const SettingsScreen = load(
  () => import('../features/settings/components/settings-screen.tsx'),
  (m) => m.SettingsScreen,
);
export const CompanyChooserScreen = load(
  () => import('../features/companies/components/company-chooser-screen.tsx'),
  (m) => m.CompanyChooserScreen,
);
export const CompaniesScreen = load(
  () => import('../features/admin/components/companies-screen.tsx'),
  (m) => m.CompaniesScreen,
);
export const CompanyScreen = load(
  () => import('../features/admin/components/company-screen.tsx'),
  (m) => m.CompanyScreen,
);
export const UsersScreen = load(
  () => import('../features/admin/components/users-screen.tsx'),
  (m) => m.UsersScreen,
);
export const UserScreen = load(
  () => import('../features/admin/components/user-screen.tsx'),
  (m) => m.UserScreen,
);
export const AuditScreen = load(
  () => import('../features/admin/components/audit-screen.tsx'),
  (m) => m.AuditScreen,
);
export const JobsScreen = load(
  () => import('../features/jobs/components/jobs-screen.tsx'),
  (m) => m.JobsScreen,
);
export const DuplicatesScreen = load(
  () => import('../features/crm/components/duplicates-screen.tsx'),
  (m) => m.DuplicatesScreen,
);
export const TeamScreen = load(
  () => import('../features/settings/components/team-screen.tsx'),
  (m) => m.TeamScreen,
);
export const AdminOverviewScreen = load(
  () => import('../features/admin/components/admin-overview-screen.tsx'),
  (m) => m.AdminOverviewScreen,
);
