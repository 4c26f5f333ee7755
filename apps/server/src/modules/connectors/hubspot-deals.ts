import type { DealApi, RemoteDeal, RemoteDealFields, RemoteOwner, RemoteParties } from './connector-deal.ts';
import { deleteRecord, type ProviderHttp, providerRequest } from './provider-http.ts';
import type { RequestThrottle } from './request-throttle.ts';

/**
 * HubSpot CRM v3 deals (`/crm/v3/objects/deals`) and their pipelines
 * (`/crm/v3/pipelines/deals`, stages in `displayOrder`). A deal's stage is the
 * `dealstage` property (a stage id of its `pipeline`); won and lost are stages.
 * The list answers each deal's companies and contacts (`associations=`); a
 * create sends them with HubSpot's defined association types (deal → company 5,
 * deal → contact 3). HubSpot's search answers no associations, so every run
 * lists the deals whole (a page of 100 per request) and the content hash keeps
 * the unchanged ones from being written. Before a push, the CRM v4 associations
 * API reads the pushed deals' companies and contacts in batches
 * (`/crm/v4/associations/deals/{companies|contacts}/batch/read`); a push then
 * makes the Kontora organisation the deal's primary company (`batch/create`
 * with type 5), associates contacts with the default type (`batch/associate/default`)
 * and removes associations with `batch/archive` (docs/decisions/073-connector-deal-parties.md).
 */
const PAGE = 100;
/** The deal properties the sync keeps in step as a deal's own (its owner included): not mappable to own fields. */
export const SYNCED_DEAL_PROPS = [
  'dealname',
  'amount',
  'deal_currency_code',
  'dealstage',
  'pipeline',
  'closedate',
  'hubspot_owner_id',
];
const PROPS = [...SYNCED_DEAL_PROPS, 'hs_lastmodifieddate'];
const DEALS = '/crm/v3/objects/deals';
const TO_COMPANY = 5;
const TO_CONTACT = 3;
/** Ids per batch request of the associations API (its batch read takes up to 1,000). */
const ASSOCIATION_BATCH = 100;
const V4 = '/crm/v4/associations/deals';

interface AssociationsRead {
  results?: {
    from: { id: string };
    to?: { toObjectId: string | number; associationTypes?: { category?: string; typeId?: number }[] }[];
    paging?: { next?: { after?: string } };
  }[];
}

interface HubspotDeal {
  id: string;
  properties: Record<string, string | null>;
  updatedAt?: string;
  associations?: Record<string, { results?: { id: string; type?: string }[] }>;
}
interface HubspotPipelines {
  results?: {
    id: string;
    label: string;
    displayOrder?: number;
    archived?: boolean;
    stages?: { id: string; label: string; displayOrder?: number; archived?: boolean }[];
  }[];
}

const byOrder = (a: { displayOrder?: number }, b: { displayOrder?: number }) =>
  (a.displayOrder ?? 0) - (b.displayOrder ?? 0);

