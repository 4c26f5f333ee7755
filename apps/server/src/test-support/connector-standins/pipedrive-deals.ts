import type { Route, StandinAnswer } from '../social-standins/standin-server.ts';

/**
 * The deals part of the Pipedrive stand-in, API v1 as Pipedrive documents it:
 * `GET /api/v1/pipelines`, `GET /api/v1/stages` (each with its `pipeline_id`;
 * `?pipeline_id=` narrows), and deals: a list with `start`/`limit` ≤ 500,
 * `status` (`all_not_deleted` by default) and `sort` (`update_time DESC`,
 * `id ASC`), paged in `additional_data.pagination`; `org_id` and `person_id`
 * answered as objects with their `value`; create (POST, `title` required),
 * update (PUT), delete (DELETE marks it deleted), search (`/search?term&exact_match`, by title). A `stage_id` must be a stage
 * of the deal's pipeline (400 otherwise); `status` is open, won or lost beside
 * the stage. A deal's participants (`GET|POST /api/v1/deals/{id}/participants`,
 * `DELETE …/participants/{deal_participant_id}`): the deal's person is made one
 * when it is set, the deal's `participants_count` counts them, the deal's own
 * person cannot be removed (400), and adding or removing one is a change of the
 * deal (its `update_time` moves).
 */
export interface PipedrivePipeline {
  id: number;
  name: string;
  stages: { id: number; name: string }[];
}

export interface PipedriveDeal {
  id: number;
  title: string;
  value: number;
  currency: string;
  pipeline_id: number;
  stage_id: number;
  status: 'open' | 'won' | 'lost' | 'deleted';
  expected_close_date: string | null;
  lost_reason: string | null;
  org_id: number | null;
  person_id: number | null;
  user_id: number | null;
  /** Its participants (each with the id Pipedrive gives the participation). */
  participants: { id: number; person_id: number; add_time: string }[];
  add_time: string;
  update_time: string;
}

/** A new company's pipeline in Pipedrive. */
export const defaultPipedrivePipelines = (): PipedrivePipeline[] => [
  {
    id: 1,
    name: 'Pipeline',
    stages: [
      { id: 1, name: 'Qualified' },
      { id: 2, name: 'Contact Made' },
      { id: 3, name: 'Demo Scheduled' },
      { id: 4, name: 'Proposal Made' },
      { id: 5, name: 'Negotiations Started' },
    ],
  },
];

/** A Pipedrive user (`GET /api/v1/users`), who may own deals. */
export interface PipedriveUser {
  id: number;
  email: string;
  active_flag: boolean;
}

interface DealStore {
  pipelines: PipedrivePipeline[];
  users: PipedriveUser[];
  deals: Map<number, PipedriveDeal>;
  put(fields: Partial<PipedriveDeal>, id?: number): PipedriveDeal;
  name(kind: 'persons' | 'organizations', id: number): string | null;
  /** A participation's new id. */
  nextId(): number;
  /** A write's custom values (hash keys) checked, or why Pipedrive refuses them (pipedrive-fields.ts). */
  custom?(fields: Record<string, unknown>): Record<string, unknown> | string;
  /** A deal's custom values as API v1 answers them (a user field as an object, pipedrive-fields.ts). */
  customView?(deal: Record<string, unknown>): Record<string, unknown>;
  bad(error: string): StandinAnswer;
  /** The route behind the token, burst and budget checks. */
  metered(cost: 'list' | 'write' | 'search', route: Route): Route;
}

const ok = (data: unknown, more = false, start = 0, limit = 100) => ({
  json: {
    success: true,
    data,
    additional_data: {
      pagination: {
        start,
        limit,
        more_items_in_collection: more,
        ...(more ? { next_start: start + limit } : {}),
      },
    },
  },
});

