/** Limits shared by the server (enforced) and the web app (shown in forms). */
export const LIMITS = {
  passwordMin: 10,
  /** NIST asks for at least 64; we allow long passphrases but cap the hashing input. */
  passwordMax: 256,
  emailMax: 254,
  nameMax: 120,
  shortTextMax: 200,
  longTextMax: 10_000,
  /** Largest JSON body the API accepts, in bytes (uploads have their own limits). */
  jsonBodyBytes: 1_048_576,
  tokenMax: 200,
} as const;

export const LANGUAGES = ['hr', 'en', 'es', 'de', 'it', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'hr';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Module ids are part of the public contract (docs/product.md §2). */
export const MODULES = [
  { id: 0, key: 'dashboard', name: 'Dashboard' },
  { id: 1, key: 'crm-integration', name: 'CRM integration' },
  { id: 2, key: 'crm', name: 'CRM' },
  { id: 3, key: 'social', name: 'Social upload' },
] as const;
export const MODULE_IDS = MODULES.map((m) => m.id);
export const MODULE_ID = { dashboard: 0, crmIntegration: 1, crm: 2, social: 3 } as const;

export const COMPANY_ROLES = ['owner', 'admin', 'member'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