/** `search`: HubSpot's search endpoints have a lower rate limit of their own, shared with the contacts' search. */
export function hubspotDeals(
  http: ProviderHttp,
  search: RequestThrottle,
  /** The properties of mapped deal fields the list also asks for (connector-field-sync.ts). */
  mapped: () => string[] = () => [],
): DealApi {
  return {
    organisationType: 'company',
    personType: 'contact',
    statusBesideStage: false,
    lostReason: false,
    async pipelines(signal) {
      const body = await providerRequest<HubspotPipelines>(http, 'GET', '/crm/v3/pipelines/deals', {
        signal,
      });
      return (body?.results ?? [])
        .filter((p) => !p.archived)
        .sort(byOrder)
        .map((p) => ({
          id: p.id,
          label: p.label,
          stages: (p.stages ?? [])
            .filter((s) => !s.archived)
            .sort(byOrder)
            .map((s) => ({ id: s.id, label: s.label })),
        }));
    },
    async owners(signal) {
      const out: RemoteOwner[] = [];
      let after: string | undefined;
      do {
        const body = await providerRequest<{
          results?: { id: string; email?: string | null; archived?: boolean }[];
          paging?: { next?: { after?: string } };
        }>(http, 'GET', '/crm/v3/owners', { query: { limit: PAGE, after, archived: 'false' }, signal });
        for (const o of body?.results ?? [])
          if (o.email && !o.archived) out.push({ id: o.id, email: o.email });
        after = body?.paging?.next?.after;
      } while (after);
      return out;
    },
    async dealsPage(_since, cursor, signal) {
      const body = await providerRequest<{ results?: HubspotDeal[]; paging?: { next?: { after?: string } } }>(
        http,
        'GET',
        DEALS,
        {
          query: {
            limit: PAGE,
            after: cursor ?? undefined,
            properties: [...PROPS, ...mapped()].join(','),
            associations: 'companies,contacts',
            archived: 'false',
          },
          signal,
        },
      );
      return { deals: (body?.results ?? []).map(toDeal), next: body?.paging?.next?.after ?? null };
    },
    async pushDeal(remoteId, fields, signal) {
      const properties = toProperties(fields);
      const answer = remoteId
        ? await providerRequest<HubspotDeal>(http, 'PATCH', `${DEALS}/${encodeURIComponent(remoteId)}`, {
            body: { properties },
            signal,
          })
        : await providerRequest<HubspotDeal>(http, 'POST', DEALS, {
            body: { properties, associations: associationsOf(fields) },
            signal,
            once: true,
          });
      return { remoteId: answer.id, updatedAt: updatedAtOf(answer) };
    },
    async findDeals(title, signal) {
      const body = await providerRequest<{ results?: HubspotDeal[] }>(http, 'POST', `${DEALS}/search`, {
        body: {
          filterGroups: [{ filters: [{ propertyName: 'dealname', operator: 'EQ', value: title }] }],
          properties: ['dealname'],
          limit: 10,
        },
        signal,
        throttle: search,
      });
      return (body?.results ?? []).map((d) => d.id);
    },
    removeDeal: (remoteId, signal) => deleteRecord(http, `${DEALS}/${encodeURIComponent(remoteId)}`, signal),
    // A list answers all of a deal's contacts.
    morePeople: async () => [],
    async partiesOf(remoteIds, signal) {
      const out = new Map<string, RemoteParties>(
        remoteIds.map((id) => [id, { organisationId: null, personIds: [] }]),
      );
      const companies = await readAssociations(http, 'companies', remoteIds, signal);
      const contacts = await readAssociations(http, 'contacts', remoteIds, signal);
      for (const [id, parties] of out) {
        const linked = companies.get(id) ?? [];
        // The primary company when HubSpot names one, else the first, as a list answers it.
        parties.organisationId = (linked.find((c) => c.primary) ?? linked[0])?.id ?? null;
        parties.personIds = (contacts.get(id) ?? []).map((c) => c.id);
      }
      return out;
    },
    async changeParties(remoteId, change, signal) {
      const from = { id: remoteId };
      const post = (path: string, inputs: unknown[]) =>
        inputs.length ? providerRequest(http, 'POST', `${V4}/${path}`, { body: { inputs }, signal }) : null;
      if (change.dropOrganisationId)
        await post('companies/batch/archive', [{ from, to: [{ id: change.dropOrganisationId }] }]);
      if (change.organisationId)
        await post('companies/batch/create', [
          {
            from,
            to: { id: change.organisationId },
            types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: TO_COMPANY }],
          },
        ]);
      if (change.removePersonIds.length)
        await post('contacts/batch/archive', [{ from, to: change.removePersonIds.map((id) => ({ id })) }]);
      await post(
        'contacts/batch/associate/default',
        change.addPersonIds.map((id) => ({ from, to: { id } })),
      );
      // Contacts have no primary in HubSpot; associations do not move a deal's modified time.
      return null;
    },
  };
}

