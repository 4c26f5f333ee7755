import { type StandinRequest, startStandin } from '../social-standins/standin-server.ts';
import {
  associationsView,
  DEFAULT_DEAL_PIPELINE,
  type DealAssociations,
  type HubspotOwner,
  type HubspotPipeline,
  hubspotDealRoutes,
} from './hubspot-deals.ts';
import { hubspotPropertyStore } from './hubspot-properties.ts';

/**
 * A stand-in for HubSpot's CRM v3 objects API (contacts and companies), as
 * documented: list with `limit` ≤ 100 and `after` paging, search with a
 * `lastmodifieddate` filter (GTE) or an equal value (EQ, e.g. `email`;
 * limit ≤ 200, at most 10,000 results), batch
 * create / update of at most 100 inputs (results in no promised order — it
 * answers them reversed), archive on DELETE, 401 for a wrong private-app
 * token, and its burst limit (100 requests per 10 s) answered with 429 and
 * Retry-After; deals with their pipelines and associations (hubspot-deals.ts).
 * Tests seed and change its records directly.
 */
export interface HubspotObject {
  id: string;
  properties: Record<string, string | null>;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
}

const MODIFIED = {
  contacts: 'lastmodifieddate',
  companies: 'hs_lastmodifieddate',
  deals: 'hs_lastmodifieddate',
} as const;
type Kind = keyof typeof MODIFIED;

