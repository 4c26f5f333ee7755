import type {
  AdminCompaniesData,
  AdminCompaniesQuery,
  AdminCompany,
  CreateCompanyBody,
  ModulesData,
  UpdateCompanyBody,
} from '@kontora/contract/admin';
import { isCurrentCurrency } from '@kontora/contract/currencies';
import { oibProblem } from '@kontora/contract/fields';
import { type CompanyRole, MODULES } from '@kontora/contract/limits';
import type { Member } from '@kontora/contract/members';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import { changedFields, recordAudit } from '../audit/audit.service.ts';
import { isCountryCode } from '../catalogue/catalogue.service.ts';
import { byUser, fieldChanges, recordChange } from '../change-feed/change-feed.service.ts';
import { moduleIdsOf, moduleIdsOfMany } from '../companies/companies.service.ts';
import { createDefaultPipeline } from '../deals/pipelines.service.ts';
import { addMember, inCompanyTransaction, listTeam, type TeamActor } from '../members/members.service.ts';
import { findUserById } from '../users/users.service.ts';
import {
  type CompanyFields,
  type CompanyRow,
  findCompany,
  insertCompany,
  listCompanies,
  replaceCompanyModules,
  updateCompany,
} from './admin-companies.repository.ts';

/** The catalogue entries of these module ids ({id, key, name}), as `GET /api/company-modules` answers. */
const modulesOf = (ids: readonly number[]) => MODULES.filter((m) => ids.includes(m.id));

function assertCountry(country: string | null | undefined): void {
  if (country && !isCountryCode(country)) throw invalidField('country', 'invalid_country');
}

/** A retired code (HRK…) is refused as a new value; a company that already has one keeps it. */
function assertCurrency(currency: string | undefined, stored?: string): void {
  if (currency !== undefined && currency !== stored && !isCurrentCurrency(currency))
    throw invalidField('currency', 'retired_currency');
}

function assertOib(oib: string | null, country: string | null): void {
  const problem = oibProblem({ oib, country });
  if (problem) throw invalidField('oib', problem);
}

/** What the audit log keeps of a company. */
const snapshot = (c: CompanyFields & { is_active: boolean }) => ({
  name: c.name,
  legal_name: c.legal_name,
  oib: c.oib,
  address: c.address,
  country: c.country,
  time_zone: c.time_zone,
  currency: c.currency,
  is_active: c.is_active,
});

export async function listAdminCompanies(
  ctx: AppContext,
  query: z.infer<typeof AdminCompaniesQuery>,
): Promise<AdminCompaniesData> {
  const page = await listCompanies(ctx.db, query);
  const modules = await moduleIdsOfMany(
    ctx.db,
    page.items.map((c) => c.id),
  );
  return { items: page.items.map((c) => ({ ...c, modules: modules.get(c.id) ?? [] })), total: page.total };
}

export async function getAdminCompany(ctx: AppContext, id: number): Promise<AdminCompany> {
  const company = await findCompany(ctx.db, id);
  if (!company) throw notFound('Company');
  const [modules, members] = await Promise.all([moduleIdsOf(ctx.db, id), listTeam(ctx, id)]);
  return { ...company, modules: modulesOf(modules), members };
}

export async function createCompany(
  ctx: AppContext,
  actor: TeamActor,
  body: CreateCompanyBody,
): Promise<AdminCompany> {
  assertCountry(body.country);
  assertCurrency(body.currency);
  const fields: CompanyFields = {
    name: body.name,
    legal_name: body.legal_name ?? null,
    oib: body.oib ?? null,
    address: body.address ?? null,
    country: body.country ?? null,
    time_zone: body.time_zone,
    currency: body.currency,
  };
  const modules = body.modules ?? [];
  const id = await ctx.db.transaction().execute(async (trx) => {
    const newId = await insertCompany(trx, ctx.caches, fields);
    await replaceCompanyModules(trx, ctx.caches, newId, modules);
    await createDefaultPipeline(trx, newId, fields.country);
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'company.create',
      entity: 'company',
      entityId: newId,
      companyId: newId,
      before: null,
      after: { ...snapshot({ ...fields, is_active: true }), modules },
    });
    await recordChange(trx, {
      companyId: newId,
      type: 'company.created',
      entity: { type: 'company', id: newId },
      actor: byUser(actor.id),
      data: { ...snapshot({ ...fields, is_active: true }), modules },
    });
    return newId;
  });
  return getAdminCompany(ctx, id);
}

/** Only the fields present in the body change; `is_active` alone is recorded as (de)activation. */
export async function updateAdminCompany(
  ctx: AppContext,
  actor: TeamActor,
  id: number,
  body: UpdateCompanyBody,
): Promise<AdminCompany> {
  if (body.country !== undefined) assertCountry(body.country);
  await inCompanyTransaction(ctx, id, async (trx) => {
    const current = await findCompany(trx, id);
    if (!current) throw notFound('Company');
    assertCurrency(body.currency, current.currency);
    const patch = Object.fromEntries(
      Object.entries(body).filter(([, v]) => v !== undefined),
    ) as Partial<CompanyRow>;
    const next: CompanyRow = { ...current, ...patch };
    if (body.oib !== undefined || body.country !== undefined) assertOib(next.oib, next.country);
    const diff = changedFields(snapshot(current), snapshot(next));
    if (!diff) return;
    const keys = Object.keys(diff.after);
    const action =
      keys.length === 1 && keys[0] === 'is_active'
        ? next.is_active
          ? 'company.reactivate'
          : 'company.deactivate'
        : 'company.update';
    await updateCompany(trx, ctx.caches, id, diff.after);
    await recordAudit(trx, {
      actorId: actor.id,
      action,
      entity: 'company',
      entityId: id,
      companyId: id,
      ...diff,
    });
    await recordChange(trx, {
      companyId: id,
      type: 'company.updated',
      entity: { type: 'company', id },
      actor: byUser(actor.id),
      changes: fieldChanges(diff),
    });
  });
  return getAdminCompany(ctx, id);
}

/** Replaces the enabled modules; the answer has the shape of `GET /api/company-modules/{id}`. */
export async function setCompanyModules(
  ctx: AppContext,
  actor: TeamActor,
  id: number,
  modules: number[],
): Promise<ModulesData> {
  await inCompanyTransaction(ctx, id, async (trx) => {
    if (!(await findCompany(trx, id))) throw notFound('Company');
    const before = await moduleIdsOf(trx, id);
    if (JSON.stringify(before) === JSON.stringify(modules)) return;
    await replaceCompanyModules(trx, ctx.caches, id, modules);
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'company.modules',
      entity: 'company',
      entityId: id,
      companyId: id,
      before: { modules: before },
      after: { modules },
    });
    await recordChange(trx, {
      companyId: id,
      type: 'company.modules_changed',
      entity: { type: 'company', id },
      actor: byUser(actor.id),
      changes: [{ field: 'modules', before, after: modules }],
    });
  });
  return { modules: modulesOf(await moduleIdsOf(ctx.db, id)) };
}

export async function addCompanyMember(
  ctx: AppContext,
  actor: TeamActor,
  companyId: number,
  userId: number,
  role: CompanyRole,
): Promise<Member> {
  if (!(await findCompany(ctx.db, companyId))) throw notFound('Company');
  if (!(await findUserById(ctx.db, userId))) throw invalidField('user_id', 'not_found');
  return addMember(ctx, actor, companyId, userId, role);
}
