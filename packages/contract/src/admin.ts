import { z } from 'zod';
import {
  Cursor,
  Email,
  FullName,
  Id,
  isInDateRange,
  Language,
  OptionalText,
  oibProblem,
  SingleLine,
} from './fields.ts';
import { LIMITS, MODULE_IDS } from './limits.ts';
import { CompanyModule } from './me.ts';
import { CompanyRole, Member, UserStatus } from './members.ts';

/**
 * Superuser administration (docs/product.md §2 admin area): companies, people,
 * memberships, modules and the audit log, under `/api/admin/…`.
 */

// ---------------------------------------------------------------- fields

/** ISO 3166-1 alpha-2, upper-cased; the server also checks the code is assigned. */
export const CountryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: 'invalid_country' });

let timeZones: Set<string> | undefined;
/** IANA time zones the runtime knows (plus UTC, which `supportedValuesOf` leaves out). */
export function isTimeZone(value: string): boolean {
  timeZones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return timeZones.has(value);
}
export const TimeZone = z.string().trim().refine(isTimeZone, { error: 'invalid_time_zone' });

let currencies: Set<string> | undefined;
/** ISO 4217 codes the runtime knows. */
export function isCurrency(value: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf('currency'));
  return currencies.has(value);
}
export const Currency = z.string().trim().toUpperCase().refine(isCurrency, { error: 'invalid_currency' });

/** A company's tax id as stored: upper case, no spaces. */
export const TaxId = z
  .string()
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .max(32, { error: 'too_long' })
      .regex(/^[A-Z0-9./-]*$/, { error: 'invalid_oib' }),
  )
  .transform((v) => (v === '' ? null : v))
  .nullable();

export const ModuleIds = z
  .array(
    z
      .number()
      .int()
      .refine((id) => (MODULE_IDS as readonly number[]).includes(id), { error: 'invalid_module' }),
  )
  .max(MODULE_IDS.length * 4)
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

/** `limit`/`offset` paging shared by the admin lists. */
const Paging = {
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
};
const Search = SingleLine(100).optional();
const BoolParam = z.enum(['true', 'false']).transform((v) => v === 'true');

// ---------------------------------------------------------------- companies

const CompanyFields = {
  name: SingleLine(LIMITS.shortTextMax).min(1, { error: 'required' }),
  legal_name: OptionalText(LIMITS.shortTextMax),
  oib: TaxId,
  address: OptionalText(500, { multiline: true }),
  country: z.union([z.literal('').transform(() => null), CountryCode]).nullable(),
  time_zone: TimeZone,
  currency: Currency,
};

const checkOib = (v: { oib?: string | null; country?: string | null }, ctx: z.RefinementCtx) => {
  const problem = oibProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', path: ['oib'], message: problem });
};

export const CreateCompanyBody = z
  .object({
    ...CompanyFields,
    legal_name: CompanyFields.legal_name.optional(),
    oib: CompanyFields.oib.optional(),
    address: CompanyFields.address.optional(),
    country: CompanyFields.country.optional(),
    time_zone: CompanyFields.time_zone.default('Europe/Zagreb'),
    currency: CompanyFields.currency.default('EUR'),
    /** Modules to enable at once (ids 0–3); none when absent. */
    modules: ModuleIds.optional(),
  })
  .strict()
  .superRefine(checkOib);
export type CreateCompanyBody = z.infer<typeof CreateCompanyBody>;

/**
 * Every field optional. `is_active: false` deactivates the company: its members
 * can no longer open it (superusers still can) and its data is kept. The OIB is
 * checked against the resulting country by the server.
 */
export const UpdateCompanyBody = z
  .object({ ...CompanyFields, is_active: z.boolean() })
  .partial()
  .strict();
export type UpdateCompanyBody = z.infer<typeof UpdateCompanyBody>;

export const AdminCompaniesQuery = z.object({
  /** Matches name, legal name or OIB. */
  q: Search,
  is_active: BoolParam.optional(),
  ...Paging,
});

