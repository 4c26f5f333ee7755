import { describe, expect, it } from 'vitest';
import { companyHome, paths } from './paths.ts';

describe('companyHome', () => {
  it('opens the dashboard when the company has it', () => {
    expect(companyHome([0, 2])).toBe('/company/dashboard');
  });

  it('opens the first screen the company has when it lacks the dashboard', () => {
    expect(companyHome([2])).toBe('/company/crm');
    expect(companyHome([3, 1])).toBe('/company/crm-integration');
    expect(companyHome([3])).toBe('/company/social');
  });

  it('falls back to the dashboard route (which explains the missing module)', () => {
    expect(companyHome([])).toBe('/company/dashboard');
  });
});

describe('paths', () => {
  it('builds the customer search address the top bar uses', () => {
    expect(paths.company.customers.href('Novak & Co')).toBe('/company/customer/list?q=Novak+%26+Co');
    expect(paths.company.customers.href()).toBe('/company/customer/list');
  });

  it('escapes tokens in links', () => {
    expect(paths.auth.resetPassword.href('a/b')).toBe('/reset-password/a%2Fb');
  });
});
