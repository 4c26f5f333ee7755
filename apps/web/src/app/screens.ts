import { lazyScreen } from '../lib/lazy-screen.tsx';
import { screenModules as m } from './screen-modules.ts';

/** Each screen and both layouts are their own chunk, loaded when first shown (and again after a failed load). */
const load = lazyScreen;

export const AccountLayout = load(m.AccountLayout, (x) => x.AccountLayout);
export const MainLayout = load(m.MainLayout, (x) => x.MainLayout);
export const LoginScreen = load(m.LoginScreen, (x) => x.LoginScreen);
export const ForgotPasswordScreen = load(m.ForgotPasswordScreen, (x) => x.ForgotPasswordScreen);
export const ActivateScreen = load(m.ActivateScreen, (x) => x.ActivateScreen);
export const ResetPasswordScreen = load(m.ResetPasswordScreen, (x) => x.ResetPasswordScreen);
export const InvitationScreen = load(m.InvitationScreen, (x) => x.InvitationScreen);
export const DashboardScreen = load(m.DashboardScreen, (x) => x.DashboardScreen);
export const CrmIntegrationScreen = load(m.CrmIntegrationScreen, (x) => x.CrmIntegrationScreen);
export const CrmDashboardScreen = load(m.CrmDashboardScreen, (x) => x.CrmDashboardScreen);
export const CustomerListScreen = load(m.CustomerListScreen, (x) => x.CustomerListScreen);
export const CustomerScreen = load(m.CustomerScreen, (x) => x.CustomerScreen);
export const EventsScreen = load(m.EventsScreen, (x) => x.EventsScreen);
export const CalendarScreen = load(m.CalendarScreen, (x) => x.CalendarScreen);
export const SocialScreen = load(m.SocialScreen, (x) => x.SocialScreen);
/** The client's approval page: public, in the account layout (no menu, no sign-in). */
export const ApprovalScreen = load(m.ApprovalScreen, (x) => x.ApprovalScreen);
export const ProfileScreen = load(m.ProfileScreen, (x) => x.ProfileScreen);
export const SettingsScreen = load(m.SettingsScreen, (x) => x.SettingsScreen);
export const CompanyChooserScreen = load(m.CompanyChooserScreen, (x) => x.CompanyChooserScreen);
export const CompaniesScreen = load(m.CompaniesScreen, (x) => x.CompaniesScreen);
export const CompanyScreen = load(m.CompanyScreen, (x) => x.CompanyScreen);
export const UsersScreen = load(m.UsersScreen, (x) => x.UsersScreen);
export const UserScreen = load(m.UserScreen, (x) => x.UserScreen);
export const AuditScreen = load(m.AuditScreen, (x) => x.AuditScreen);
export const JobsScreen = load(m.JobsScreen, (x) => x.JobsScreen);
export const SocialNetworksScreen = load(m.SocialNetworksScreen, (x) => x.SocialNetworksScreen);
export const SocialNetworkScreen = load(m.SocialNetworkScreen, (x) => x.SocialNetworkScreen);
export const DealsBoardScreen = load(m.DealsBoardScreen, (x) => x.DealsBoardScreen);
export const DealListScreen = load(m.DealListScreen, (x) => x.DealListScreen);
export const DealScreen = load(m.DealScreen, (x) => x.DealScreen);
export const DuplicatesScreen = load(m.DuplicatesScreen, (x) => x.DuplicatesScreen);
export const TeamScreen = load(m.TeamScreen, (x) => x.TeamScreen);
export const AdminOverviewScreen = load(m.AdminOverviewScreen, (x) => x.AdminOverviewScreen);