const CompanyCore = z.object({
  id: z.number(),
  name: z.string(),
  legal_name: z.string().nullable(),
  oib: z.string().nullable(),
  address: z.string().nullable(),
  country: z.string().nullable(),
  time_zone: z.string(),
  currency: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const AdminCompanyListItem = CompanyCore.extend({
  /** Enabled module ids. */
  modules: z.array(z.number()),
  member_count: z.number(),
});
export type AdminCompanyListItem = z.infer<typeof AdminCompanyListItem>;

export const AdminCompaniesData = z.object({ items: z.array(AdminCompanyListItem), total: z.number() });
export type AdminCompaniesData = z.infer<typeof AdminCompaniesData>;

export const AdminCompany = CompanyCore.extend({
  modules: z.array(CompanyModule),
  members: z.array(Member),
});
export type AdminCompany = z.infer<typeof AdminCompany>;

export const SetModulesBody = z.object({ modules: ModuleIds }).strict();
export type SetModulesBody = z.infer<typeof SetModulesBody>;
export const ModulesData = z.object({ modules: z.array(CompanyModule) });
export type ModulesData = z.infer<typeof ModulesData>;

/** Adds an existing person to a company (superusers; to invite a new one use `POST /api/admin/users`). */
export const AddMemberBody = z.object({ user_id: Id, role: CompanyRole }).strict();
export type AddMemberBody = z.infer<typeof AddMemberBody>;

// ---------------------------------------------------------------- people

export const MembershipInput = z.object({ company_id: Id, role: CompanyRole }).strict();

/** One entry per company; a company listed twice is refused. */
const Memberships = z
  .array(MembershipInput)
  .max(1000)
  .superRefine((list, ctx) => {
    const seen = new Set<number>();
    list.forEach((m, i) => {
      if (seen.has(m.company_id)) {
        ctx.addIssue({ code: 'custom', path: [i, 'company_id'], message: 'duplicate_company' });
      }
      seen.add(m.company_id);
    });
  });

export const InviteUserBody = z
  .object({
    email: Email,
    full_name: FullName,
    is_admin: z.boolean().default(false),
    /** Language of the invitation mail and the account; the inviting superuser's when absent. */
    language: Language.optional(),
    memberships: Memberships.default([]),
  })
  .strict();
export type InviteUserBody = z.infer<typeof InviteUserBody>;

/** `memberships`, when given, replaces all of the person's memberships. */
export const UpdateUserBody = z
  .object({ full_name: FullName, is_admin: z.boolean(), language: Language, memberships: Memberships })
  .partial()
  .strict();
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

export const AdminUsersQuery = z.object({
  /** Matches email or full name. */
  q: Search,
  status: UserStatus.optional(),
  is_admin: BoolParam.optional(),
  /** Only members of this company. */
  company_id: Id.optional(),
  ...Paging,
});

const UserCore = z.object({
  id: z.number(),
  email: z.string(),
  full_name: z.string(),
  is_admin: z.boolean(),
  status: UserStatus,
  language: z.string(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const AdminUserListItem = UserCore.extend({ company_count: z.number() });
export type AdminUserListItem = z.infer<typeof AdminUserListItem>;
export const AdminUsersData = z.object({ items: z.array(AdminUserListItem), total: z.number() });
export type AdminUsersData = z.infer<typeof AdminUsersData>;

export const UserMembership = z.object({
  company_id: z.number(),
  company_name: z.string(),
  company_is_active: z.boolean(),
  role: CompanyRole,
  created_at: z.string(),
});
export type UserMembership = z.infer<typeof UserMembership>;

export const AdminUser = UserCore.extend({ memberships: z.array(UserMembership) });
export type AdminUser = z.infer<typeof AdminUser>;

// ---------------------------------------------------------------- audit

/** A date (`2025-03-01`, the whole day in UTC) or a date-time with offset. */
const AuditTime = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'invalid_date' })
  .refine(isInDateRange, { error: 'date_out_of_range' });

export const AuditQuery = z.object({
  actor_id: Id.optional(),
  entity: SingleLine(64).min(1).optional(),
  entity_id: SingleLine(64).min(1).optional(),
  company_id: Id.optional(),
  action: SingleLine(64).min(1).optional(),
  /** Inclusive. */
  from: AuditTime.optional(),
  /** Inclusive: a date means up to the end of that day. */
  to: AuditTime.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** `next_cursor` of the previous page. */
  cursor: Cursor(200).optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditEntry = z.object({
  id: z.number(),
  actor_id: z.number().nullable(),
  actor_email: z.string().nullable(),
  actor_name: z.string().nullable(),
  /** A person (actor_id), an API key (actor_key_id; actor_name is the key's name) or the system. */
  actor_kind: z.enum(['user', 'api_key', 'system']),
  actor_key_id: z.number().nullable(),
  /** e.g. `company.update`, `membership.add`, `user.disable`. */
  action: z.string(),
  /** e.g. `company`, `user`, `membership`. */
  entity: z.string(),
  entity_id: z.string().nullable(),
  /** The record's name now (a person's name, a company's, a key's…); null when it has none or is gone. */
  entity_name: z.string().nullable(),
  company_id: z.number().nullable(),
  /** The company's name now; null for entries without a company. */
  company_name: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** Newest first; `next_cursor` is null on the last page. */
export const AuditData = z.object({ items: z.array(AuditEntry), next_cursor: z.string().nullable() });
export type AuditData = z.infer<typeof AuditData>;
