import type { ColumnType, Generated } from 'kysely';

/**
 * Table types for Kysely. Timestamps are ISO-8601 strings on both databases
 * (PostgreSQL timestamptz is parsed to ISO in database.ts). Booleans read back
 * as 0/1 on SQLite and true/false on PostgreSQL: map them with Boolean() in
 * repositories. JSON columns are text holding JSON.
 */
type Bool = ColumnType<boolean | number, boolean, boolean>;
type Timestamp = string;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  full_name: string;
  password_hash: string | null;
  is_admin: Bool;
  status: 'invited' | 'active' | 'disabled';
  language: string;
  preferences: string;
  /** JSON: mail and/or in-app per notification kind (migration 036). */
  notification_preferences: Generated<string>;
  last_login_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  legal_name: string | null;
  oib: string | null;
  address: string | null;
  country: string | null;
  time_zone: string;
  currency: string;
  is_active: Bool;
  /** Members must have two-factor sign-in before they can open the company's data. */
  require_two_factor: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** "HH:MM" in the company's zone: where the calendar's week and day views open. */
  workday_start: ColumnType<string, string | undefined, string>;
  /** Migration 056: mail is linked to an organisation by a participant's domain too (decision 083). */
  mail_org_domains: ColumnType<boolean | number, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ModulesTable {
  id: number;
  key: string;
  name: string;
}

export interface CompanyModulesTable {
  company_id: number;
  module_id: number;
}

export interface MembershipsTable {
  company_id: number;
  user_id: number;
  role: 'owner' | 'admin' | 'member';
  created_at: Timestamp;
}

export interface CompanyInvitationsTable {
  id: Generated<number>;
  company_id: number;
  email: string;
  role: 'owner' | 'admin' | 'member';
  invited_by: number | null;
  status: 'pending' | 'accepted' | 'declined' | 'revoked';
  token_hash: string | null;
  expires_at: Timestamp;
  responded_at: Timestamp | null;
  /** The inviter's language, for an account the invitation creates (migration 023); null on older ones. */
  language: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp;
  expires_at: Timestamp;
  user_agent: string | null;
  ip: string | null;
}

