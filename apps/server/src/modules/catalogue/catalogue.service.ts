import { CURRENT_CURRENCIES } from '@kontora/contract/currencies';
import type { ApplicationHelpers, SocialIntegrationType } from '@kontora/contract/helpers';
import { LANGUAGES } from '@kontora/contract/limits';
import type { Database } from '../../db/database.ts';
import { parseJson } from '../../lib/json.ts';
import { listModules, listSocialIntegrationTypes } from './catalogue.repository.ts';
import { COUNTRY_CODES } from './countries.ts';

const option = (value: string, label: string) => ({ value, label });
const titleCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Lists are static for the life of the process except the module names, so they are built once. */
let staticLists: Omit<ApplicationHelpers, 'modules'> | undefined;

function buildStaticLists(): Omit<ApplicationHelpers, 'modules'> {
  const regions = new Intl.DisplayNames(['en'], { type: 'region' });
  const currencies = new Intl.DisplayNames(['en'], { type: 'currency' });
  const languages = new Intl.DisplayNames(['en'], { type: 'language' });
  return {
    languages: LANGUAGES.map((l) => option(l, languages.of(l) ?? l)),
    customer_statuses: ['lead', 'prospect', 'customer', 'inactive'].map((s) => option(s, titleCase(s))),
    customer_types: [option('person', 'Person'), option('organisation', 'Organisation')],
    event_types: ['task', 'call', 'meeting', 'email', 'deadline'].map((s) => option(s, titleCase(s))),
    priorities: ['low', 'normal', 'high', 'urgent'].map((s) => option(s, titleCase(s))),
    company_roles: ['owner', 'admin', 'member'].map((s) => option(s, titleCase(s))),
    countries: COUNTRY_CODES.map((c) => option(c, regions.of(c) ?? c)).sort((a, b) =>
      a.label.localeCompare(b.label),
    ),
    // Current codes only: the runtime's list also has retired ones and funds (decision 030).
    currencies: CURRENT_CURRENCIES.map((c) => option(c, currencies.of(c) ?? c)),
    time_zones: Intl.supportedValuesOf('timeZone'),
  };
}

/** Whether the code is a country the app knows (ISO 3166-1 alpha-2, plus XK). */
export function isCountryCode(code: string): boolean {
  return COUNTRY_CODES.includes(code);
}

export async function applicationHelpers(db: Database): Promise<ApplicationHelpers> {
  staticLists ??= buildStaticLists();
  const modules = await listModules(db);
  return { ...staticLists, modules };
}

export async function socialIntegrationTypes(db: Database): Promise<SocialIntegrationType[]> {
  const rows = await listSocialIntegrationTypes(db);
  return rows.map((r) => ({
    ...r,
    image_max_bytes: Number(r.image_max_bytes),
    video_max_bytes: Number(r.video_max_bytes),
    media_types: (parseJson(r.media_types) as string[] | undefined) ?? [],
    requires_media: Boolean(r.requires_media),
  }));
}
