import {
  type Route,
  type StandinAnswer,
  type StandinRequest,
  startStandin,
} from '../social-standins/standin-server.ts';
import {
  defaultPipedrivePipelines,
  type PipedriveDeal,
  type PipedrivePipeline,
  type PipedriveUser,
  pipedriveDealRoutes,
} from './pipedrive-deals.ts';
import { type FieldKind, pipedriveFieldStore } from './pipedrive-fields.ts';

/**
 * A stand-in for Pipedrive's API v2 persons and organizations, as documented:
 * the API token in `x-api-token` (or `api_token`), 401 `unauthorized access`
 * for a wrong one, lists with `limit` ≤ 500 and an opaque `cursor` answered
 * in `additional_data.next_cursor`, `updated_since` (RFC 3339) with
 * `sort_by=update_time`, create (POST), update (PATCH) and DELETE, search
 * (`/search?term&fields&exact_match`), and its limits: the burst limit per
 * 2 s answered with 429 and Retry-After; the rate-limit headers on every
 * answer (`x-ratelimit-limit`, `-remaining`, `-reset`, and
 * `x-daily-requests-left` of the day's POST/PUT budget); the daily token
 * budget (a list costs 20 tokens, a write 10, a search 40), answered with 429
 * and a Retry-After until the next UTC day when it is spent. Tests set the
 * budgets and start a new day with `newDay()`. Deals, pipelines and stages
 * are API v1 (pipedrive-deals.ts), under the same token, limits and budgets.
 */
export interface PipedriveObject {
  id: number;
  name: string;
  first_name?: string | null;
  last_name?: string | null;
  emails?: { value: string; primary: boolean; label: string }[];
  phones?: { value: string; primary: boolean; label: string }[];
  address?: { value: string | null } | null;
  /** Values of custom fields by their hash keys (API v2). */
  custom_fields?: Record<string, unknown>;
  add_time: string;
  update_time: string;
  is_deleted: boolean;
}

type Kind = 'persons' | 'organizations';
const rfc3339 = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

const TOKEN_COST = { list: 20, write: 10, search: 40 } as const;

