import type { CustomerType } from '@kontora/contract/customers';
import type { DealApi } from './connector-deal.ts';
import type { RemoteFieldApi } from './connector-field-types.ts';

/**
 * The one interface both providers implement (docs/decisions/022): test the
 * connection, list remote records (all of them, or those changed since a time)
 * a page at a time from a cursor, push local changes in batches, and map
 * fields both ways. The sync (connector-sync.ts) knows nothing of HubSpot or
 * Pipedrive beyond this.
 */

/** The customer fields a connector keeps in step; the content hash is taken over exactly these. */
export interface SyncedFields {
  type: CustomerType;
  name: string | null;
  first_name: string | null;
  last_name: string | null;
  organisation_name: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  address: string | null;
  country: string | null;
  /**
   * Values of the company's own fields mapped to remote properties, by own key
   * (connector-field-sync.ts); a key left out is not compared or written.
   */
  custom?: Record<string, unknown>;
}

/** A synced field, or `custom.{key}` for a field of the company's own mapped to a remote property. */
export type MappedField = Exclude<keyof SyncedFields, 'custom'> | `custom.${string}`;

export const SYNCED_FIELDS = [
  'type',
  'name',
  'first_name',
  'last_name',
  'organisation_name',
  'email',
  'phone',
  'website',
  'address',
  'country',
] as const satisfies readonly MappedField[];

export interface RemoteRecord {
  /** The provider's object type, e.g. `contact` or `organization`. */
  type: string;
  id: string;
  /** When the remote record last changed (ISO), as the provider reports it. */
  updatedAt: string | null;
  fields: SyncedFields;
  /** The provider's raw values of custom properties, by property name (converted by connector-field-sync.ts). */
  remote?: Record<string, unknown>;
}

export interface RemotePage {
  records: RemoteRecord[];
  /** Where the next page starts; null after the last page. */
  next: string | null;
}

/** One local record to write remotely: a create when remoteId is null. */
export interface PushItem {
  key: number;
  remoteId: string | null;
  fields: SyncedFields;
  /** Raw values of mapped remote properties to send along, by property name. */
  remote?: Record<string, unknown>;
}

/** A remote record a lookup found: its fields when the provider answered them, else null. */
export interface FoundRecord {
  id: string;
  updatedAt: string | null;
  fields: SyncedFields | null;
}

export type PushResult =
  | { key: number; ok: true; remoteId: string; updatedAt: string | null }
  /** `unknown`: the provider may have created it all the same (its answer did not say); looked up before trying again. */
  | { key: number; ok: false; error: string; unknown?: boolean };

export interface CrmConnector {
  readonly provider: 'hubspot' | 'pipedrive';
  /** The object types a full pass lists, in order (people first, then organisations). */
  readonly objectTypes: readonly string[];
  /** The synced fields each remote type carries (the content hash covers only these). */
  readonly mappedFields: Readonly<Record<string, readonly MappedField[]>>;
  /** Largest batch `push` takes. */
  readonly pushBatch: number;
  /** One cheap authenticated call: throws ConnectorAuthError on a bad token. */
  test(signal?: AbortSignal): Promise<void>;
  /** A page of every record of the type (a full pass). */
  listPage(type: string, cursor: string | null, signal?: AbortSignal): Promise<RemotePage>;
  /** A page of records of the type modified at or after `since`, oldest change first. */
  changedPage(type: string, since: string, cursor: string | null, signal?: AbortSignal): Promise<RemotePage>;
  /** Which remote type a local customer of this kind becomes. */
  remoteTypeOf(fields: SyncedFields): string;
  /** Creates or updates up to `pushBatch` records of one type; one result per item. */
  push(type: string, items: PushItem[], signal?: AbortSignal): Promise<PushResult[]>;
  /**
   * Remote records of the type that look like these fields (same email, else
   * same name): after a crash between a remote create and saving its link,
   * the record may exist already and must not be created twice.
   */
  find(type: string, fields: SyncedFields, signal?: AbortSignal): Promise<FoundRecord[]>;
  /** Deletes (archives) one remote record; a record already gone is not an error. */
  remove(type: string, remoteId: string, signal?: AbortSignal): Promise<void>;
  /** The provider's deals, pipelines and stages (connector-deal.ts). */
  readonly deals: DealApi;
  /** The provider's properties, for mapping fields of the company's own (connector-field-types.ts). */
  readonly fields: RemoteFieldApi;
}
