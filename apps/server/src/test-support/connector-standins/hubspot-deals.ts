import type { Route, StandinAnswer, StandinRequest } from '../social-standins/standin-server.ts';

/**
 * The deals part of the HubSpot stand-in, as HubSpot documents it: deal
 * pipelines with their stages (`GET /crm/v3/pipelines/deals`, `metadata`
 * with `isClosed` and `probability` as strings), a deal's companies and
 * contacts answered on a list with `associations=companies,contacts` (only
 * the types that have any), a create (`POST /crm/v3/objects/deals`) that takes
 * `associations` of HubSpot's defined types (deal → company 5, deal → contact
 * 3), an update (`PATCH …/{id}`), and a `dealstage` that must be a stage of the
 * deal's `pipeline` (400 otherwise). The CRM v4 associations API for deals'
 * companies and contacts (`/crm/v4/associations/deals/{companies|contacts}/batch/…`):
 * `read` (at most 1,000 inputs; each deal's associations with their types, 500 a
 * page with `after`; deals without any answered in `errors` with 207), `create`
 * (labelled: deal → company 5 is the primary company, one per deal, 341 the
 * unlabeled one; deal → contact 3), `associate/default` and `archive` (every
 * association of the pair, 204). Associations do not move a deal's modified time.
 */
export interface HubspotPipeline {
  id: string;
  label: string;
  displayOrder: number;
  stages: { id: string; label: string; displayOrder: number; closed?: boolean; probability?: number }[];
}

/** A new portal's deal pipeline. */
export const DEFAULT_DEAL_PIPELINE: HubspotPipeline = {
  id: 'default',
  label: 'Sales Pipeline',
  displayOrder: 0,
  stages: [
    ['appointmentscheduled', 'Appointment Scheduled', 0.2],
    ['qualifiedtobuy', 'Qualified To Buy', 0.4],
    ['presentationscheduled', 'Presentation Scheduled', 0.6],
    ['decisionmakerboughtin', 'Decision Maker Bought-In', 0.8],
    ['contractsent', 'Contract Sent', 0.9],
    ['closedwon', 'Closed Won', 1],
    ['closedlost', 'Closed Lost', 0],
  ].map(([id, label, probability], i) => ({
    id: id as string,
    label: label as string,
    displayOrder: i,
    probability: probability as number,
    closed: (id as string).startsWith('closed'),
  })),
};

export interface DealAssociations {
  companies: string[];
  contacts: string[];
}

/** A HubSpot user who may own deals (`GET /crm/v3/owners`). */
export interface HubspotOwner {
  id: string;
  email: string;
  archived?: boolean;
}

interface DealStore {
  pipelines: HubspotPipeline[];
  owners: HubspotOwner[];
  associations: Map<string, DealAssociations>;
  /** Each deal's primary company (absent: none). */
  primaries: Map<string, string>;
  exists(kind: 'companies' | 'contacts' | 'deals', id: string): boolean;
  put(properties: Record<string, string | null>, id?: string): { id: string };
  /** Why HubSpot refuses these property values (hubspot-properties.ts), or null. */
  invalidProperties?(properties: Record<string, string | null>): string | null;
  view(id: string, wanted: string[]): unknown;
  refuse(req: StandinRequest): StandinAnswer | null;
  invalid(message: string): StandinAnswer;
}

const TYPE_TO = { 5: 'companies', 341: 'companies', 3: 'contacts' } as Record<
  number,
  'companies' | 'contacts'
>;
const PRIMARY_COMPANY = 5;
const COMPANY = 341;
const CONTACT = 3;

/** A deal's associations as a list answers them (HubSpot leaves out the types without any). */
export function associationsView(a: DealAssociations | undefined, primary?: string) {
  if (!a) return {};
  const out: Record<string, { results: { id: string; type: string }[] }> = {};
  if (a.companies.length)
    out.companies = {
      results: a.companies.flatMap((id) => [
        ...(id === primary ? [{ id, type: 'deal_to_company' }] : []),
        { id, type: 'deal_to_company_unlabeled' },
      ]),
    };
  if (a.contacts.length)
    out.contacts = { results: a.contacts.map((id) => ({ id, type: 'deal_to_contact' })) };
  return { associations: out };
}

