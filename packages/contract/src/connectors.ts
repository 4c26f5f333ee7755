import { z } from 'zod';
import { Cursor, hasControlCharacters } from './fields.ts';
import { OutboundUrl } from './outbound-url.ts';

/**
 * CRM connectors: a company's two-way sync with HubSpot or Pipedrive
 * (docs/decisions/022-crm-connectors.md). The token is write-only: no answer
 * ever carries it.
 */
export const CONNECTOR_PROVIDERS = ['hubspot', 'pipedrive'] as const;
export type ConnectorProvider = (typeof CONNECTOR_PROVIDERS)[number];

/** The provider's public API, used when a connection names no base_url. */
export const CONNECTOR_DEFAULT_BASE_URL: Record<ConnectorProvider, string> = {
  hubspot: 'https://api.hubapi.com',
  pipedrive: 'https://api.pipedrive.com',
};

export const CONNECTOR_LIMITS = {
  tokenMax: 500,
  baseUrlMax: 2000,
  /** Connections one company may have. */
  connectorsMax: 10,
  logPageDefault: 50,
  logPageMax: 200,
} as const;

/** The provider's API root: the product appends its own paths, so no query either. */
export const ConnectorBaseUrl = OutboundUrl(CONNECTOR_LIMITS.baseUrlMax, { query: false }).transform((v) =>
  v.replace(/\/+$/, ''),
);

export const ConnectorCreateBody = z
  .object({
    provider: z.enum(CONNECTOR_PROVIDERS, { error: 'invalid_provider' }),
    token: z
      .string({ error: 'required' })
      .trim()
      .min(1, { error: 'required' })
      .max(CONNECTOR_LIMITS.tokenMax, { error: 'too_long' })
      .refine((v) => !hasControlCharacters(v), { error: 'control_characters' }),
    base_url: ConnectorBaseUrl.optional(),
  })
  .strict();
export type ConnectorCreateBody = z.output<typeof ConnectorCreateBody>;
export type ConnectorCreateInput = z.input<typeof ConnectorCreateBody>;

export const CONNECTOR_STATES = ['idle', 'syncing', 'failed', 'paused'] as const;
export type ConnectorState = (typeof CONNECTOR_STATES)[number];

export const ConnectorCounts = z.object({
  fetched: z.number(),
  created: z.number(),
  updated: z.number(),
  failed: z.number(),
});
export type ConnectorCounts = z.infer<typeof ConnectorCounts>;

export const Connector = z.object({
  id: z.number(),
  provider: z.enum(CONNECTOR_PROVIDERS),
  base_url: z.string(),
  /**
   * `syncing` while a run holds the connection; `failed` when the last run
   * stopped on an error; `paused` while the provider's daily budget is used up.
   */
  state: z.enum(CONNECTOR_STATES),
  last_error: z.string().nullable(),
  /** False until the first import has read every remote record once. */
  import_done: z.boolean(),
  /** Of the latest run (the running one while `syncing`). */
  counts: ConnectorCounts,
  /** Customers linked to a remote record. */
  linked: z.number(),
  last_sync_at: z.string().nullable(),
  next_sync_at: z.string().nullable(),
  last_full_pass_at: z.string().nullable(),
  /** While `paused`: when the provider's budget resets and the sync carries on. */
  paused_until: z.string().nullable(),
  created_at: z.string(),
});
export type Connector = z.infer<typeof Connector>;

export const ConnectorList = z.object({ items: z.array(Connector) });
export type ConnectorList = z.infer<typeof ConnectorList>;

/** "Sync now": the queued job, whose progress the connector's state and counts show. */
export const ConnectorSyncQueued = z.object({ job_id: z.string(), connector_id: z.number() });
export type ConnectorSyncQueued = z.infer<typeof ConnectorSyncQueued>;

export const CONNECTOR_LOG_KINDS = [
  'run_started',
  'run_finished',
  'run_failed',
  'run_paused',
  'record_failed',
  'conflict',
  'deleted',
  /** A create a stopped run left under way was found remotely and linked. */
  'resolved',
  /** A remote record was linked to the customer here with the same email instead of imported again. */
  'matched',
  /** Part of a record was left out: a deal's organisation or person not linked on the other side yet. */
  'skipped',
  /** A mapped value of the company's own fields did not fit the other side and was left out (the record went on). */
  'value_skipped',
] as const;

export const ConnectorLogEntry = z.object({
  id: z.number(),
  at: z.string(),
  kind: z.enum(CONNECTOR_LOG_KINDS),
  /** pull: remote → Kontora; push: Kontora → remote. */
  direction: z.enum(['pull', 'push']).nullable(),
  remote_type: z.string().nullable(),
  remote_id: z.string().nullable(),
  customer_id: z.number().nullable(),
  message: z.string(),
});
export type ConnectorLogEntry = z.infer<typeof ConnectorLogEntry>;

export const ConnectorLogQuery = z.object({
  cursor: Cursor(200).optional(),
  /** Only entries of these kinds (e.g. `record_failed` for the failed records). */
  kind: z.enum(CONNECTOR_LOG_KINDS).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CONNECTOR_LIMITS.logPageMax)
    .default(CONNECTOR_LIMITS.logPageDefault),
});
export type ConnectorLogQuery = z.output<typeof ConnectorLogQuery>;

export const ConnectorLogPage = z.object({
  items: z.array(ConnectorLogEntry),
  next_cursor: z.string().nullable(),
});
export type ConnectorLogPage = z.infer<typeof ConnectorLogPage>;
