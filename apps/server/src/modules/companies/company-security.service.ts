import type { CompanySecurity } from '@kontora/contract/two-factor';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { CompanyScope } from '../../plugins/access.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Principal } from '../auth/session.service.ts';
import { findRequireTwoFactor, setRequireTwoFactor } from './company-security.repository.ts';

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
  await ctx.db.transaction().execute(async (trx) => {
    const before = await findRequireTwoFactor(trx, company.id);
    if (before === undefined) throw notFound('Company');
    if (before === body.require_two_factor) return;
    await setRequireTwoFactor(trx, company.id, body.require_two_factor);
    await recordAudit(trx, {
      actorId: principal.user.id,
      action: 'company.update',
      entity: 'company',
      entityId: company.id,
      companyId: company.id,
      before: { require_two_factor: before },
      after: { require_two_factor: body.require_two_factor },
    });
  });
  return { require_two_factor: body.require_two_factor };
}