export function hubspotDealRoutes(store: DealStore): [string, RegExp, Route][] {
  /** HubSpot refuses a stage that is not of the deal's pipeline. */
  const badStage = (props: Record<string, string | null>, current?: Record<string, string | null>) => {
    const pipelineId = props.pipeline ?? current?.pipeline ?? 'default';
    const stage = props.dealstage ?? current?.dealstage;
    const pipeline = store.pipelines.find((p) => p.id === pipelineId);
    if (!pipeline) return `${pipelineId} is not a valid pipeline`;
    if (stage && !pipeline.stages.some((s) => s.id === stage))
      return `${stage} is not a valid deal stage of pipeline ${pipelineId}`;
    return null;
  };
  return [
    [
      'GET',
      /^\/crm\/v3\/owners$/,
      (req) =>
        store.refuse(req) ?? {
          json: {
            results: store.owners
              .filter((o) => req.query.get('archived') === 'true' || !o.archived)
              .map((o) => ({
                id: o.id,
                email: o.email,
                firstName: '',
                lastName: '',
                archived: Boolean(o.archived),
              })),
          },
        },
    ],
    [
      'GET',
      /^\/crm\/v3\/pipelines\/deals$/,
      (req) =>
        store.refuse(req) ?? {
          json: {
            results: store.pipelines.map((p) => ({
              id: p.id,
              label: p.label,
              displayOrder: p.displayOrder,
              archived: false,
              stages: p.stages.map((s) => ({
                id: s.id,
                label: s.label,
                displayOrder: s.displayOrder,
                archived: false,
                metadata: { isClosed: String(Boolean(s.closed)), probability: String(s.probability ?? 0) },
              })),
            })),
          },
        },
    ],
    [
      'POST',
      /^\/crm\/v3\/objects\/deals$/,
      (req) => {
        const no = store.refuse(req);
        if (no) return no;
        const properties = (req.fields.properties ?? {}) as Record<string, string>;
        if (!properties.dealname) return store.invalid('Property "dealname" is required');
        const wrong = badStage(properties) ?? store.invalidProperties?.(properties);
        if (wrong) return store.invalid(wrong);
        const links: DealAssociations = { companies: [], contacts: [] };
        let primary: string | undefined;
        for (const a of (req.fields.associations ?? []) as {
          to: { id: string };
          types: { associationCategory: string; associationTypeId: number }[];
        }[]) {
          const typeId = a.types?.[0]?.associationTypeId ?? 0;
          const kind = TYPE_TO[typeId];
          if (!kind || a.types[0]?.associationCategory !== 'HUBSPOT_DEFINED')
            return store.invalid('Invalid association type');
          if (!store.exists(kind, a.to.id)) return store.invalid(`No ${kind} object with id ${a.to.id}`);
          if (!links[kind].includes(a.to.id)) links[kind].push(a.to.id);
          if (typeId === PRIMARY_COMPANY) primary = a.to.id;
        }
        const deal = store.put(properties);
        store.associations.set(deal.id, links);
        if (primary) store.primaries.set(deal.id, primary);
        return { status: 201, json: store.view(deal.id, Object.keys(properties)) };
      },
    ],
    [
      'PATCH',
      /^\/crm\/v3\/objects\/deals\/([^/]+)$/,
      (req, [id]) => {
        const no = store.refuse(req);
        if (no) return no;
        if (!store.exists('deals', id ?? ''))
          return {
            status: 404,
            json: { status: 'error', message: `Object ${id} not found`, category: 'OBJECT_NOT_FOUND' },
          };
        const properties = (req.fields.properties ?? {}) as Record<string, string>;
        const wrong = badStage(properties) ?? store.invalidProperties?.(properties);
        if (wrong) return store.invalid(wrong);
        store.put(properties, id);
        return { json: store.view(id as string, Object.keys(properties)) };
      },
    ],
    ...associationRoutes(store),
  ];
}

type Pair = { from?: { id?: string }; to?: { id?: string } };