export async function startHubspotStandin(options: { token?: string; burstPer10s?: number } = {}) {
  const token = options.token ?? 'pat-eu1-good-token';
  const burst = options.burstPer10s ?? 100;
  const stores: Record<Kind, Map<string, HubspotObject>> = {
    contacts: new Map(),
    companies: new Map(),
    deals: new Map(),
  };
  const pipelines: HubspotPipeline[] = [structuredClone(DEFAULT_DEAL_PIPELINE)];
  const associations = new Map<string, DealAssociations>();
  const primaries = new Map<string, string>();
  let nextId = 1000;
  let clock = Date.parse('2026-01-01T00:00:00Z');
  const tick = () => {
    clock = Math.max(clock + 1, Date.now());
    return new Date(clock).toISOString();
  };
  const starts: number[] = [];
  const state = {
    overLimit: 0,
    batchSizes: [] as number[],
    /** Tests: answer the next calls 429 with this Retry-After (seconds), as HubSpot does when throttling. */
    throttleNext: 0,
    retryAfterSeconds: 1,
    /** When each 429 and each answered call happened (ms), to check a client waited. */
    refusedAt: [] as number[],
    answeredAt: [] as number[],
    /** Tests: hold every list answer this long (a slow provider, so a crash lands mid-import). */
    listDelayMs: 0,
  };

  const put = (
    kind: Kind,
    properties: Record<string, string | null>,
    id = String(++nextId),
  ): HubspotObject => {
    const at = tick();
    const existing = stores[kind].get(id);
    const merged: Record<string, string | null> = {
      ...(existing?.properties ?? {}),
      ...properties,
      hs_object_id: id,
    };
    merged[MODIFIED[kind]] = at;
    const object = {
      id,
      properties: merged,
      createdAt: existing?.createdAt ?? at,
      updatedAt: at,
      archived: false,
    };
    stores[kind].set(id, object);
    return object;
  };

  const view = (o: HubspotObject, wanted: string[]) => ({
    id: o.id,
    properties: Object.fromEntries(
      [...new Set([...wanted, 'hs_object_id', 'createdate'])].map((p) => [p, o.properties[p] ?? null]),
    ),
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    archived: o.archived,
  });

  /** Checks the token and the burst limit; answers the refusal, if any. */
  const refuse = (req: StandinRequest) => {
    if (req.headers.authorization !== `Bearer ${token}`) {
      return {
        status: 401,
        json: {
          status: 'error',
          message: 'Authentication credentials not found.',
          category: 'INVALID_AUTHENTICATION',
          correlationId: 'standin',
        },
      };
    }
    const now = Date.now();
    if (state.throttleNext > 0) {
      state.throttleNext--;
      state.refusedAt.push(now);
      return {
        status: 429,
        headers: { 'retry-after': String(state.retryAfterSeconds) },
        json: { status: 'error', message: 'You have reached your secondly limit.', errorType: 'RATE_LIMIT' },
      };
    }
    while (starts.length && (starts[0] as number) <= now - 10_000) starts.shift();
    if (starts.length >= burst) {
      state.overLimit++;
      return {
        status: 429,
        headers: { 'retry-after': '1' },
        json: {
          status: 'error',
          message: 'You have reached your ten_secondly_rolling limit.',
          errorType: 'RATE_LIMIT',
          policyName: 'TEN_SECONDLY_ROLLING',
        },
      };
    }
    starts.push(now);
    state.answeredAt.push(now);
    return null;
  };
  const invalid = (message: string) => ({
    status: 400,
    json: { status: 'error', message, category: 'VALIDATION_ERROR' },
  });
  const live = (kind: Kind) => [...stores[kind].values()].filter((o) => !o.archived);
  // The properties API, and the checks of defined properties' values on writes (hubspot-properties.ts).
  const owners: HubspotOwner[] = [];
  const props = hubspotPropertyStore(refuse, owners);

  const dealRoutes = hubspotDealRoutes({
    pipelines,
    owners,
    associations,
    primaries,
    exists: (kind, id) => stores[kind].get(id)?.archived === false,
    put: (properties, id) => put('deals', properties, id),
    invalidProperties: (properties) => props.invalid('deals', properties),
    view: (id, wanted) => view(stores.deals.get(id) as HubspotObject, [...wanted, MODIFIED.deals]),
    refuse,
    invalid,
  });
  const standin = await startStandin([
    ...dealRoutes,
    props.route,
    [
      'GET',
      /^\/crm\/v3\/objects\/(contacts|companies|deals)$/,
      (req, [kind]) => {
        const no = refuse(req);
        if (no) return no;
        const limit = Number(req.query.get('limit') ?? 10);
        if (!(limit >= 1 && limit <= 100)) return invalid('limit must be between 1 and 100');
        const after = Number(req.query.get('after') ?? 0);
        const wanted = (req.query.get('properties') ?? '').split(',').filter(Boolean);
        const withLinks = kind === 'deals' && (req.query.get('associations') ?? '').includes('compan');
        const all = live(kind as Kind).filter((o) => Number(o.id) > after);
        const page = all.slice(0, limit);
        const last = page.at(-1);
        return {
          delayMs: state.listDelayMs,
          json: {
            results: page.map((o) => ({
              ...view(o, wanted),
              ...(withLinks ? associationsView(associations.get(o.id), primaries.get(o.id)) : {}),
            })),
            ...(all.length > limit && last
              ? { paging: { next: { after: last.id, link: `?after=${last.id}` } } }
              : {}),
          },
        };
      },
    ],
    [
      'POST',
      /^\/crm\/v3\/objects\/(contacts|companies|deals)\/search$/,
      (req, [kind]) => {
        const no = refuse(req);
        if (no) return no;
        const body = req.fields as {
          filterGroups?: { filters: { propertyName: string; operator: string; value: string }[] }[];
          limit?: number;
          after?: string;
          properties?: string[];
        };
        const limit = body.limit ?? 10;
        if (!(limit >= 1 && limit <= 200)) return invalid('limit must be between 1 and 200');
        const filters = body.filterGroups?.[0]?.filters ?? [];
        const asTime = (v: string | null | undefined) =>
          v && /^\d+$/.test(v) ? Number(v) : Date.parse(v ?? '');
        const matching = live(kind as Kind)
          .filter((o) =>
            filters.every((f) => {
              const value = o.properties[f.propertyName];
              if (f.operator === 'GTE') return asTime(value) >= asTime(f.value);
              // EQ is case-insensitive on text, as HubSpot's search is.
              if (f.operator === 'EQ') return (value ?? '').toLowerCase() === f.value.toLowerCase();
              return true;
            }),
          )
          .sort((a, b) => Date.parse(a.updatedAt) - Date.parse(b.updatedAt));
        const offset = Number(body.after ?? 0);
        if (offset >= 10_000) return invalid('Search results are limited to 10,000');
        const page = matching.slice(offset, offset + limit);
        return {
          json: {
            total: matching.length,
            results: page.map((o) => view(o, body.properties ?? [])),
            ...(offset + limit < matching.length
              ? { paging: { next: { after: String(offset + limit) } } }
              : {}),
          },
        };
      },
    ],
    [
      'POST',
      /^\/crm\/v3\/objects\/(contacts|companies)\/batch\/(create|update)$/,
      (req, [kind, verb]) => {
        const no = refuse(req);
        if (no) return no;
        const inputs = (req.fields.inputs ?? []) as { id?: string; properties: Record<string, string> }[];
        if (inputs.length > 100) return invalid('Batch input is limited to 100 inputs');
        state.batchSizes.push(inputs.length);
        const wrong = inputs.map((i) => props.invalid(kind as Kind, i.properties)).find(Boolean);
        if (wrong) return invalid(wrong);
        const results: HubspotObject[] = [];
        for (const input of inputs) {
          if (verb === 'update' && !stores[kind as Kind].get(input.id ?? '')) {
            return {
              status: 404,
              json: {
                status: 'error',
                message: `Object ${input.id} not found`,
                category: 'OBJECT_NOT_FOUND',
              },
            };
          }
          results.push(put(kind as Kind, input.properties, verb === 'update' ? input.id : undefined));
        }
        const wanted = Object.keys(inputs[0]?.properties ?? {});
        return {
          status: verb === 'create' ? 201 : 200,
          json: {
            status: 'COMPLETE',
            results: results.reverse().map((o) => view(o, [...wanted, MODIFIED[kind as Kind]])),
          },
        };
      },
    ],
    [
      'DELETE',
      /^\/crm\/v3\/objects\/(contacts|companies|deals)\/([^/]+)$/,
      (req, [kind, id]) => {
        const no = refuse(req);
        if (no) return no;
        const o = stores[kind as Kind].get(id ?? '');
        if (o) o.archived = true;
        return { status: 204 };
      },
    ],
  ]);

  return {
    ...standin,
    token,
    state,
    /** Adds `count` contacts named Contact 1…n with emails. */
    seedContacts(count: number, from = 1) {
      for (let i = from; i < from + count; i++) {
        put('contacts', { firstname: 'Contact', lastname: String(i), email: `contact${i}@example.com` });
      }
    },
    put,
    /** A remote edit (its modified time moves on). */
    edit: (kind: Kind, id: string, properties: Record<string, string | null>) => put(kind, properties, id),
    /** Deleted remotely (archived: lists and searches no longer answer it). */
    archive: (kind: Kind, id: string) => {
      const o = stores[kind].get(id);
      if (o) o.archived = true;
    },
    get: (kind: Kind, id: string) => stores[kind].get(id),
    all: (kind: Kind) => live(kind),
    /** The deal pipelines it answers (tests replace or rename them). */
    pipelines,
    /** The users who may own deals (none unless a test adds them). */
    owners,
    /** A deal as made in HubSpot, with its companies (the first its primary) and contacts. */
    putDeal(properties: Record<string, string | null>, links: Partial<DealAssociations> = {}) {
      const deal = put('deals', { pipeline: 'default', ...properties });
      associations.set(deal.id, { companies: links.companies ?? [], contacts: links.contacts ?? [] });
      if (links.companies?.[0]) primaries.set(deal.id, links.companies[0]);
      return deal;
    },
    /**
     * Who a deal is with, changed in HubSpot (the first company its primary). As in HubSpot,
     * changing associations leaves the deal's modified time as it is.
     */
    associate(id: string, links: DealAssociations) {
      associations.set(id, { companies: [...links.companies], contacts: [...links.contacts] });
      if (links.companies[0]) primaries.set(id, links.companies[0]);
      else primaries.delete(id);
    },
    associationsOf: (id: string) => associations.get(id),
    primaryCompanyOf: (id: string) => primaries.get(id) ?? null,
    /** A custom property made in HubSpot (contacts, companies or deals). */
    defineProperty: props.define,
  };
}

export type HubspotStandin = Awaited<ReturnType<typeof startHubspotStandin>>;