export function pipedriveDealRoutes(store: DealStore): [string, RegExp, Route][] {
  const answer = ({ participants, ...d }: PipedriveDeal) => ({
    ...d,
    ...store.customView?.(d as unknown as Record<string, unknown>),
    participants_count: participants.length,
    org_id: d.org_id === null ? null : { value: d.org_id, name: store.name('organizations', d.org_id) },
    person_id: d.person_id === null ? null : { value: d.person_id, name: store.name('persons', d.person_id) },
    user_id:
      d.user_id === null
        ? null
        : {
            id: d.user_id,
            value: d.user_id,
            email: store.users.find((u) => u.id === d.user_id)?.email ?? null,
          },
  });
  const notFound = { status: 404, json: { success: false, error: 'Deal not found', errorCode: 404 } };
  /** The fields of a create or update as Pipedrive takes them, or why not. */
  const checked = (
    fields: Record<string, unknown>,
    current?: PipedriveDeal,
  ): Partial<PipedriveDeal> | string => {
    const pipelineId = Number(fields.pipeline_id ?? current?.pipeline_id ?? store.pipelines[0]?.id);
    const pipeline = store.pipelines.find((p) => p.id === pipelineId);
    if (!pipeline) return 'pipeline_id is not a pipeline';
    const stageId = Number(
      fields.stage_id ??
        (fields.pipeline_id === undefined ? current?.stage_id : undefined) ??
        pipeline.stages[0]?.id,
    );
    if (!pipeline.stages.some((s) => s.id === stageId)) return 'stage_id is not a stage of the pipeline';
    const custom = store.custom?.(fields) ?? {};
    if (typeof custom === 'string') return custom;
    if (fields.status !== undefined && !['open', 'won', 'lost'].includes(String(fields.status)))
      return 'status is invalid';
    if (fields.user_id !== undefined && !store.users.some((u) => u.id === fields.user_id))
      return 'user_id is not a user';
    const out: Partial<PipedriveDeal> = { pipeline_id: pipelineId, stage_id: stageId, ...custom };
    for (const k of [
      'title',
      'value',
      'currency',
      'status',
      'expected_close_date',
      'lost_reason',
      'org_id',
      'person_id',
      'user_id',
    ] as const)
      if (fields[k] !== undefined) (out as Record<string, unknown>)[k] = fields[k];
    return out;
  };
  return [
    ['GET', /^\/api\/v1\/users$/, store.metered('list', () => ok(store.users))],
    [
      'GET',
      /^\/api\/v1\/pipelines$/,
      store.metered('list', () =>
        ok(store.pipelines.map((p, i) => ({ id: p.id, name: p.name, order_nr: i + 1, active: true }))),
      ),
    ],
    [
      'GET',
      /^\/api\/v1\/stages$/,
      store.metered('list', (req) => {
        const only = req.query.get('pipeline_id');
        return ok(
          store.pipelines
            .filter((p) => !only || String(p.id) === only)
            .flatMap((p) =>
              p.stages.map((s, i) => ({
                id: s.id,
                name: s.name,
                pipeline_id: p.id,
                order_nr: i + 1,
                active_flag: true,
              })),
            ),
        );
      }),
    ],
    [
      'GET',
      /^\/api\/v1\/deals$/,
      store.metered('list', (req) => {
        const limit = Number(req.query.get('limit') ?? 100);
        if (!(limit >= 1 && limit <= 500)) return store.bad('limit must be between 1 and 500');
        const start = Number(req.query.get('start') ?? 0);
        const status = req.query.get('status') ?? 'all_not_deleted';
        let rows = [...store.deals.values()].filter((d) =>
          status === 'all_not_deleted' ? d.status !== 'deleted' : d.status === status,
        );
        const sort = req.query.get('sort') ?? 'id ASC';
        if (sort === 'update_time DESC')
          rows.sort((a, b) => Date.parse(b.update_time) - Date.parse(a.update_time) || b.id - a.id);
        else if (sort === 'id ASC') rows.sort((a, b) => a.id - b.id);
        else return store.bad(`sort ${sort} is not supported here`);
        rows = rows.slice(start);
        return ok(rows.slice(0, limit).map(answer), rows.length > limit, start, limit);
      }),
    ],
    [
      'GET',
      /^\/api\/v1\/deals\/search$/,
      store.metered('search', (req) => {
        const term = (req.query.get('term') ?? '').toLowerCase();
        const exact = req.query.get('exact_match') === 'true';
        if (term.length < (exact ? 1 : 2)) return store.bad('term must be at least 2 characters');
        const found = [...store.deals.values()].filter(
          (d) =>
            d.status !== 'deleted' &&
            (exact ? d.title.toLowerCase() === term : d.title.toLowerCase().includes(term)),
        );
        return {
          json: {
            success: true,
            data: {
              items: found.map((d) => ({
                result_score: 1,
                item: { id: d.id, type: 'deal', title: d.title },
              })),
            },
            additional_data: { pagination: { start: 0, limit: 10, more_items_in_collection: false } },
          },
        };
      }),
    ],
    [
      'POST',
      /^\/api\/v1\/deals$/,
      store.metered('write', (req) => {
        if (!req.fields.title) return store.bad('title is required');
        const fields = checked(req.fields);
        if (typeof fields === 'string') return store.bad(fields);
        return { status: 201, json: { success: true, data: answer(store.put(fields)) } };
      }),
    ],
    [
      'PUT',
      /^\/api\/v1\/deals\/(\d+)$/,
      store.metered('write', (req, [id]) => {
        const current = store.deals.get(Number(id));
        if (!current || current.status === 'deleted') return notFound;
        const fields = checked(req.fields, current);
        if (typeof fields === 'string') return store.bad(fields);
        return { json: { success: true, data: answer(store.put(fields, current.id)) } };
      }),
    ],
    ...participantRoutes(store, notFound),
    [
      'DELETE',
      /^\/api\/v1\/deals\/(\d+)$/,
      store.metered('write', (_req, [id]) => {
        const current = store.deals.get(Number(id));
        if (!current || current.status === 'deleted') return notFound;
        store.put({ status: 'deleted' }, current.id);
        return { json: { success: true, data: { id: current.id } } };
      }),
    ],
  ];
}

