import { z } from 'zod';
import { hasControlCharacters } from './fields.ts';

/**
 * Addresses and domains whose mail is never kept (docs/decisions/083-mail-exclusions.md):
 * the company's list (`…/mail-exclusions`, owners and admins change it) and each person's
 * own (`…/mailboxes/exclusions`). An entry is an address (`ana@example.com`) or a domain
 * (`example.com`, which covers its subdomains too), stored lower case.
 */
export const MAIL_EXCLUSION_LIMITS = {
  /** Entries in one list. */
  entriesMax: 500,
  /** One entry: an address's longest form (RFC 5321). */
  entryMax: 320,
} as const;

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** Two labels at least: a bare top-level domain (`com`) would exclude a whole country's mail. */
const DOMAIN = new RegExp(`^(?=.{4,253}$)(?:${LABEL}\\.)+[a-z][a-z0-9-]{0,62}$`);
/** The local part as mail clients write it; quoted local parts are left out. */
const LOCAL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;

/**
 * The one way an entry is written: trimmed, lower case, a domain without a leading `@` or
 * `*.` and without a trailing dot. The screens write it so before sending, the server again.
 */
export function normaliseExclusion(raw: string): string {
  let v = raw.trim().toLowerCase();
  if (v.startsWith('*.')) v = v.slice(2);
  if (v.startsWith('@')) v = v.slice(1);
  if (v.endsWith('.')) v = v.slice(0, -1);
  return v;
}

/** Whether a normalised entry is an address or a domain that could be matched. */
export function isExclusion(entry: string): boolean {
  const at = entry.lastIndexOf('@');
  if (at < 0) return DOMAIN.test(entry);
  const local = entry.slice(0, at);
  return local.length > 0 && local.length <= 64 && LOCAL.test(local) && DOMAIN.test(entry.slice(at + 1));
}

export const MailExclusion = z
  .string({ error: 'invalid_entry' })
  .max(MAIL_EXCLUSION_LIMITS.entryMax, { error: 'too_long' })
  .refine((v) => !hasControlCharacters(v), { error: 'control_characters' })
  .transform(normaliseExclusion)
  .refine(isExclusion, { error: 'invalid_entry' });

/** `PUT`: the whole list; entries written twice (in any case) are kept once. */
export const MailExclusionsPutBody = z
  .object({
    items: z
      .array(MailExclusion, { error: 'invalid_list' })
      .max(MAIL_EXCLUSION_LIMITS.entriesMax, { error: 'too_many' })
      .transform((items) => [...new Set(items)].sort()),
  })
  .strict();
export type MailExclusionsPutBody = z.output<typeof MailExclusionsPutBody>;

/** A list, sorted. */
export const MailExclusions = z.object({ items: z.array(z.string()) });
export type MailExclusions = z.infer<typeof MailExclusions>;

/**
 * Free-mail providers: their domain says nothing of an organisation, so a customer's
 * `@gmail.com` address never makes every Gmail user that customer's.
 */
export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'hotmail.it',
  'hotmail.de',
  'hotmail.es',
  'live.com',
  'msn.com',
  'yahoo.com',
  'yahoo.de',
  'yahoo.es',
  'yahoo.it',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  't-online.de',
  'proton.me',
  'protonmail.com',
  'zoho.com',
  'mail.com',
  'yandex.ru',
  'yandex.com',
  'mail.ru',
  'libero.it',
  'virgilio.it',
  't-com.hr',
  'net.hr',
  'inet.hr',
]);

/**
 * The company's mail settings (`GET|PUT …/mail-settings`, owners and admins change them).
 * `organisation_domains`: a message with a participant at an organisation customer's domain
 * (of its email or website) is that organisation's too, free-mail domains aside.
 */
export const MailSettings = z.object({ organisation_domains: z.boolean() });
export type MailSettings = z.infer<typeof MailSettings>;
export const MailSettingsPutBody = z
  .object({ organisation_domains: z.boolean({ error: 'invalid_value' }) })
  .strict();
