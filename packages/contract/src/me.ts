import { z } from 'zod';
import { FullName, Language, Password, SingleLine } from './fields.ts';
import { COMPANY_ROLES } from './limits.ts';
import { NotificationPreferencesPatch } from './notifications.ts';
import { LayoutPreferences } from './preferences.ts';

export const UpdateMeBody = z
  .object({
    full_name: FullName,
    language: Language,
    preferences: LayoutPreferences,
    /** The kinds given change; the others keep their choice. */
    notification_preferences: NotificationPreferencesPatch,
  })
  .partial()
  .strict();
export type UpdateMeBody = z.infer<typeof UpdateMeBody>;

export const ChangePasswordBody = z.object({
  current_password: z.string().min(1).max(1024),
  new_password: Password,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const CompanyModule = z.object({ id: z.number(), key: z.string(), name: z.string() });
export type CompanyModule = z.infer<typeof CompanyModule>;

/** `GET /api/companies/{companyId}`: what every member may know of the company (dates and money are shown in these). */
export const CompanyProfile = z.object({
  id: z.number(),
  name: z.string(),
  legal_name: z.string().nullable(),
  country: z.string().nullable(),
  /** IANA time zone: to-dos, the calendar and "today" follow it. */
  time_zone: z.string(),
  /** ISO 4217. */
  currency: z.string(),
  /** "HH:MM" in the company's zone: the calendar's week and day views open scrolled here. */
  workday_start: z.string(),
  /** Largest CSV file an import takes, in bytes: the server's IMPORT_MAX_BYTES (1 GB by default), the same for every company. */
  import_max_bytes: z.number().int(),
});
export type CompanyProfile = z.infer<typeof CompanyProfile>;

/** A wall-clock time "HH:MM", 24-hour. */
export const WorkdayStart = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time as HH:MM, 00:00 to 23:59.');

/** `PUT /api/companies/{companyId}/calendar-settings` (owners and admins). */
export const CompanyCalendarSettings = z.object({ workday_start: WorkdayStart }).strict();
export type CompanyCalendarSettings = z.infer<typeof CompanyCalendarSettings>;

export const MyCompany = z.object({
  id: z.number(),
  name: z.string(),
  /** null for a superuser who is not a member but may open any company. */
  role: z.enum(COMPANY_ROLES).nullable(),
  modules: z.array(z.number()),
});
export type MyCompany = z.infer<typeof MyCompany>;

export const MyCompaniesQuery = z.object({
  q: SingleLine(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const MyCompaniesData = z.object({
  items: z.array(MyCompany),
  total: z.number(),
  /** The person's companies that a superuser deactivated (not for superusers, who open them): up to 20. */
  deactivated: z.array(MyCompany.pick({ id: true, name: true, role: true })),
});
export type MyCompaniesData = z.infer<typeof MyCompaniesData>;