/** The v4 associations batch endpoints for a deal's companies and contacts. */
function associationRoutes(store: DealStore): [string, RegExp, Route][] {
  const V4 =
    /^\/crm\/v4\/associations\/deals\/(companies|contacts)\/batch\/(read|create|associate\/default|archive)$/;
  const PAGE = 500;
  const typesOf = (kind: 'companies' | 'contacts', dealId: string, id: string) =>
    kind === 'contacts'
      ? [{ category: 'HUBSPOT_DEFINED', typeId: CONTACT, label: null }]
      : [
          ...(store.primaries.get(dealId) === id
            ? [{ category: 'HUBSPOT_DEFINED', typeId: PRIMARY_COMPANY, label: 'Primary' }]
            : []),
          { category: 'HUBSPOT_DEFINED', typeId: COMPANY, label: null },
        ];
  const linksOf = (dealId: string) => {
    let links = store.associations.get(dealId);
    if (!links) {
      links = { companies: [], contacts: [] };
      store.associations.set(dealId, links);
    }
    return links;
  };
  /** Checks a pair of a write: the deal and the record exist. */
  const pairError = (kind: 'companies' | 'contacts', from?: string, to?: string) => {
    if (!from || !store.exists('deals', from)) return `No deals object with id ${from}`;
    if (!to || !store.exists(kind, to)) return `No ${kind} object with id ${to}`;
    return null;
  };
  const read = (kind: 'companies' | 'contacts', inputs: { id?: string; after?: string }[]) => {
    const results: unknown[] = [];
    const errors: unknown[] = [];
    for (const input of inputs) {
      const id = String(input.id ?? '');
      const all = store.exists('deals', id) ? (store.associations.get(id)?.[kind] ?? []) : [];
      if (all.length === 0) {
        errors.push({
          status: 'error',
          category: 'OBJECT_NOT_FOUND',
          message: `No ${kind} is associated with deals ${id}.`,
          context: { fromObjectId: [id] },
        });
        continue;
      }
      const offset = Number(input.after ?? 0);
      const page = all.slice(offset, offset + PAGE);
      results.push({
        from: { id },
        to: page.map((to) => ({ toObjectId: Number(to), associationTypes: typesOf(kind, id, to) })),
        ...(offset + PAGE < all.length ? { paging: { next: { after: String(offset + PAGE) } } } : {}),
      });
    }
    const at = new Date().toISOString();
    return {
      status: errors.length ? 207 : 200,
      json: {
        status: 'COMPLETE',
        results,
        ...(errors.length ? { errors, numErrors: errors.length } : {}),
        startedAt: at,
        completedAt: at,
      },
    };
  };
  return [
    [
      'POST',
      V4,
      (req, [kind, verb]) => {
        const no = store.refuse(req);
        if (no) return no;
        const k = kind as 'companies' | 'contacts';
        const inputs = (req.fields.inputs ?? []) as (Pair & {
          id?: string;
          after?: string;
          types?: { associationCategory?: string; associationTypeId?: number }[];
        })[];
        if (verb === 'read') {
          if (inputs.length > 1000) return store.invalid('Batch read is limited to 1,000 inputs');
          return read(k, inputs);
        }
        if (verb === 'archive') {
          for (const input of inputs) {
            const dealId = String(input.from?.id ?? '');
            const links = linksOf(dealId);
            for (const to of (input.to ?? []) as unknown as { id: string }[]) {
              links[k] = links[k].filter((id) => id !== String(to.id));
              if (k === 'companies' && store.primaries.get(dealId) === String(to.id))
                store.primaries.delete(dealId);
            }
          }
          return { status: 204 };
        }
        // Checked whole before any is written: a batch with a bad input writes nothing.
        for (const input of inputs) {
          const wrong = pairError(k, input.from?.id, input.to?.id);
          if (wrong) return store.invalid(wrong);
          if (verb === 'create') {
            const type = input.types?.[0];
            if (type?.associationCategory !== 'HUBSPOT_DEFINED' || TYPE_TO[type.associationTypeId ?? 0] !== k)
              return store.invalid('Invalid association type');
          }
        }
        const results = inputs.map((input) => {
          const dealId = String(input.from?.id);
          const to = String(input.to?.id);
          const links = linksOf(dealId);
          if (!links[k].includes(to)) links[k].push(to);
          // One primary company per deal: naming another moves it.
          if (verb === 'create' && input.types?.[0]?.associationTypeId === PRIMARY_COMPANY)
            store.primaries.set(dealId, to);
          return verb === 'create'
            ? { fromObjectTypeId: '0-3', fromObjectId: Number(dealId), toObjectId: Number(to), labels: [] }
            : {
                from: { id: dealId },
                to: { id: to },
                associationSpec: {
                  associationCategory: 'HUBSPOT_DEFINED',
                  associationTypeId: k === 'companies' ? COMPANY : CONTACT,
                },
              };
        });
        return { status: verb === 'create' ? 201 : 200, json: { status: 'COMPLETE', results } };
      },
    ],
  ];
}
