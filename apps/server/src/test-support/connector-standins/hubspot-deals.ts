import type { Route, StandinAnswer, StandinRequest } from '../social-standins/standin-server.ts';

/**
 * The deals part of the HubSpot stand-in, as HubSpot documents it: deal
 * pipelines with their stages (`GET /crm/v3/pipelines/deals`, `metadata`
 * with `isClosed` and `probability` as strings), a deal's companies and
 * contacts answered on a list with `associations=companies,contacts` (only
 * the types that have any), a create (`POST /crm/v3/objects/deals`) that takes
 * `associations` of HubSpot's defined types (deal → company 5, deal → contact
 * 3), an update (`PATCH …/{id}`), and a `dealstage` that must be a stage of the
 * deal's `pipeline` (400 otherwise).
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
  exists(kind: 'companies' | 'contacts' | 'deals', id: string): boolean;
  put(properties: Record<string, string | null>, id?: string): { id: string };
  /** Why HubSpot refuses these property values (hubspot-properties.ts), or null. */
  invalidProperties?(properties: Record<string, string | null>): string | null;
  view(id: string, wanted: string[]): unknown;
  refuse(req: StandinRequest): StandinAnswer | null;
  invalid(message: string): StandinAnswer;
}

const TYPE_TO = { 5: 'companies', 3: 'contacts' } as Record<number, 'companies' | 'contacts'>;

/** A deal's associations as a list answers them (HubSpot leaves out the types without any). */
export function associationsView(a: DealAssociations | undefined) {
  if (!a) return {};
  const out: Record<string, { results: { id: string; type: string }[] }> = {};
  if (a.companies.length)
    out.companies = { results: a.companies.map((id) => ({ id, type: 'deal_to_company' })) };
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
        for (const a of (req.fields.associations ?? []) as {
          to: { id: string };
          types: { associationCategory: string; associationTypeId: number }[];
        }[]) {
          const kind = TYPE_TO[a.types?.[0]?.associationTypeId ?? 0];
          if (!kind || a.types[0]?.associationCategory !== 'HUBSPOT_DEFINED')
            return store.invalid('Invalid association type');
          if (!store.exists(kind, a.to.id)) return store.invalid(`No ${kind} object with id ${a.to.id}`);
          links[kind].push(a.to.id);
        }
        const deal = store.put(properties);
        store.associations.set(deal.id, links);
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
  ];
}
