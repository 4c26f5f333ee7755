import type { RemoteKind } from '@kontora/contract/connector-field-mappings';
import type { RemoteFieldApi, RemoteFieldProperty } from './connector-field-types.ts';
import { type ProviderHttp, providerRequest } from './provider-http.ts';

/**
 * Pipedrive's fields (`GET /api/v1/personFields`, `/organizationFields`, `/dealFields`,
 * developers.pipedrive.com): each field's `key`, `name`, `field_type` and `options`
 * (`id`, `label`), paged by `start` / `limit`. Custom fields have a 40-character hash as
 * their key (pipedrive.readme.io, custom fields); only those are offered, as a record's
 * custom values travel apart from its own fields: in `custom_fields` of an API v2 person
 * or organization, as top-level keys of an API v1 deal. A single option (`enum`) holds an
 * option id, a multiple option (`set`) several.
 */
const PATH: Record<string, string> = {
  person: '/api/v1/personFields',
  organization: '/api/v1/organizationFields',
  deal: '/api/v1/dealFields',
};
const PAGE = 500;

/** A custom field's key, as Pipedrive makes them. */
export const isPipedriveCustomKey = (key: string) => /^[0-9a-f]{40}$/.test(key);

const KINDS: Record<string, RemoteKind> = {
  varchar: 'text',
  varchar_auto: 'text',
  varchar_options: 'text',
  text: 'long_text',
  double: 'number',
  monetary: 'number',
  int: 'number',
  date: 'date',
  enum: 'single',
  set: 'multi',
  phone: 'phone',
  // A user of the company's Pipedrive (`/api/v1/users`), held by id.
  user: 'user',
};

interface PipedriveField {
  key: string;
  name?: string;
  field_type?: string;
  active_flag?: boolean;
  options?: { id: number | string; label?: string }[] | null;
}

export function pipedriveFields(http: ProviderHttp): RemoteFieldApi {
  return {
    async properties(object, signal) {
      const path = PATH[object];
      if (!path) throw new Error(`Pipedrive has no object type ${object}`);
      const out: RemoteFieldProperty[] = [];
      let start: number | null = 0;
      while (start !== null) {
        const body: {
          data?: PipedriveField[] | null;
          additional_data?: { pagination?: { more_items_in_collection?: boolean; next_start?: number } };
        } = await providerRequest(http, 'GET', path, { query: { start, limit: PAGE }, signal });
        for (const f of body?.data ?? []) {
          if (f.active_flag === false) continue;
          const custom = isPipedriveCustomKey(f.key);
          out.push({
            object,
            name: f.key,
            label: f.name || f.key,
            type: String(f.field_type),
            kind: KINDS[String(f.field_type)] ?? null,
            custom,
            writable: custom,
            options: (f.options ?? []).map((o) => ({ id: String(o.id), label: o.label || String(o.id) })),
          });
        }
        const paging = body?.additional_data?.pagination;
        start = paging?.more_items_in_collection ? (paging.next_start ?? null) : null;
      }
      return out;
    },
    // Pipedrive answers every custom field of a record unasked.
    want() {},
  };
}

/** The custom values of an API v1 record (a deal): its keys that are custom field keys. */
export function customKeysOf(o: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([k]) => isPipedriveCustomKey(k)));
}