export async function startPipedriveStandin(
  options: { token?: string; burstPer2s?: number; dailyTokens?: number; dailyWrites?: number } = {},
) {
  const token = options.token ?? 'pipedrive-good-token';
  const burst = options.burstPer2s ?? 20;
  const budget = {
    tokens: options.dailyTokens ?? Number.POSITIVE_INFINITY,
    writes: options.dailyWrites ?? 10_000,
  };
  const stores: Record<Kind, Map<number, PipedriveObject>> = { persons: new Map(), organizations: new Map() };
  let nextId = 1;
  // Pipedrive's times have whole seconds.
  const tick = () => rfc3339(Date.now());
  const starts: number[] = [];
  const state = { overLimit: 0, writes: 0, tokensLeft: budget.tokens, writesLeft: budget.writes };
  const secondsToNextDay = () => {
    const now = new Date();
    return Math.ceil(
      (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000,
    );
  };

  const put = (kind: Kind, fields: Partial<PipedriveObject>, id?: number): PipedriveObject => {
    const existing = id === undefined ? undefined : stores[kind].get(id);
    const at = tick();
    const object: PipedriveObject = {
      ...(existing ?? { id: nextId++, name: '', add_time: at, is_deleted: false }),
      ...fields,
      update_time: at,
    } as PipedriveObject;
    stores[kind].set(object.id, object);
    return object;
  };

  const limitHeaders = (): Record<string, string> => ({
    'x-ratelimit-limit': String(burst),
    'x-ratelimit-remaining': String(Math.max(0, burst - starts.length)),
    'x-ratelimit-reset': '2',
    'x-daily-requests-left': String(Math.max(0, state.writesLeft)),
  });

  const refuse = (req: StandinRequest, cost: keyof typeof TOKEN_COST): StandinAnswer | null => {
    const given = req.headers['x-api-token'] ?? req.query.get('api_token');
    if (given !== token) {
      return {
        status: 401,
        json: { success: false, error: 'unauthorized access', errorCode: 401, error_info: '' },
      };
    }
    const now = Date.now();
    while (starts.length && (starts[0] as number) <= now - 2_000) starts.shift();
    if (starts.length >= burst) {
      state.overLimit++;
      return {
        status: 429,
        headers: { ...limitHeaders(), 'retry-after': '2' },
        json: { success: false, error: 'Rate limit exceeded' },
      };
    }
    const write = cost === 'write';
    if (state.tokensLeft < TOKEN_COST[cost] || (write && state.writesLeft <= 0)) {
      return {
        status: 429,
        headers: { ...limitHeaders(), 'retry-after': String(secondsToNextDay()) },
        json: { success: false, error: 'Daily API budget exceeded', errorCode: 429 },
      };
    }
    starts.push(now);
    state.tokensLeft -= TOKEN_COST[cost];
    if (write) state.writesLeft--;
    return null;
  };
  /** The route behind the token, burst and budget checks, its answer with the rate-limit headers. */
  const metered =
    (cost: keyof typeof TOKEN_COST, route: Route): Route =>
    async (req, params) => {
      const refused = refuse(req, cost);
      if (refused) return refused;
      const answer = await route(req, params);
      return { ...answer, headers: { ...limitHeaders(), ...answer.headers } };
    };
  const bad = (error: string) => ({ status: 400, json: { success: false, error, errorCode: 400 } });
  const live = (kind: Kind) => [...stores[kind].values()].filter((o) => !o.is_deleted);
  // Fields and the checks of custom values on writes (pipedrive-fields.ts).
  const users: PipedriveUser[] = [];
  const fieldStore = pipedriveFieldStore(bad, users);
  const fieldKind = (kind: Kind): FieldKind => (kind === 'persons' ? 'person' : 'organization');
  /** A write's fields with its custom values checked and merged into the record's, or why not. */
  const withCustom = (kind: Kind, fields: Record<string, unknown>, existing?: PipedriveObject) => {
    if (fields.custom_fields === undefined) return fields as Partial<PipedriveObject>;
    const custom = fieldStore.checked(
      fieldKind(kind),
      (fields.custom_fields ?? {}) as Record<string, unknown>,
    );
    if (typeof custom === 'string') return custom;
    return {
      ...fields,
      custom_fields: { ...(existing?.custom_fields ?? {}), ...custom },
    } as Partial<PipedriveObject>;
  };

  const pipelines: PipedrivePipeline[] = defaultPipedrivePipelines();
  const deals = new Map<number, PipedriveDeal>();
  const putDeal = (fields: Partial<PipedriveDeal>, id?: number): PipedriveDeal => {
    const existing = id === undefined ? undefined : deals.get(id);
    const at = tick();
    const pipeline = pipelines[0] as PipedrivePipeline;
    const deal: PipedriveDeal = {
      ...(existing ?? {
        id: nextId++,
        title: '',
        value: 0,
        currency: 'EUR',
        pipeline_id: pipeline.id,
        stage_id: pipeline.stages[0]?.id ?? 0,
        status: 'open',
        expected_close_date: null,
        lost_reason: null,
        org_id: null,
        person_id: null,
        user_id: null,
        participants: [],
        add_time: at,
      }),
      ...fields,
      update_time: at,
    } as PipedriveDeal;
    // The deal's person becomes a participant (one already is stays as they are).
    if (deal.person_id !== null && !deal.participants.some((p) => p.person_id === deal.person_id))
      deal.participants = [...deal.participants, { id: nextId++, person_id: deal.person_id, add_time: at }];
    deals.set(deal.id, deal);
    return deal;
  };
  const dealRoutes = pipedriveDealRoutes({
    pipelines,
    users,
    deals,
    put: putDeal,
    name: (kind, id) => {
      const o = stores[kind].get(id);
      return o && !o.is_deleted ? o.name : null;
    },
    nextId: () => nextId++,
    custom: (fields) =>
      fieldStore.checked(
        'deal',
        Object.fromEntries(Object.entries(fields).filter(([k]) => /^[0-9a-f]{40}$/.test(k))),
      ),
    customView: (deal) => fieldStore.view('deal', deal),
    bad,
    metered,
  });
  const standin = await startStandin([
    ...dealRoutes,
    [fieldStore.route[0], fieldStore.route[1], metered('list', fieldStore.route[2])],
    [
      'GET',
      /^\/api\/v2\/(persons|organizations)\/search$/,
      metered('search', (req, [kind]) => {
        const term = (req.query.get('term') ?? '').toLowerCase();
        const exact = req.query.get('exact_match') === 'true';
        if (term.length < (exact ? 1 : 2)) return bad('term must be at least 2 characters');
        const fields = (req.query.get('fields') ?? 'name,email').split(',');
        const matches = (v: string | null | undefined) =>
          !!v && (exact ? v.toLowerCase() === term : v.toLowerCase().includes(term));
        const found = live(kind as Kind).filter(
          (o) =>
            (fields.includes('name') && matches(o.name)) ||
            (fields.includes('email') && (o.emails ?? []).some((e) => matches(e.value))),
        );
        return {
          json: {
            success: true,
            data: {
              items: found.map((o) => ({
                result_score: 1,
                item: { id: o.id, type: kind === 'persons' ? 'person' : 'organization', name: o.name },
              })),
            },
            additional_data: { next_cursor: null },
          },
        };
      }),
    ],
    [
      'GET',
      /^\/api\/v2\/(persons|organizations)$/,
      metered('list', (req, [kind]) => {
        const limit = Number(req.query.get('limit') ?? 100);
        if (!(limit >= 1 && limit <= 500)) return bad('limit must be between 1 and 500');
        const since = req.query.get('updated_since');
        let rows = live(kind as Kind);
        if (since) rows = rows.filter((o) => Date.parse(o.update_time) >= Date.parse(since));
        if (req.query.get('sort_by') === 'update_time') {
          rows.sort((a, b) => Date.parse(a.update_time) - Date.parse(b.update_time) || a.id - b.id);
        } else rows.sort((a, b) => a.id - b.id);
        const cursor = req.query.get('cursor');
        const offset = cursor
          ? Number(Buffer.from(cursor, 'base64url').toString('utf8').replace('offset:', ''))
          : 0;
        const page = rows.slice(offset, offset + limit);
        const more = offset + limit < rows.length;
        return {
          json: {
            success: true,
            data: page,
            additional_data: {
              next_cursor: more ? Buffer.from(`offset:${offset + limit}`).toString('base64url') : null,
            },
          },
        };
      }),
    ],
    [
      'POST',
      /^\/api\/v2\/(persons|organizations)$/,
      metered('write', (req, [kind]) => {
        if (!req.fields.name) return bad('name is required');
        const fields = withCustom(kind as Kind, req.fields);
        if (typeof fields === 'string') return bad(fields);
        state.writes++;
        return { json: { success: true, data: put(kind as Kind, fields) } };
      }),
    ],
    [
      'PATCH',
      /^\/api\/v2\/(persons|organizations)\/(\d+)$/,
      metered('write', (req, [kind, id]) => {
        const existing = stores[kind as Kind].get(Number(id));
        if (!existing || existing.is_deleted)
          return { status: 404, json: { success: false, error: 'not found' } };
        const fields = withCustom(kind as Kind, req.fields, existing);
        if (typeof fields === 'string') return bad(fields);
        state.writes++;
        return { json: { success: true, data: put(kind as Kind, fields, Number(id)) } };
      }),
    ],
    [
      'DELETE',
      /^\/api\/v2\/(persons|organizations)\/(\d+)$/,
      metered('write', (_req, [kind, id]) => {
        const existing = stores[kind as Kind].get(Number(id));
        if (!existing || existing.is_deleted)
          return { status: 404, json: { success: false, error: 'not found' } };
        existing.is_deleted = true;
        return { json: { success: true, data: { id: Number(id) } } };
      }),
    ],
  ]);

  return {
    ...standin,
    token,
    state,
    /** A new day: the daily budgets are whole again. */
    newDay() {
      state.tokensLeft = budget.tokens;
      state.writesLeft = budget.writes;
    },
    seedPersons(count: number) {
      for (let i = 1; i <= count; i++) {
        put('persons', {
          name: `Person ${i}`,
          first_name: 'Person',
          last_name: String(i),
          emails: [{ value: `person${i}@example.com`, primary: true, label: 'work' }],
          phones: [],
        });
      }
    },
    put,
    edit: (kind: Kind, id: number, fields: Partial<PipedriveObject>) => put(kind, fields, id),
    remove: (kind: Kind, id: number) => {
      const o = stores[kind].get(id);
      if (o) o.is_deleted = true;
    },
    get: (kind: Kind, id: number) => stores[kind].get(id),
    all: (kind: Kind) => live(kind),
    /** The pipelines and stages it answers (tests replace or rename them). */
    pipelines,
    /** A deal as made (or changed) in Pipedrive. */
    putDeal,
    deal: (id: number) => deals.get(id),
    /** The people of a deal's participants (its person among them). */
    participantsOf: (id: number) => (deals.get(id)?.participants ?? []).map((p) => p.person_id),
    /** A participant added (or removed) in Pipedrive. */
    setParticipants(id: number, personIds: number[]) {
      const deal = deals.get(id) as PipedriveDeal;
      const kept = deal.participants.filter((p) => personIds.includes(p.person_id));
      const added = personIds
        .filter((p) => !kept.some((k) => k.person_id === p))
        .map((person_id) => ({ id: nextId++, person_id, add_time: tick() }));
      return putDeal({ participants: [...kept, ...added] }, id);
    },
    /** The users who may own deals (none unless a test adds them). */
    users,
    deals: () => [...deals.values()].filter((d) => d.status !== 'deleted'),
    /** A custom field made in Pipedrive: its hash key and its options with their ids. */
    defineField: fieldStore.define,
  };
}

export type PipedriveStandin = Awaited<ReturnType<typeof startPipedriveStandin>>;
