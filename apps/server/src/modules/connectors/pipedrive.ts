import type { GuardedHttp } from '../../lib/outbound-http/guarded-http.ts';
import type {
  CrmConnector,
  PushItem,
  PushResult,
  RemotePage,
  RemoteRecord,
  SyncedFields,
} from './connector.ts';
import { PushInterrupted } from './connector-errors.ts';
import { syncedFieldsOf } from './content-hash.ts';
import { pipedriveDeals } from './pipedrive-deals.ts';
import { pipedriveFields } from './pipedrive-fields.ts';
import { deleteRecord, type ProviderHttp, providerRequest } from './provider-http.ts';
import { RequestThrottle } from './request-throttle.ts';

/**
 * Pipedrive API v2: persons and organizations with an API token (sent in the
 * `x-api-token` header), cursor paging (`cursor` → `additional_data.next_cursor`),
 * `updated_since` for incremental pulls. Pipedrive has no batch write, so a
 * push is one request per record. Its burst limit for an API token is at
 * least 20 requests per 2 s on every plan (developers.pipedrive.com, rate
 * limiting); we keep to 80 % of it.
 */
const PAGE = 500;

const objectPath = { person: 'persons', organization: 'organizations' } as Record<string, string>;

interface Labelled {
  value?: string;
  primary?: boolean;
}
interface PipedriveObject {
  id: number;
  name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  emails?: Labelled[] | null;
  phones?: Labelled[] | null;
  address?: { value?: string | null; country?: string | null } | null;
  update_time?: string | null;
  /** Values of custom fields by their hash keys (API v2). */
  custom_fields?: Record<string, unknown> | null;
}
interface PipedriveList {
  data?: PipedriveObject[] | null;
  additional_data?: { next_cursor?: string | null } | null;
}

interface PipedriveSearch {
  data?: { items?: { item: { id: number } }[] } | null;
}

export function pipedriveConnector(baseUrl: string, token: string, outbound: GuardedHttp): CrmConnector {
  const http: ProviderHttp = {
    baseUrl,
    outbound,
    headers: { 'x-api-token': token },
    throttle: new RequestThrottle(16, 2_000),
    readLimits: pipedriveLimits,
  };
  const pathOf = (type: string) => {
    const path = objectPath[type];
    if (!path) throw new Error(`Pipedrive has no object type ${type}`);
    return `/api/v2/${path}`;
  };
  const page = (type: string, body: PipedriveList): RemotePage => ({
    records: (body.data ?? []).map((o) => toRecord(type, o)),
    next: body.additional_data?.next_cursor ?? null,
  });

  return {
    provider: 'pipedrive',
    objectTypes: ['person', 'organization'],
    mappedFields: {
      person: ['first_name', 'last_name', 'email', 'phone'],
      organization: ['name', 'address'],
    },
    pushBatch: 100,
    async test(signal) {
      await providerRequest(http, 'GET', pathOf('person'), { query: { limit: 1 }, signal, retries: 1 });
    },
    async listPage(type, cursor, signal) {
      const body = await providerRequest<PipedriveList>(http, 'GET', pathOf(type), {
        query: { limit: PAGE, cursor: cursor ?? undefined, sort_by: 'id', sort_direction: 'asc' },
        signal,
      });
      return page(type, body);
    },
    async changedPage(type, since, cursor, signal) {
      const body = await providerRequest<PipedriveList>(http, 'GET', pathOf(type), {
        query: {
          limit: PAGE,
          cursor: cursor ?? undefined,
          // Pipedrive reads RFC 3339 without fractions.
          updated_since: new Date(since).toISOString().replace(/\.\d{3}Z$/, 'Z'),
          sort_by: 'update_time',
          sort_direction: 'asc',
        },
        signal,
      });
      return page(type, body);
    },
    remoteTypeOf: (fields) => (fields.type === 'organisation' ? 'organization' : 'person'),
    async push(type, items, signal) {
      const results: PushResult[] = [];
      for (const item of items) {
        try {
          results.push(await pushOne(http, pathOf(type), type, item, signal));
        } catch (err) {
          // The records written so far must still be linked: their answers go with the reason.
          throw new PushInterrupted(results, err);
        }
      }
      return results;
    },
    async find(type, fields, signal) {
      // Pipedrive's search endpoint, exact matches only: a person by email (else name), an organization by name.
      const byEmail = type === 'person' && fields.email !== null;
      const term = byEmail ? fields.email : type === 'person' ? personName(fields) : fields.name;
      if (!term) return [];
      const body = await providerRequest<PipedriveSearch>(http, 'GET', `${pathOf(type)}/search`, {
        query: { term, fields: byEmail ? 'email' : 'name', exact_match: 'true', limit: 10 },
        signal,
      });
      return (body.data?.items ?? []).map((i) => ({ id: String(i.item.id), updatedAt: null, fields: null }));
    },
    remove: (type, remoteId, signal) =>
      deleteRecord(http, `${pathOf(type)}/${encodeURIComponent(remoteId)}`, signal),
    deals: pipedriveDeals(http),
    fields: pipedriveFields(http),
  };
}

