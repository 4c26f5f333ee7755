import type { DealApi, RemoteDeal, RemoteDealFields } from './connector-deal.ts';
import { customKeysOf } from './pipedrive-fields.ts';
import { deleteRecord, type ProviderHttp, providerRequest } from './provider-http.ts';

/**
 * Pipedrive API v1 deals (`/api/v1/deals`, `start`/`limit` paging answered in
 * `additional_data.pagination`), pipelines (`/api/v1/pipelines`) and stages
 * (`/api/v1/stages`, each naming its `pipeline_id`). Won and lost are the
 * deal's `status` beside its stage. Changes since a time are the deals sorted
 * by `update_time` newest first, read until one is older. A deal's
 * organization and person are `org_id` and `person_id` (a list answers them
 * as objects with their `value`), and so is its owner `user_id` (a user of
 * `/api/v1/users`). Its other people are its participants
 * (`/api/v1/deals/{id}/participants`, the primary person among them), read only
 * for a deal whose `participants_count` says it has more than its person; a
 * push adds them (POST) and removes them (DELETE by the participant's id)
 * (docs/decisions/073-connector-deal-parties.md).
 */
const PAGE = 500;

type Ref = number | { value?: number | null } | null | undefined;

interface PipedriveDeal {
  id: number;
  title?: string | null;
  value?: number | null;
  currency?: string | null;
  stage_id?: number | null;
  pipeline_id?: number | null;
  status?: string | null;
  expected_close_date?: string | null;
  lost_reason?: string | null;
  org_id?: Ref;
  person_id?: Ref;
  user_id?: Ref;
  participants_count?: number | null;
  update_time?: string | null;
}
interface Participant {
  id: number;
  person_id?: Ref;
}
interface Paged<T> {
  data?: T[] | null;
  additional_data?: { pagination?: { more_items_in_collection?: boolean; next_start?: number } } | null;
}

const refOf = (ref: Ref): string | null => {
  const id = typeof ref === 'object' && ref !== null ? ref.value : ref;
  return id === null || id === undefined ? null : String(id);
};

