import type { CompanySecurity } from '@kontora/contract/two-factor';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import type { CompanyScope } from '../../plugins/access.ts';
import { findRequireTwoFactor, setRequireTwoFactor } from './company-security.repository.ts';
import { changeCompanySetting } from './company-setting.ts';

export async function getCompanySecurity(ctx: AppContext, companyId: number): Promise<CompanySecurity> {
  const required = await findRequireTwoFactor(ctx.db, companyId);
  if (required === undefined) throw notFound('Company');
  return { require_two_factor: required };
}

/**
 * Owners (and superusers) turn the requirement on or off. A member who sets it
 * must have two-factor sign-in already, or they would lock themselves out of
 * the company they are configuring.
 */
export async function updateCompanySecurity(
  ctx: AppContext,
  principal: Principal,
  company: CompanyScope,
  body: CompanySecurity,
): Promise<CompanySecurity> {
  if (body.require_two_factor && company.role && !principal.twoFactorEnabled) {
    throw new AppError(409, 'two_factor_required', 'Turn on two-factor sign-in for yourself first.');
  }
  await changeCompanySetting(
    ctx.db,
    principal.user.id,
    company.id,
    {
      key: 'require_two_factor',
      read: findRequireTwoFactor,
      write: (db, companyId, required) => setRequireTwoFactor(db, ctx.caches, companyId, required),
    },
    body.require_two_factor,
  );
  return { require_two_factor: body.require_two_factor };
}
