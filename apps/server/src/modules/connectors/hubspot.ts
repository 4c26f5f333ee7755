import type { GuardedHttp } from '../../lib/outbound-http/guarded-http.ts';
import type {
  CrmConnector,
  PushItem,
  PushResult,
  RemotePage,
  RemoteRecord,
  SyncedFields,
} from './connector.ts';
import { syncedFieldsOf } from './content-hash.ts';
import { hubspotDeals, SYNCED_DEAL_PROPS } from './hubspot-deals.ts';
import { hubspotProperties } from './hubspot-properties.ts';
import { deleteRecord, type ProviderHttp, providerRequest } from './provider-http.ts';
import { RequestThrottle } from './request-throttle.ts';

/**
 * HubSpot CRM v3: contacts and companies with a private-app token.
 * Published limits (developers.hubspot.com, API usage guidelines): 100
 * requests per 10 s for a private app on the smallest plans, and 5 a second
 * for the search endpoints; we keep to 80 % of each.
 */
const PAGE = 100;
const BATCH = 100;
const CONTACT_PROPS = [
  'firstname',
  'lastname',
  'email',
  'phone',
  'company',
  'website',
  'address',
  'country',
  'lastmodifieddate',
];
const COMPANY_PROPS = ['name', 'phone', 'website', 'address', 'country', 'hs_lastmodifieddate'];

const objectPath = { contact: 'contacts', company: 'companies' } as Record<string, string>;
const modifiedProp = { contact: 'lastmodifieddate', company: 'hs_lastmodifieddate' } as Record<
  string,
  string
>;

interface HubspotList {
  results?: HubspotObject[];
  paging?: { next?: { after?: string } };
}

interface HubspotObject {
  id: string;
  properties: Record<string, string | null>;
  updatedAt?: string;
}

export function hubspotConnector(baseUrl: string, token: string, outbound: GuardedHttp): CrmConnector {
  const http: ProviderHttp = {
    baseUrl,
    outbound,
    headers: { authorization: `Bearer ${token}` },
    throttle: new RequestThrottle(80, 10_000),
  };
  const search = new RequestThrottle(4, 1_000);
  const fields = hubspotProperties(http, {
    contact: CONTACT_PROPS,
    company: COMPANY_PROPS,
    deal: SYNCED_DEAL_PROPS,
  });

  const pathOf = (type: string) => {
    const path = objectPath[type];
    if (!path) throw new Error(`HubSpot has no object type ${type}`);
    return `/crm/v3/objects/${path}`;
  };
  // With the mapped properties of the company's own fields (connector-field-sync.ts).
  const propsOf = (type: string) => [
    ...(type === 'contact' ? CONTACT_PROPS : COMPANY_PROPS),
    ...fields.wanted(type),
  ];
  const page = (
    type: string,
    body: { results?: HubspotObject[]; paging?: { next?: { after?: string } } },
  ): RemotePage => ({
    records: (body.results ?? []).map((o) => toRecord(type, o)),
    next: body.paging?.next?.after ?? null,
  });

  return {
    provider: 'hubspot',
    objectTypes: ['contact', 'company'],
    mappedFields: {
      contact: [
        'first_name',
        'last_name',
        'email',
        'phone',
        'organisation_name',
        'website',
        'address',
        'country',
      ],
      company: ['name', 'phone', 'website', 'address', 'country'],
    },
    pushBatch: BATCH,
    async test(signal) {
      await providerRequest(http, 'GET', pathOf('contact'), { query: { limit: 1 }, signal, retries: 1 });
    },
    async listPage(type, cursor, signal) {
      const body = await providerRequest<HubspotList>(http, 'GET', pathOf(type), {
        query: {
          limit: PAGE,
          after: cursor ?? undefined,
          properties: propsOf(type).join(','),
          archived: 'false',
        },
        signal,
      });
      return page(type, body);
    },
    async changedPage(type, since, cursor, signal) {
      const prop = modifiedProp[type] as string;
      const body = await providerRequest<HubspotList>(http, 'POST', `${pathOf(type)}/search`, {
        body: {
          filterGroups: [
            { filters: [{ propertyName: prop, operator: 'GTE', value: String(Date.parse(since)) }] },
          ],
          sorts: [{ propertyName: prop, direction: 'ASCENDING' }],
          properties: propsOf(type),
          limit: PAGE,
          ...(cursor ? { after: cursor } : {}),
        },
        signal,
        throttle: search,
      });
      return page(type, body);
    },
    remoteTypeOf: (fields) => (fields.type === 'organisation' ? 'company' : 'contact'),
    async push(type, items, signal) {
      const creates = items.filter((i) => i.remoteId === null);
      const updates = items.filter((i) => i.remoteId !== null);
      const results: PushResult[] = [];
      if (creates.length) results.push(...(await batch(http, pathOf(type), 'create', type, creates, signal)));
      if (updates.length) results.push(...(await batch(http, pathOf(type), 'update', type, updates, signal)));
      return results;
    },
    async find(type, fields, signal) {
      const filters = lookupFilters(type, fields);
      if (filters.length === 0) return [];
      const body = await providerRequest<HubspotList>(http, 'POST', `${pathOf(type)}/search`, {
        body: { filterGroups: [{ filters }], properties: propsOf(type), limit: 10 },
        signal,
        throttle: search,
      });
      return page(type, body).records;
    },
    remove: (type, remoteId, signal) =>
      deleteRecord(http, `${pathOf(type)}/${encodeURIComponent(remoteId)}`, signal),
    deals: hubspotDeals(http, search, () => fields.wanted('deal')),
    fields,
  };
}