/** Pipedrive's times are UTC, written `YYYY-MM-DD HH:MM:SS` (or RFC 3339). */
function timeOf(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const at = Date.parse(/Z|[+-]\d\d:?\d\d$/.test(raw) ? raw : `${raw.replace(' ', 'T')}Z`);
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

export function pipedriveDeals(http: ProviderHttp): DealApi {
  return {
    organisationType: 'organization',
    personType: 'person',
    statusBesideStage: true,
    lostReason: true,
    noAmountIsZero: true,
    async pipelines(signal) {
      const pipelines = await providerRequest<Paged<{ id: number; name: string; order_nr?: number }>>(
        http,
        'GET',
        '/api/v1/pipelines',
        { signal },
      );
      const stages = await providerRequest<
        Paged<{ id: number; name: string; pipeline_id: number; order_nr?: number }>
      >(http, 'GET', '/api/v1/stages', { signal });
      const order = (a: { order_nr?: number; id: number }, b: { order_nr?: number; id: number }) =>
        (a.order_nr ?? 0) - (b.order_nr ?? 0) || a.id - b.id;
      return (pipelines?.data ?? []).sort(order).map((p) => ({
        id: String(p.id),
        label: p.name,
        stages: (stages?.data ?? [])
          .filter((s) => s.pipeline_id === p.id)
          .sort(order)
          .map((s) => ({ id: String(s.id), label: s.name })),
      }));
    },
    async owners(signal) {
      const body = await providerRequest<Paged<{ id: number; email?: string | null; active_flag?: boolean }>>(
        http,
        'GET',
        '/api/v1/users',
        { signal },
      );
      return (body?.data ?? []).flatMap((u) =>
        u.email && u.active_flag !== false ? [{ id: String(u.id), email: u.email }] : [],
      );
    },
    async dealsPage(since, cursor, signal) {
      const body = await providerRequest<Paged<PipedriveDeal>>(http, 'GET', '/api/v1/deals', {
        query: {
          start: cursor ?? 0,
          limit: PAGE,
          status: 'all_not_deleted',
          sort: since ? 'update_time DESC' : 'id ASC',
        },
        signal,
      });
      let deals = (body?.data ?? []).map(toDeal);
      const paging = body?.additional_data?.pagination;
      let next = paging?.more_items_in_collection ? String(paging.next_start ?? 0) : null;
      if (since) {
        const from = Date.parse(since);
        const changed = deals.filter((d) => d.updatedAt !== null && Date.parse(d.updatedAt) >= from);
        // Newest first: once one is older, the rest are too.
        if (changed.length < deals.length) next = null;
        deals = changed;
      }
      return { deals, next };
    },
    async pushDeal(remoteId, fields, signal) {
      const answer = await providerRequest<{ data?: PipedriveDeal } | null>(
        http,
        remoteId ? 'PUT' : 'POST',
        remoteId ? `/api/v1/deals/${encodeURIComponent(remoteId)}` : '/api/v1/deals',
        { body: toBody(fields, remoteId === null), signal, once: !remoteId },
      );
      if (!answer?.data?.id) throw new Error('Pipedrive answered no deal.');
      const deal = toDeal(answer.data);
      return { remoteId: deal.id, updatedAt: deal.updatedAt, fields: deal.fields };
    },
    async morePeople(remoteId, signal) {
      return (await participantsOf(http, remoteId, signal)).map((p) => p.personId);
    },
    // Its update answers who the deal is with (pushDeal's fields).
    partiesOf: async () => new Map(),
    async changeParties(remoteId, change, signal) {
      const path = `/api/v1/deals/${encodeURIComponent(remoteId)}`;
      let updatedAt: string | null = null;
      const body = {
        ...(change.organisationId === undefined ? {} : { org_id: toNumber(change.organisationId) }),
        ...(change.primaryPersonId === undefined ? {} : { person_id: toNumber(change.primaryPersonId) }),
      };
      if (Object.keys(body).length) {
        const answer = await providerRequest<{ data?: PipedriveDeal } | null>(http, 'PUT', path, {
          body,
          signal,
        });
        updatedAt = timeOf(answer?.data?.update_time);
      }
      if (change.addPersonIds.length === 0 && change.removePersonIds.length === 0) return updatedAt;
      // Read after the person changed: Pipedrive makes the deal's person a participant itself.
      const now = await participantsOf(http, remoteId, signal);
      for (const id of change.addPersonIds.filter((p) => !now.some((n) => n.personId === p)))
        await providerRequest(http, 'POST', `${path}/participants`, {
          body: { person_id: Number(id) },
          signal,
        });
      for (const p of now.filter((n) => change.removePersonIds.includes(n.personId)))
        await deleteRecord(http, `${path}/participants/${p.id}`, signal);
      return null;
    },
    async findDeals(title, signal) {
      const body = await providerRequest<{ data?: { items?: { item: { id: number } }[] } | null }>(
        http,
        'GET',
        '/api/v1/deals/search',
        { query: { term: title, fields: 'title', exact_match: 'true', limit: 10 }, signal },
      );
      return (body?.data?.items ?? []).map((i) => String(i.item.id));
    },
    removeDeal: (remoteId, signal) =>
      deleteRecord(http, `/api/v1/deals/${encodeURIComponent(remoteId)}`, signal),
  };
}

const toNumber = (id: string | null) => (id === null ? null : Number(id));

/** All participants of a deal (500 a page), with the person each is. */
async function participantsOf(
  http: ProviderHttp,
  remoteId: string,
  signal?: AbortSignal,
): Promise<{ id: number; personId: string }[]> {
  const out: { id: number; personId: string }[] = [];
  let start: number | null = 0;
  while (start !== null) {
    const body: Paged<Participant> = await providerRequest<Paged<Participant>>(
      http,
      'GET',
      `/api/v1/deals/${encodeURIComponent(remoteId)}/participants`,
      { query: { start, limit: PAGE }, signal },
    );
    for (const p of body?.data ?? []) {
      const personId = refOf(p.person_id);
      if (personId) out.push({ id: p.id, personId });
    }
    const paging = body?.additional_data?.pagination;
    start = paging?.more_items_in_collection ? (paging.next_start ?? null) : null;
  }
  return out;
}

function toDeal(o: PipedriveDeal): RemoteDeal {
  const status = o.status === 'won' || o.status === 'lost' ? o.status : 'open';
  const person = refOf(o.person_id);
  return {
    id: String(o.id),
    updatedAt: timeOf(o.update_time),
    remote: customKeysOf(o),
    fields: {
      title: o.title ?? null,
      // Pipedrive has no empty value: a deal without one answers 0.
      amount: typeof o.value === 'number' && o.value !== 0 ? o.value : null,
      currency: o.currency ?? null,
      pipelineId: o.pipeline_id == null ? null : String(o.pipeline_id),
      stageId: o.stage_id == null ? null : String(o.stage_id),
      status,
      expectedCloseDate: o.expected_close_date || null,
      lostReason: o.lost_reason ?? null,
      ownerId: refOf(o.user_id),
      organisationId: refOf(o.org_id),
      personIds: person ? [person] : [],
      // The participants include the deal's person: more of them are other people.
      morePeople: (o.participants_count ?? 0) > (person ? 1 : 0),
    },
  };
}

/** A create also names the organization and the first person; an update leaves them as they are. */
function toBody(f: RemoteDealFields, create: boolean): Record<string, unknown> {
  return {
    // Mapped custom fields at the top level, as API v1 takes them; a multiple option as its ids joined by commas.
    ...Object.fromEntries(
      Object.entries(f.remote ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]),
    ),
    title: f.title,
    value: f.amount ?? 0,
    currency: f.currency,
    pipeline_id: Number(f.pipelineId),
    ...(f.stageId ? { stage_id: Number(f.stageId) } : {}),
    status: f.status ?? 'open',
    expected_close_date: f.expectedCloseDate,
    ...(f.status === 'lost' ? { lost_reason: f.lostReason } : {}),
    // Every Pipedrive deal has an owner: one Kontora lacks (or none) leaves Pipedrive's as it is.
    ...(f.ownerId ? { user_id: Number(f.ownerId) } : {}),
    ...(create && f.organisationId ? { org_id: Number(f.organisationId) } : {}),
    ...(create && f.personIds[0] ? { person_id: Number(f.personIds[0]) } : {}),
  };
}