/** A deal's participants: list, add, remove. */
function participantRoutes(store: DealStore, notFound: StandinAnswer): [string, RegExp, Route][] {
  const live = (id: string | undefined) => {
    const deal = store.deals.get(Number(id));
    return deal && deal.status !== 'deleted' ? deal : undefined;
  };
  const view = (deal: PipedriveDeal, p: PipedriveDeal['participants'][number]) => ({
    id: p.id,
    person_id: { value: p.person_id, name: store.name('persons', p.person_id) },
    add_time: p.add_time,
    active_flag: true,
    related_item_data: { deal_id: deal.id, title: deal.title },
    person: { id: p.person_id, name: store.name('persons', p.person_id) },
    related_item_type: 'deal',
    related_item_id: deal.id,
  });
  return [
    [
      'GET',
      /^\/api\/v1\/deals\/(\d+)\/participants$/,
      store.metered('list', (req, [id]) => {
        const deal = live(id);
        if (!deal) return notFound;
        const limit = Number(req.query.get('limit') ?? 100);
        if (!(limit >= 1 && limit <= 500)) return store.bad('limit must be between 1 and 500');
        const start = Number(req.query.get('start') ?? 0);
        const rows = deal.participants.slice(start);
        return ok(
          rows.slice(0, limit).map((p) => view(deal, p)),
          rows.length > limit,
          start,
          limit,
        );
      }),
    ],
    [
      'POST',
      /^\/api\/v1\/deals\/(\d+)\/participants$/,
      store.metered('write', (req, [id]) => {
        const deal = live(id);
        if (!deal) return notFound;
        const personId = Number(req.fields.person_id);
        if (!Number.isInteger(personId) || store.name('persons', personId) === null)
          return store.bad('person_id is not a person');
        if (deal.participants.some((p) => p.person_id === personId))
          return store.bad('The person is already a participant of the deal');
        const p = { id: store.nextId(), person_id: personId, add_time: new Date().toISOString() };
        store.put({ participants: [...deal.participants, p] }, deal.id);
        return { json: { success: true, data: view(deal, p) } };
      }),
    ],
    [
      'DELETE',
      /^\/api\/v1\/deals\/(\d+)\/participants\/(\d+)$/,
      store.metered('write', (_req, [id, participantId]) => {
        const deal = live(id);
        if (!deal) return notFound;
        const p = deal.participants.find((x) => x.id === Number(participantId));
        if (!p)
          return { status: 404, json: { success: false, error: 'Participant not found', errorCode: 404 } };
        if (p.person_id === deal.person_id)
          return store.bad('The deal’s person cannot be removed from its participants');
        store.put({ participants: deal.participants.filter((x) => x !== p) }, deal.id);
        return { json: { success: true, data: { id: p.id } } };
      }),
    ],
  ];
}