/**
 * A batch create or update. HubSpot does not promise the results in the
 * order of the inputs, so creates are matched back by their content (the
 * properties we sent), updates by id; an input without a result failed.
 */
async function batch(
  http: ProviderHttp,
  path: string,
  verb: 'create' | 'update',
  type: string,
  items: PushItem[],
  signal?: AbortSignal,
): Promise<PushResult[]> {
  const inputs = items.map((i) => ({
    ...(i.remoteId ? { id: i.remoteId } : {}),
    properties: { ...(i.remote as Record<string, string> | undefined), ...toProperties(type, i.fields) },
  }));
  let body: HubspotList;
  try {
    body = await providerRequest<HubspotList>(http, 'POST', `${path}/batch/${verb}`, {
      body: { inputs },
      signal,
      once: verb === 'create',
    });
  } catch (err) {
    if ((err as { status?: number }).status === undefined) throw err;
    // A 4xx refuses the whole batch: say why for each record.
    return items.map((i) => ({ key: i.key, ok: false as const, error: (err as Error).message }));
  }
  const unmatched = [...(body.results ?? [])];
  return items.map((item, index) => {
    // Matched by the synced properties only: HubSpot may answer mapped values normalised.
    const sent = toProperties(type, item.fields);
    const at = unmatched.findIndex((r) =>
      item.remoteId
        ? r.id === item.remoteId
        : Object.entries(sent).every(([k, v]) => (r.properties[k] ?? '') === (v ?? '')),
    );
    const found = at >= 0 ? unmatched.splice(at, 1)[0] : undefined;
    if (!found) {
      // A create may have happened with values HubSpot normalised: the sync looks it up before creating again.
      return {
        key: item.key,
        ok: false as const,
        error: `HubSpot did not ${verb} the record`,
        unknown: true,
      };
    }
    return { key: item.key, ok: true as const, remoteId: found.id, updatedAt: updatedAtOf(type, found) };
  });
}

/**
 * How a record we may have created is found again: a contact by its email
 * (HubSpot keeps contact emails unique), else by its names; a company by its
 * name. HubSpot's search index lags a few seconds behind writes.
 */
function lookupFilters(type: string, f: SyncedFields) {
  const eq = (propertyName: string, value: string | null) =>
    value ? [{ propertyName, operator: 'EQ', value }] : [];
  if (type !== 'contact') return eq('name', f.name);
  if (f.email) return eq('email', f.email);
  return [...eq('firstname', f.first_name), ...eq('lastname', f.last_name)];
}

function updatedAtOf(type: string, o: HubspotObject): string | null {
  const raw = o.properties[modifiedProp[type] as string] ?? o.updatedAt ?? null;
  if (!raw) return null;
  const at = /^\d+$/.test(raw) ? Number(raw) : Date.parse(raw);
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

function toRecord(type: string, o: HubspotObject): RemoteRecord {
  const p = o.properties;
  const fields: SyncedFields =
    type === 'contact'
      ? syncedFieldsOf({
          type: 'person',
          first_name: p.firstname,
          last_name: p.lastname,
          email: p.email,
          phone: p.phone,
          organisation_name: p.company,
          website: p.website,
          address: p.address,
          country: p.country,
        })
      : syncedFieldsOf({
          type: 'organisation',
          name: p.name,
          organisation_name: p.name,
          phone: p.phone,
          website: p.website,
          address: p.address,
          country: p.country,
        });
  return { type, id: o.id, updatedAt: updatedAtOf(type, o), fields, remote: p };
}

/** Local fields as HubSpot properties; an emptied field is sent as "" (HubSpot clears it). */
function toProperties(type: string, f: SyncedFields): Record<string, string> {
  const v = (x: string | null) => x ?? '';
  return type === 'contact'
    ? {
        firstname: v(f.first_name),
        lastname: v(f.last_name),
        email: v(f.email),
        phone: v(f.phone),
        company: v(f.organisation_name),
        website: v(f.website),
        address: v(f.address),
        country: v(f.country),
      }
    : {
        name: v(f.name),
        phone: v(f.phone),
        website: v(f.website),
        address: v(f.address),
        country: v(f.country),
      };
}