async function pushOne(
  http: ProviderHttp,
  path: string,
  type: string,
  item: PushItem,
  signal?: AbortSignal,
): Promise<PushResult> {
  try {
    const body = await providerRequest<{ data?: PipedriveObject } | null>(
      http,
      item.remoteId ? 'PATCH' : 'POST',
      item.remoteId ? `${path}/${encodeURIComponent(item.remoteId)}` : path,
      {
        body: { ...toBody(type, item.fields), ...(item.remote ? { custom_fields: item.remote } : {}) },
        signal,
        once: !item.remoteId,
      },
    );
    if (!body?.data?.id) return { key: item.key, ok: false, error: 'Pipedrive answered no record' };
    return {
      key: item.key,
      ok: true,
      remoteId: String(body.data.id),
      updatedAt: timeOf(body.data.update_time),
    };
  } catch (err) {
    if ((err as { status?: number }).status === undefined) throw err;
    return { key: item.key, ok: false, error: (err as Error).message };
  }
}

/** The start of the next UTC day, when Pipedrive's daily budgets reset. */
export function nextUtcDay(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
}

/**
 * Pipedrive's rate-limit headers (developers.pipedrive.com, rate limiting):
 * `x-ratelimit-remaining` of the 2-second burst window and `x-ratelimit-reset`
 * (seconds until it renews): none left holds the next request that long;
 * `x-daily-requests-left` of the day's POST/PUT budget (a UTC day): none left
 * pauses the connection until the next UTC day. The token budget, when spent,
 * answers 429 with a Retry-After longer than a run waits, which pauses too.
 */
export function pipedriveLimits(headers: Headers, now: number) {
  const reading: { holdMs?: number; pauseUntil?: number } = {};
  const number = (name: string) => {
    const raw = headers.get(name);
    return raw === null || raw.trim() === '' ? null : Number(raw);
  };
  const reset = number('x-ratelimit-reset');
  if (number('x-ratelimit-remaining') === 0 && reset !== null && reset > 0) reading.holdMs = reset * 1000;
  const left = number('x-daily-requests-left');
  if (left !== null && left <= 0) reading.pauseUntil = nextUtcDay(now);
  return reading;
}

/** Pipedrive's times are UTC, written either as RFC 3339 or as `YYYY-MM-DD HH:MM:SS`. */
function timeOf(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const at = Date.parse(/Z|[+-]\d\d:?\d\d$/.test(raw) ? raw : `${raw.replace(' ', 'T')}Z`);
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

const primary = (list: Labelled[] | null | undefined) =>
  (list ?? []).find((x) => x.primary)?.value ?? list?.[0]?.value ?? null;

function toRecord(type: string, o: PipedriveObject): RemoteRecord {
  let fields: SyncedFields;
  if (type === 'person') {
    // A person named only by `name` is split at the first space, as Pipedrive itself does.
    const [first, ...rest] = (o.name ?? '').trim().split(/\s+/);
    fields = syncedFieldsOf({
      type: 'person',
      first_name: o.first_name ?? (o.last_name ? null : first || null),
      last_name: o.last_name ?? (o.first_name ? null : rest.join(' ') || null),
      email: primary(o.emails),
      phone: primary(o.phones),
    });
  } else {
    fields = syncedFieldsOf({ type: 'organisation', name: o.name, address: o.address?.value ?? null });
  }
  return { type, id: String(o.id), updatedAt: timeOf(o.update_time), fields, remote: o.custom_fields ?? {} };
}

const personName = (f: SyncedFields) => [f.first_name, f.last_name].filter(Boolean).join(' ') || f.name || '';

function toBody(type: string, f: SyncedFields): Record<string, unknown> {
  if (type === 'organization') return { name: f.name, address: f.address ? { value: f.address } : null };
  return {
    name: personName(f),
    first_name: f.first_name,
    last_name: f.last_name,
    emails: f.email ? [{ value: f.email, primary: true, label: 'work' }] : [],
    phones: f.phone ? [{ value: f.phone, primary: true, label: 'work' }] : [],
  };
}