/**
 * The companies or contacts of these deals (v4 batch read, 100 deals a request; a deal
 * with more associations than one answer holds is read on with its `after`).
 */
async function readAssociations(
  http: ProviderHttp,
  to: 'companies' | 'contacts',
  dealIds: string[],
  signal?: AbortSignal,
): Promise<Map<string, { id: string; primary: boolean }[]>> {
  const out = new Map<string, { id: string; primary: boolean }[]>();
  let inputs: { id: string; after?: string }[] = dealIds.map((id) => ({ id }));
  while (inputs.length) {
    const next: { id: string; after?: string }[] = [];
    for (let i = 0; i < inputs.length; i += ASSOCIATION_BATCH) {
      const body = await providerRequest<AssociationsRead>(http, 'POST', `${V4}/${to}/batch/read`, {
        body: { inputs: inputs.slice(i, i + ASSOCIATION_BATCH) },
        signal,
      });
      for (const r of body?.results ?? []) {
        const list = out.get(r.from.id) ?? [];
        for (const t of r.to ?? [])
          list.push({
            id: String(t.toObjectId),
            primary: (t.associationTypes ?? []).some((a) => a.typeId === TO_COMPANY && to === 'companies'),
          });
        out.set(r.from.id, list);
        const after = r.paging?.next?.after;
        if (after) next.push({ id: r.from.id, after });
      }
    }
    inputs = next;
  }
  return out;
}

function associationsOf(f: RemoteDealFields) {
  const to = (id: string, typeId: number) => ({
    to: { id },
    types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: typeId }],
  });
  return [
    ...(f.organisationId ? [to(f.organisationId, TO_COMPANY)] : []),
    ...f.personIds.map((id) => to(id, TO_CONTACT)),
  ];
}

function timeOf(raw: string | null | undefined): number | null {
  if (!raw) return null;
  const at = /^\d+$/.test(raw) ? Number(raw) : Date.parse(raw);
  return Number.isNaN(at) ? null : at;
}

function updatedAtOf(o: HubspotDeal): string | null {
  const at = timeOf(o.properties.hs_lastmodifieddate ?? o.updatedAt);
  return at === null ? null : new Date(at).toISOString();
}

function toDeal(o: HubspotDeal): RemoteDeal {
  const p = o.properties;
  const amount = p.amount ? Number(p.amount) : null;
  const close = timeOf(p.closedate);
  const companies = o.associations?.companies?.results ?? [];
  // The primary company when HubSpot names one, else the first.
  const company = companies.find((c) => c.type === 'deal_to_company') ?? companies[0];
  const contacts = o.associations?.contacts?.results ?? [];
  return {
    id: o.id,
    updatedAt: updatedAtOf(o),
    remote: p,
    fields: {
      title: p.dealname ?? null,
      amount: amount === null || Number.isNaN(amount) ? null : amount,
      currency: p.deal_currency_code || null,
      pipelineId: p.pipeline ?? null,
      stageId: p.dealstage ?? null,
      status: null,
      expectedCloseDate: close === null ? null : new Date(close).toISOString().slice(0, 10),
      lostReason: null,
      ownerId: p.hubspot_owner_id || null,
      organisationId: company?.id ?? null,
      personIds: [...new Set(contacts.map((c) => c.id))],
    },
  };
}

/** An emptied field is sent as "" (HubSpot clears it). */
function toProperties(f: RemoteDealFields): Record<string, string> {
  return {
    ...(f.remote as Record<string, string> | undefined),
    dealname: f.title ?? '',
    amount: f.amount === null ? '' : String(f.amount),
    deal_currency_code: f.currency ?? '',
    pipeline: f.pipelineId ?? '',
    dealstage: f.stageId ?? '',
    closedate: f.expectedCloseDate ? `${f.expectedCloseDate}T00:00:00.000Z` : '',
    // An owner HubSpot does not know is left as it is there.
    ...(f.ownerId === null ? {} : { hubspot_owner_id: f.ownerId }),
  };
}