export interface OneTimeTokensTable {
  id: Generated<number>;
  user_id: number;
  /** `two_factor_login`: the 5-minute half-session between the password and the second step. */
  purpose: 'activation' | 'password_reset' | 'two_factor_login';
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface TwoFactorTable {
  user_id: number;
  secret_encrypted: string;
  enabled_at: Timestamp | null;
  /** bigint: PostgreSQL answers it as a string; read with Number(). */
  last_used_step: ColumnType<string | number | null, number | null, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface AuditEntriesTable {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  company_id: number | null;
  before: string | null;
  after: string | null;
  created_at: Timestamp;
  /** The API key that acted, when a key did (migration 009). */
  actor_key_id?: number | null;
  actor_key_name?: string | null;
}

export interface SocialIntegrationTypesTable {
  id: number;
  key: string;
  name: string;
  text_limit: number;
  max_media: number;
  image_max_bytes: number;
  video_max_bytes: number;
  video_max_seconds: number;
  media_types: string;
  requires_media: Bool;
}

export interface CustomersTable {
  id: Generated<number>;
  company_id: number;
  type: 'person' | 'organisation';
  name: string;
  /** Lower case without diacritics, for sorting and keyset pagination by name. */
  sort_name: string;
  first_name: string | null;
  last_name: string | null;
  organisation_name: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  address: string | null;
  country: string | null;
  oib: string | null;
  status: 'lead' | 'prospect' | 'customer' | 'inactive';
  owner_id: number | null;
  /** JSON array of normalised tags (also in customer_tags for filtering). */
  tags: string;
  source: string | null;
  notes: string | null;
  /** Normalised words indexed for full-text search (FTS5 on SQLite, tsvector on PostgreSQL). */
  search_text: string;
  /** Duplicate keys (migration 015, customer-match-keys.ts). */
  phone_key: string | null;
  name_key: string | null;
  town_key: string | null;
  /** The import whose batches wrote it, while that import is under way (migration 065, decision 098). */
  import_id: number | null;
  /** Own values packed on the row (migration 077): JSON text on SQLite, parsed jsonb on PostgreSQL. */
  own_values: Generated<string | object | null>;
  version: number;
  created_by: number | null;
  updated_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CustomerTagsTable {
  company_id: number;
  customer_id: number;
  tag: string;
}

/** A person customer at an organisation customer (migration 040). */
export interface CustomerOrganisationsTable {
  company_id: number;
  person_id: number;
  organisation_id: number;
  role: string | null;
  position: number;
  created_at: Timestamp;
}

export interface CustomerActivitiesTable {
  id: Generated<number>;
  company_id: number;
  customer_id: number;
  kind:
    | 'note'
    | 'created'
    | 'updated'
    | 'imported'
    | 'merged'
    | 'merge_undone'
    | 'todo_created'
    | 'todo_done'
    | 'todo_reopened'
    | 'todo_deleted'
    | 'deal_created'
    | 'deal_won'
    | 'deal_lost';
  body: string | null;
  /** JSON array of {field, before, after}. */
  changes: string | null;
  author_id: number | null;
  created_at: Timestamp;
  /** The API key's name when a key made the entry (migration 009). */
  author_key_name?: string | null;
  /** The customer's version after the change the entry records (migration 035); null otherwise. */
  version: number | null;
  /** The deal or to-do import whose batch wrote it, while that import is under way on SQLite (migration 071, decision 104). */
  import_id?: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Per-company customer counts kept by triggers: dimension 'status' (value = status) or 'month' (value = YYYY-MM, UTC). */
export interface CustomerCountsTable {
  company_id: number;
  dimension: 'status' | 'month';
  value: string;
  n: number;
}

/** Open (not done) to-dos per company and UTC day of `until_at`, kept by triggers (migration 020). */
export interface EventCountsTable {
  company_id: number;
  day: string;
  n_open: number;
}

/** A number that changes with anything a company's to-do list shows, kept by triggers (migration 029). */
export interface EventVersionsTable {
  company_id: number;
  version: number;
}

/** A number that changes with every write to a company's customers, kept by triggers (migration 029). */
export interface CustomerVersionsTable {
  company_id: number;
  version: number;
}

export interface EventsTable {
  id: Generated<number>;
  company_id: number;
  title: string;
  description: string | null;
  type: 'task' | 'call' | 'meeting' | 'email' | 'deadline';
  start_at: Timestamp;
  end_at: Timestamp | null;
  /** Effective end: end_at, else start_at (a day later for all-day events). */
  until_at: Timestamp;
  /** Lasts longer than 7 days (range queries treat these apart). */
  is_long: Bool;
  all_day: Bool;
  done: Bool;
  completed_at: Timestamp | null;
  priority: 'low' | 'normal' | 'high' | 'urgent';
  assignee_id: number | null;
  customer_id: number | null;
  reminder_minutes: number | null;
  location: string | null;
  version: number;
  created_by: number | null;
  updated_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** RFC 5545 RRULE of a series (migration 014); null for a single to-do. */
  recurrence: string | null;
  /** JSON array of minutes before the start (migration 014). */
  reminders: string | null;
  /** The deal the to-do belongs to (migration 033). */
  deal_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** End of a series' last occurrence; null when endless or single (migration 014). */
  series_until_at: Timestamp | null;
  /** The import whose batches wrote it, while that import is under way on SQLite (migration 071, decision 104). */
  import_id?: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One committed change to company data (migration 006; shape in @kontora/contract/change-feed). */
export interface ChangeEventsTable {
  id: Generated<number>;
  company_id: number;
  type: string;
  entity_type: string;
  entity_id: number | null;
  entity_version: number | null;
  actor_kind: 'user' | 'api_key' | 'system';
  actor_id: number | null;
  actor_name: string | null;
  /** JSON array of {field, before, after}. */
  changes: string | null;
  /** JSON object; its shape depends on the type. */
  data: string | null;
  created_at: Timestamp;
  /** PostgreSQL: the writing transaction (xid8, read as a string); SQLite: 0. */
  tx_id: Generated<string | number>;
}

/** The first answer to a POST carrying an Idempotency-Key (migration 006). */
export interface IdempotencyKeysTable {
  owner_kind: 'user' | 'api_key';
  owner_id: number;
  /** Method and path, e.g. `POST /api/companies/3/customers`. */
  route: string;
  key: string;
  /** SHA-256 of the query string and the validated body. */
  request_hash: string;
  /** Null while the first request is still running. */
  response_status: number | null;
  response_body: string | null;
  created_at: Timestamp;
}

export interface JobsTable {
  id: Generated<number>;
  queue: string;
  name: string;
  /** JSON. */
  payload: string;
  state: 'waiting' | 'active' | 'completed' | 'failed' | 'dead';
  attempts: Generated<number>;
  max_attempts: number;
  run_at: Timestamp;
  idempotency_key: string | null;
  last_error: string | null;
  progress: Generated<number>;
  progress_message: string | null;
  locked_by: string | null;
  locked_until: Timestamp | null;
  created_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  /** The company the job works for (migration 021); null for the deployment's own jobs. */
  company_id: number | null;
}

/** A company's API key (migration 009); only the SHA-256 of the key is stored. */
export interface ApiKeysTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  token_hash: string;
  last_four: string;
  /** JSON: {customers?, events?, webhooks?: "read" | "write"}. */
  scopes: string;
  /** Requests a minute. */
  rate_limit: number;
  created_by: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  revoked_by: number | null;
}

/** A company's webhook receiver (migration 010). */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  company_id: number;
  url: string;
  description: string | null;
  /** JSON array of change-feed types. */
  event_types: string;
  enabled: Bool;
  disabled_reason: 'gone' | 'failing' | null;
  secret_encrypted: string;
  previous_secret_encrypted: string | null;
  previous_secret_expires_at: Timestamp | null;
  failing_since: Timestamp | null;
  /** Failed attempts in a row (timeouts, no connection, 5xx); a success sets it back to 0 (migration 032). */
  failures_in_row: Generated<number>;
  /** While in the future, deliveries wait for it instead of being tried (the circuit breaker is open). */
  circuit_open_until: Timestamp | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One message to one endpoint; every attempt sends its body under its msg_id (migration 010). */
export interface WebhookMessagesTable {
  id: Generated<number>;
  company_id: number;
  endpoint_id: number;
  change_event_id: number | null;
  msg_id: string;
  event_type: string;
  body: string;
  state: 'pending' | 'succeeded' | 'failed';
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One delivery attempt: the delivery log (migration 010). */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  company_id: number;
  endpoint_id: number;
  message_id: number;
  attempt: number;
  trigger: 'change' | 'test' | 'replay';
  attempted_at: Timestamp;
  succeeded: Bool;
  status_code: number | null;
  latency_ms: number | null;
  response_excerpt: string | null;
  error: string | null;
  next_attempt_at: Timestamp | null;
}

/** A company's connection to HubSpot or Pipedrive (migration 017). */
export interface ConnectorsTable {
  id: Generated<number>;
  company_id: number;
  provider: 'hubspot' | 'pipedrive';
  base_url: string;
  token_encrypted: string;
  state: 'idle' | 'syncing' | 'failed' | 'paused';
  last_error: string | null;
  lease_job: string | null;
  lease_until: Timestamp | null;
  /** JSON {pass, object, cursor} of the running full pass; null when none runs. */
  checkpoint: string | null;
  full_pass: ColumnType<number, number | undefined, number>;
  import_done: Bool;
  pull_since: Timestamp | null;
  /** bigint: PostgreSQL answers it as a string. */
  push_after: ColumnType<number | string, number, number>;
  /** JSON {fetched, created, updated, failed} of the latest (or running) run. */
  counts: string;
  last_sync_at: Timestamp | null;
  next_sync_at: Timestamp | null;
  last_full_pass_at: Timestamp | null;
  /** bigint (migration 025): the initial push's last customer id; null when none is to do. */
  backfill_after: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** bigint (migration 047): the initial push's last deal id; null when none is to do. */
  deal_backfill_after: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** The provider's daily budget is used up until then (migration 025). */
  paused_until: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A local customer linked to one remote record of a connector (migration 017). */
export interface ConnectorLinksTable {
  id: Generated<number>;
  company_id: number;
  connector_id: number;
  customer_id: number;
  remote_type: string;
  remote_id: string;
  remote_updated_at: Timestamp | null;
  content_hash: string;
  seen_pass: number;
  /** A remote create is under way (migration 025): remote_id is a placeholder until its answer is saved. */
  pending_since: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  updated_at: Timestamp;
}

/** A local deal linked to one remote deal of a connector (migration 037). */
export interface ConnectorDealLinksTable {
  id: Generated<number>;
  company_id: number;
  connector_id: number;
  deal_id: number;
  remote_id: string;
  remote_updated_at: Timestamp | null;
  content_hash: string;
  /** The last completed full pass that listed the remote deal (migration 047). */
  seen_pass: ColumnType<number, number | undefined, number>;
  /** A remote create is under way (migration 047): remote_id is a placeholder until its answer is saved. */
  pending_since: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  updated_at: Timestamp;
}

/** A connection's own field ↔ remote property, per remote object kind (migration 053). */
export interface ConnectorFieldMapsTable {
  id: Generated<number>;
  company_id: number;
  connector_id: number;
  field_id: number;
  remote_object: string;
  remote_name: string;
  updated_at: Timestamp;
}

/** A connector's sync log (migration 017). */
export interface ConnectorLogTable {
  id: Generated<number>;
  company_id: number;
  connector_id: number;
  at: Timestamp;
  kind: string;
  direction: 'pull' | 'push' | null;
  remote_type: string | null;
  remote_id: string | null;
  customer_id: number | null;
  message: string;
}

/** The webhook dispatcher's position in the change feed (one row, migration 010). */
export interface WebhookDispatchStateTable {
  id: number;
  position_tx: string;
  position_id: number;
  updated_at: Timestamp;
}

/** A company's uploaded image or video (migration 011); bytes in the media store. */
export interface SocialMediaTable {
  id: Generated<number>;
  company_id: number;
  kind: 'image' | 'video';
  mime: string;
  /** bigint: PostgreSQL answers it as a string; read with Number(). */
  size_bytes: ColumnType<string | number, number, number>;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  original_name: string;
  storage_key: string;
  thumbnail_key: string | null;
  created_by: number | null;
  created_at: Timestamp;
}

/** A connected social account (migration 012); tokens are sealed with SECRET_KEY. */
export interface SocialAccountsTable {
  id: Generated<number>;
  company_id: number;
  type: string;
  remote_id: string;
  name: string;
  handle: string | null;
  status: 'active' | 'reconnect_needed';
  access_token: string | null;
  refresh_token: string | null;
  token_expires_at: Timestamp | null;
  refresh_expires_at: Timestamp | null;
  extra: string | null;
  last_error: string | null;
  owners_notified_at: Timestamp | null;
  connected_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SocialOauthStatesTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  type: string;
  state_hash: string;
  code_verifier: string | null;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface SocialPostsTable {
  id: Generated<number>;
  company_id: number;
  text: string;
  overrides: string;
  /** JSON `PostOptions` (TikTok's privacy level). */
  network_options: Generated<string>;
  status: 'draft' | 'scheduled' | 'publishing' | 'published' | 'partly_failed' | 'failed';
  scheduled_at: Timestamp | null;
  time_zone: string;
  version: Generated<number>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SocialPostMediaTable {
  company_id: number;
  post_id: number;
  media_id: number;
  position: number;
}

export interface SocialPostTargetsTable {
  id: Generated<number>;
  company_id: number;
  post_id: number;
  account_id: number;
  status: 'draft' | 'queued' | 'publishing' | 'published' | 'unconfirmed' | 'failed';
  remote_id: string | null;
  remote_url: string | null;
  attempts: Generated<number>;
  checks: Generated<number>;
  error_code: string | null;
  /** The network's HTTP status of the last failed attempt (decision 059); never its words. */
  error_status: number | null;
  first_attempt_at: Timestamp | null;
  published_at: Timestamp | null;
  next_run_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SocialPostHistoryTable {
  id: Generated<number>;
  company_id: number;
  post_id: number;
  kind: string;
  detail: string | null;
  actor_id: number | null;
  created_at: Timestamp;
}

/** An approval link of a post (migration 018, decision 023); the token only as its hash. */
export interface SocialPostApprovalsTable {
  id: Generated<number>;
  company_id: number;
  post_id: number;
  token_hash: string;
  post_version: number;
  status: 'pending' | 'approved' | 'changes_requested' | 'replaced';
  comment: string | null;
  requested_by: number | null;
  expires_at: Timestamp;
  decided_at: Timestamp | null;
  created_at: Timestamp;
}

/** What differs for one occurrence of a series (migration 014, decision 018). */
export interface EventOccurrencesTable {
  id: Generated<number>;
  company_id: number;
  event_id: number;
  occurrence_start: Timestamp;
  cancelled: Bool;
  done: Bool;
  completed_at: Timestamp | null;
  start_at: Timestamp | null;
  end_at: Timestamp | null;
  all_day: Bool | null;
  /** JSON object of overridden fields. */
  overrides: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A person's private iCalendar feed of a company's to-dos (migration 014, decision 018). */
export interface CalendarFeedsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  /** SHA-256 of the secret in the feed's address. */
  token_hash: string;
  /** The token is HMAC(SECRET_KEY, nonce). */
  token_nonce: string;
  /** `all` to-dos of the company or only those assigned to the person (`mine`). */
  scope: 'all' | 'mine';
  created_at: Timestamp;
}

export interface CustomerMergesTable {
  id: Generated<number>;
  company_id: number;
  survivor_id: number;
  /** JSON array of ids. */
  merged_ids: string;
  /** JSON snapshot that an undo restores. */
  snapshot: string;
  survivor_version: number;
  created_by: number | null;
  created_at: Timestamp;
  undone_at: Timestamp | null;
  undone_by: number | null;
}

export interface CustomerDuplicateScansTable {
  id: Generated<number>;
  company_id: number;
  job_id: string | null;
  state: 'running' | 'completed' | 'failed';
  progress: Generated<number>;
  group_count: Generated<number>;
  started_by: number | null;
  started_at: Timestamp;
  finished_at: Timestamp | null;
}

export interface CustomerDuplicateGroupsTable {
  id: Generated<number>;
  company_id: number;
  scan_id: number;
  rule: 'oib' | 'email' | 'phone' | 'name';
  size: number;
  /** JSON array of ids. */
  customer_ids: string;
}

export interface CustomerViewsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  /** Whose list the view is of (migration 059); every view before it is a customer view. */
  record: Generated<'customer' | 'deal'>;
  name: string;
  shared: Bool;
  /** JSON object: the list filter, own-field filters (`custom.{key}…`) included. */
  filter: string;
  /** A built-in sort or `custom.{key}` (migration 045 made room for it). */
  sort: string;
  dir: 'asc' | 'desc';
  /** JSON array of column ids, in order. */
  columns: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CustomerListColumnsTable {
  company_id: number;
  user_id: number;
  /** JSON array of column ids, in order. */
  columns: string;
  updated_at: Timestamp;
}

/** Each person's deal list columns per company (migration 059), as `customer_list_columns`. */
export type DealListColumnsTable = CustomerListColumnsTable;

/** Sales pipelines (migration 033, decision 051). */
export interface PipelinesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  position: number;
  version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PipelineStagesTable {
  id: Generated<number>;
  company_id: number;
  pipeline_id: number;
  name: string;
  kind: 'open' | 'won' | 'lost';
  probability: number;
  rotting_days: number | null;
  position: number;
}

export interface DealsTable {
  id: Generated<number>;
  company_id: number;
  pipeline_id: number;
  stage_id: number;
  title: string;
  sort_title: string;
  /** The folded words of the deal's own text values, apart by one space (migration 057). */
  own_words: Generated<string>;
  /** Own values packed on the row (migration 077): JSON text on SQLite, parsed jsonb on PostgreSQL. */
  own_values: Generated<string | object | null>;
  /** Minor units (cents), 64-bit. */
  amount_cents: number | null;
  currency: string;
  status: 'open' | 'won' | 'lost';
  probability: number | null;
  expected_close_date: string | null;
  owner_id: number | null;
  organisation_id: number | null;
  lost_reason: string | null;
  closed_at: Timestamp | null;
  stage_entered_at: Timestamp;
  /** Sparse ascending order within the stage (decision 051). */
  position: number;
  /** JSON array of tags. */
  tags: string;
  notes: string | null;
  version: number;
  created_by: number | null;
  updated_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The import whose batches wrote it, while that import is under way on SQLite (migration 071, decision 104). */
  import_id?: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface DealTagsTable {
  company_id: number;
  deal_id: number;
  tag: string;
}

export interface DealCustomersTable {
  company_id: number;
  deal_id: number;
  customer_id: number;
}

export interface DealLostReasonsTable {
  company_id: number;
  position: number;
  reason: string;
}

export interface DealActivitiesTable {
  id: Generated<number>;
  company_id: number;
  deal_id: number;
  kind: 'created' | 'updated' | 'stage_changed' | 'won' | 'lost' | 'reopened' | 'note';
  body: string | null;
  /** JSON object field → [before, after]. */
  changes: string | null;
  author_id: number | null;
  author_key_name: string | null;
  created_at: Timestamp;
}

/** The forecast's figures and the open deals per stage, kept by the deals' write door (migrations 033, 040). */
export interface DealStatsTable {
  company_id: number;
  pipeline_id: number;
  owner_id: number;
  currency: string;
  kind: 'open' | 'won' | 'lost' | 'entered' | 'stage';
  month: string;
  stage_id: number;
  n: number;
  amount_cents: number;
  weighted: number;
  seconds: number;
}

export interface DB {
  users: UsersTable;
  companies: CompaniesTable;
  modules: ModulesTable;
  company_modules: CompanyModulesTable;
  memberships: MembershipsTable;
  company_invitations: CompanyInvitationsTable;
  sessions: SessionsTable;
  one_time_tokens: OneTimeTokensTable;
  two_factor: TwoFactorTable;
  recovery_codes: RecoveryCodesTable;
  audit_entries: AuditEntriesTable;
  social_integration_types: SocialIntegrationTypesTable;
  customers: CustomersTable;
  customer_tags: CustomerTagsTable;
  customer_organisations: CustomerOrganisationsTable;
  customer_activities: CustomerActivitiesTable;
  customer_counts: CustomerCountsTable;
  event_counts: EventCountsTable;
  event_versions: EventVersionsTable;
  customer_versions: CustomerVersionsTable;
  events: EventsTable;
  change_events: ChangeEventsTable;
  idempotency_keys: IdempotencyKeysTable;
  jobs: JobsTable;
  api_keys: ApiKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_messages: WebhookMessagesTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_dispatch_state: WebhookDispatchStateTable;
  social_media: SocialMediaTable;
  social_accounts: SocialAccountsTable;
  social_oauth_states: SocialOauthStatesTable;
  social_posts: SocialPostsTable;
  social_post_media: SocialPostMediaTable;
  social_post_targets: SocialPostTargetsTable;
  social_post_history: SocialPostHistoryTable;
  social_post_approvals: SocialPostApprovalsTable;
  event_occurrences: EventOccurrencesTable;
  calendar_feeds: CalendarFeedsTable;
  customer_merges: CustomerMergesTable;
  customer_duplicate_scans: CustomerDuplicateScansTable;
  customer_duplicate_groups: CustomerDuplicateGroupsTable;
  customer_views: CustomerViewsTable;
  customer_list_columns: CustomerListColumnsTable;
  deal_list_columns: DealListColumnsTable;
  connectors: ConnectorsTable;
  connector_links: ConnectorLinksTable;
  connector_deal_links: ConnectorDealLinksTable;
  connector_log: ConnectorLogTable;
  connector_field_maps: ConnectorFieldMapsTable;
  pipelines: PipelinesTable;
  pipeline_stages: PipelineStagesTable;
  deals: DealsTable;
  deal_tags: DealTagsTable;
  deal_customers: DealCustomersTable;
  deal_lost_reasons: DealLostReasonsTable;
  deal_activities: DealActivitiesTable;
  deal_stats: DealStatsTable;
  notifications: NotificationsTable;
  mailboxes: MailboxesTable;
  mailbox_folders: MailboxFoldersTable;
  mailbox_oauth_states: MailboxOauthStatesTable;
  email_threads: EmailThreadsTable;
  email_messages: EmailMessagesTable;
  email_customers: EmailCustomersTable;
  email_attachments: EmailAttachmentsTable;
  email_templates: EmailTemplatesTable;
  email_outbox: EmailOutboxTable;
  mail_exclusions: MailExclusionsTable;
  custom_fields: CustomFieldsTable;
  csv_imports: CsvImportsTable;
  csv_import_rows: CsvImportRowsTable;
}

/** Fields of a company's own on customers and deals (migration 039). */
export interface CustomFieldsTable {
  id: Generated<number>;
  company_id: number;
  record: 'customer' | 'deal';
  key: string;
  label: string;
  /** JSON: the label by language. */
  labels: string;
  type: string;
  help: string | null;
  required: Bool;
  /** JSON of the default value; null: none. */
  default_value: string | null;
  /** JSON: the select options in order. */
  options: string;
  position: number;
  archived: Bool;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Deleted at (migration 052): hidden everywhere, restorable for 30 days, then purged. */
  deleted_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The heading the field stands under in forms (migration 055); null: the default group. */
  section: string | null;
}

/** In-app notifications (migration 036). */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  company_id: number;
  kind: string;
  record_id: number | null;
  route: string;
  /** JSON object. */
  data: string;
  dedupe_key: string | null;
  read_at: Timestamp | null;
  created_at: Timestamp;
}

/** A person's mailbox synced over IMAP (migration 041); `secrets` is sealed JSON of the passwords. */
export interface MailboxesTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  email: string;
  imap_host: string;
  imap_port: number;
  imap_security: 'tls' | 'starttls' | 'none';
  imap_username: string;
  smtp_host: string | null;
  smtp_port: number | null;
  smtp_security: 'tls' | 'starttls' | 'none' | null;
  smtp_username: string | null;
  secrets: string;
  visibility: 'private' | 'metadata' | 'shared';
  sync_days: number;
  status: 'connecting' | 'syncing' | 'ok' | 'failing';
  last_error: string | null;
  last_synced_at: Timestamp | null;
  sync_until: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** Plain text, merged by `{{sender.signature}}` (migration 043). */
  signature: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Migration 044: the run of failures, the poll's next try, and the day-long failure mailed. */
  failing_since: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  retry_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  failure_mailed_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** Disconnected with its mail kept: no sync, not listed; its visibility still applies. */
  disconnected_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** Migration 048: the instance keeping its INBOX in IDLE, and until when that claim holds. */
  idle_owner: ColumnType<string | null, string | null | undefined, string | null>;
  idle_until: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** Migration 048: a run was asked for while another held the mailbox; the holder goes again. */
  sync_again: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** Migration 054: `password`, or the provider whose OAuth tokens `secrets` holds. */
  auth: ColumnType<'password' | 'google' | 'microsoft', 'password' | 'google' | 'microsoft' | undefined>;
  /** Migration 054: when the OAuth access token runs out (null for password mailboxes). */
  oauth_expires_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

/** An address or domain whose mail is never kept (migration 056); `user_id` null: the company's list. */
export interface MailExclusionsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number | null;
  entry: string;
  created_at: Timestamp;
}

/** A mailbox sign-in in progress (migration 054): single use, bound to the browser that started it. */
export interface MailboxOauthStatesTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  provider: 'google' | 'microsoft';
  state_hash: string;
  code_verifier: string;
  visibility: 'private' | 'metadata' | 'shared';
  sync_days: number;
  expires_at: Timestamp;
  created_at: Timestamp;
}

/** Where the sync of one folder of a mailbox stands (migration 041). */
export interface MailboxFoldersTable {
  company_id: number;
  mailbox_id: number;
  role: 'inbox' | 'sent';
  path: string;
  uidvalidity: string;
  /** bigint: PostgreSQL answers it as a string. */
  last_uid: ColumnType<number | string, number, number>;
}

export interface EmailThreadsTable {
  id: Generated<number>;
  company_id: number;
  subject: string;
  last_at: Timestamp;
}

/** A kept message (migration 041); address columns are JSON, bodies are already sanitised. */
export interface EmailMessagesTable {
  id: Generated<number>;
  company_id: number;
  mailbox_id: number;
  thread_id: number;
  folder: 'inbox' | 'sent';
  uidvalidity: string;
  uid: ColumnType<number | string, number, number>;
  message_id: string;
  in_reply_to: string | null;
  refs: string;
  from_json: string;
  to_json: string;
  cc_json: string;
  subject: string;
  sent_at: Timestamp;
  text_body: string | null;
  html_body: string | null;
  created_at: Timestamp;
}

export interface EmailCustomersTable {
  company_id: number;
  message_id: number;
  customer_id: number;
}

export interface EmailAttachmentsTable {
  id: Generated<number>;
  company_id: number;
  message_id: number;
  filename: string | null;
  size: number;
  content_type: string;
  /** Migration 044: the bytes in the media storage; null when synced before they were kept. */
  storage_key: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A company's email template with merge fields (migration 043). */
export interface EmailTemplatesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  subject: string;
  html: string | null;
  text: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A message on its way from a person's mailbox (migration 043); addresses and refs are JSON arrays. */
export interface EmailOutboxTable {
  id: Generated<number>;
  company_id: number;
  mailbox_id: number;
  status: 'queued' | 'sending' | 'sent' | 'failed' | 'cancelled';
  message_id: string;
  in_reply_to: string | null;
  refs: string;
  to_json: string;
  cc_json: string;
  subject: string;
  html: string | null;
  text: string | null;
  customer_id: number | null;
  deal_id: number | null;
  send_at: Timestamp;
  sent_at: Timestamp | null;
  email_id: number | null;
  appended_at: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A CSV import being received, checked or saved (migration 046, decision 068). */
export interface CsvImportsTable {
  id: Generated<number>;
  company_id: number;
  kind: string;
  /** `applying`: saving (on SQLite its marked rows hidden); `applied`: flipped, marks being cleared. */
  state: 'staging' | 'applying' | 'applied';
  created_at: Timestamp;
  alive_at: Timestamp;
}

/** One checked record of an import's file (JSON), staged until the import is saved or dropped. */
export interface CsvImportRowsTable {
  import_id: number;
  company_id: number;
  line: number;
  row: string;
}
