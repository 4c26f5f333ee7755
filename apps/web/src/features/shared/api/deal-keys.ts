/**
 * Query keys of the sales pipeline, under the CRM's `['crm', companyId]`: a deal shows its
 * organisation and people, a customer page its deals, a deal page its to-dos, so any CRM
 * write or live change refetches the deal screens on show as well (crm-keys.ts).
 */
export const dealKeys = {
  all: (companyId: number) => ['crm', companyId, 'deals'] as const,
  list: (companyId: number, params: object) => ['crm', companyId, 'deals', 'list', params] as const,
  board: (companyId: number, pipelineId: number, filter: object) =>
    ['crm', companyId, 'deals', 'board', pipelineId, filter] as const,
  deal: (companyId: number, id: number) => ['crm', companyId, 'deals', 'detail', id] as const,
  timeline: (companyId: number, id: number) => ['crm', companyId, 'deals', 'timeline', id] as const,
  pipelines: (companyId: number) => ['crm', companyId, 'pipelines'] as const,
  lostReasons: (companyId: number) => ['crm', companyId, 'deal-lost-reasons'] as const,
};

export const dealsPath = (companyId: number) => `/companies/${companyId}/deals`;
export const pipelinesPath = (companyId: number) => `/companies/${companyId}/pipelines`;
export const lostReasonsPath = (companyId: number) => `/companies/${companyId}/deal-lost-reasons`;
