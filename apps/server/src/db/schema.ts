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

export interface CustomerActivitiesTable {
  id: Generated<number>;
  company_id: number;
  customer_id: number;
  kind: 'note' | 'created' | 'updated' | 'imported';
  body: string | null;
  /** JSON array of {field, before, after}. */
  changes: string | null;
  author_id: number | null;
  created_at: Timestamp;
}

/** Per-company customer counts kept by triggers: dimension 'status' (value = status) or 'month' (value = YYYY-MM, UTC). */
export interface CustomerCountsTable {
  company_id: number;
  dimension: 'status' | 'month';
  value: string;
  n: number;
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
}

export interface CustomerViewsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  name: string;
  shared: Bool;
  /** JSON object: the list filter. */
  filter: string;
  sort: 'name' | 'created_at' | 'updated_at';
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
  customer_activities: CustomerActivitiesTable;
  customer_counts: CustomerCountsTable;
  events: EventsTable;
  change_events: ChangeEventsTable;
  idempotency_keys: IdempotencyKeysTable;
  jobs: JobsTable;
  customer_views: CustomerViewsTable;
  customer_list_columns: CustomerListColumnsTable;
}
