import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths.ts';
import { firstScreens } from './first-screen-route.ts';

describe('the first screen the entry loads before the app has started', () => {
  it('is the login screen for a signed-out visit, wherever it was going', () => {
    for (const path of ['/login', '/', '/company/dashboard', '/company/customer/12', '/admin/users']) {
      expect(firstScreens(path, false), path).toEqual(['AccountLayout', 'LoginScreen']);
    }
    expect(firstScreens('/forgot-password', false)).toEqual(['AccountLayout', 'ForgotPasswordScreen']);
  });

  it("is the signed-in screen of the address, a literal address before a parameter's", () => {
    expect(firstScreens('/company/dashboard', true)).toEqual(['MainLayout', 'DashboardScreen']);
    expect(firstScreens('/company/customer/list', true)).toEqual(['MainLayout', 'CustomerListScreen']);
    expect(firstScreens('/company/customer/duplicates', true)).toEqual(['MainLayout', 'DuplicatesScreen']);
    expect(firstScreens('/company/customer/12', true)).toEqual(['MainLayout', 'CustomerScreen']);
    expect(firstScreens('/company/social/compose', true)).toEqual(['MainLayout', 'SocialScreen']);
    expect(firstScreens('/admin/companies/3', true)).toEqual(['MainLayout', 'CompanyScreen']);
  });

  it('is only the main layout where the home depends on the modules (home, login while signed in)', () => {
    expect(firstScreens('/', true)).toEqual(['MainLayout']);
    expect(firstScreens('/login', true)).toEqual(['MainLayout']);
  });

  it('keeps account links (activation, reset, invitation) on their own screen, signed in or not', () => {
    for (const signedIn of [true, false]) {
      expect(firstScreens('/activate/abc', signedIn)).toEqual(['AccountLayout', 'ActivateScreen']);
      expect(firstScreens('/reset-password/abc', signedIn)).toEqual(['AccountLayout', 'ResetPasswordScreen']);
      expect(firstScreens('/invitation/abc', signedIn)).toEqual(['AccountLayout', 'InvitationScreen']);
    }
  });

  it('loads nothing for an unknown address or an empty parameter', () => {
    expect(firstScreens('/nowhere', true)).toEqual([]);
    expect(firstScreens('/company/customer/', true)).toEqual([]);
  });

  it('knows a screen for every address of config/paths.ts (a new route needs its entry here)', () => {
    // The old chooser address only redirects.
    const redirects: string[] = [paths.home.path, paths.admin.dashboard.path];
    const all = [paths.chooseCompany, ...Object.values(paths.company), ...Object.values(paths.admin)]
      .map((route) => route.path)
      .filter((path) => !redirects.includes(path));
    for (const path of all) {
      const concrete = path.replace(/:[a-z]+/g, '7');
      expect(firstScreens(concrete, true), path).toHaveLength(2);
    }
    for (const route of Object.values(paths.auth)) {
      expect(firstScreens(route.path.replace(/:[a-z]+/g, 'x'), false), route.path).toHaveLength(2);
    }
  });
});
