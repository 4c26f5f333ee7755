/**
 * What both providers answer about deals (docs/decisions/057-connector-deals.md):
 * their pipelines and stages, their deals a page at a time, one deal written or
 * deleted. Stages are matched to Kontora's by name (connector-deal-map.ts); the
 * sync knows nothing of HubSpot or Pipedrive beyond this.
 */

/** A remote deal's fields, in the provider's own terms (its ids, its status). */
export interface RemoteDealFields {
  title: string | null;
  amount: number | null;
  currency: string | null;
  pipelineId: string | null;
  stageId: string | null;
  /** Won or lost beside the stage (Pipedrive); null where the stage alone says it (HubSpot). */
  status: 'open' | 'won' | 'lost' | null;
  /** YYYY-MM-DD. */
  expectedCloseDate: string | null;
  lostReason: string | null;
  /**
   * The remote user who owns the deal (its remote id). Pushed: `''` when the deal has no
   * owner (cleared where the provider allows it), null when its owner has no remote user
   * (the remote owner is left as it is).
   */
  ownerId: string | null;
  /** The remote organisation and people the deal is with (their remote ids; the primary person first where the provider has one). */
  organisationId: string | null;
  personIds: string[];
  /** Values of the company's own deal fields mapped to remote properties, by own key (connector-field-sync.ts). */
  custom?: Record<string, unknown>;
  /** Pushed: raw values of the mapped remote properties, by property name. */
  remote?: Record<string, unknown>;
  /**
   * Listed: the provider answered only some of the deal's people (Pipedrive: its primary
   * person, not its other participants); `morePeople` reads the rest.
   */
  morePeople?: boolean;
}

/** Who a remote deal is with: its organisation and people (remote ids, the primary person first). */
export type RemoteParties = Pick<RemoteDealFields, 'organisationId' | 'personIds' | 'morePeople'>;

/**
 * What a push changes of who a remote deal is with (connector-deal-parties.ts plans it):
 * only records linked to Kontora customers are added or removed, others are left as they are.
 */
export interface PartyChange {
  /** The deal's organisation from now (null: none); undefined: unchanged. */
  organisationId?: string | null;
  /** The organisation it had, to be unlinked from the deal (a provider with several keeps the others). */
  dropOrganisationId: string | null;
  /** The primary person from now (null: none), where the provider has one; undefined: unchanged. */
  primaryPersonId?: string | null;
  addPersonIds: string[];
  removePersonIds: string[];
}

export interface RemoteDeal {
  id: string;
  updatedAt: string | null;
  fields: RemoteDealFields;
  /** The provider's raw values of custom properties, by property name. */
  remote?: Record<string, unknown>;
}

export interface RemotePipeline {
  id: string;
  label: string;
  /** In the provider's order. */
  stages: { id: string; label: string }[];
}

/** A user of the provider who may own deals; matched to a Kontora member by email. */
export interface RemoteOwner {
  id: string;
  email: string;
}

export interface DealApi {
  /** The remote customer types a deal's organisation and people are (their links say which customer). */
  readonly organisationType: string;
  readonly personType: string;
  /** Whether the provider keeps won and lost beside the stage (then a won deal keeps its last stage). */
  readonly statusBesideStage: boolean;
  /** Whether the remote deal has a lost reason the sync keeps in step. */
  readonly lostReason: boolean;
  /** Whether the provider keeps "no amount" as 0 (Pipedrive): then 0 and none are the same value. */
  readonly noAmountIsZero?: boolean;
  /** `custom.{key}` of the own deal fields mapped to remote properties (their content hash covers them). */
  readonly customKeys?: readonly string[];
  pipelines(signal?: AbortSignal): Promise<RemotePipeline[]>;
  /** The provider's users who may own deals (active ones, with an email). */
  owners(signal?: AbortSignal): Promise<RemoteOwner[]>;
  /** A page of deals; with `since`, those changed at or after it (a provider may answer more). */
  dealsPage(
    since: string | null,
    cursor: string | null,
    signal?: AbortSignal,
  ): Promise<{ deals: RemoteDeal[]; next: string | null }>;
  /** Creates (no remote id) or updates one deal; a create also sends its organisation and people. */
  pushDeal(
    remoteId: string | null,
    fields: RemoteDealFields,
    signal?: AbortSignal,
  ): Promise<{ remoteId: string; updatedAt: string | null; fields?: RemoteDealFields }>;
  /** The rest of the people of a listed deal marked `morePeople` (all of them, remote ids). */
  morePeople(remoteId: string, signal?: AbortSignal): Promise<string[]>;
  /**
   * Who these remote deals are with now, read in as few requests as the provider allows
   * (HubSpot: batch reads of associations). A provider whose update answers it
   * (`pushDeal`'s `fields`, Pipedrive) answers none here.
   */
  partiesOf(remoteIds: string[], signal?: AbortSignal): Promise<Map<string, RemoteParties>>;
  /** Changes who a remote deal is with; answers its new modified time where the provider tells it. */
  changeParties(remoteId: string, change: PartyChange, signal?: AbortSignal): Promise<string | null>;
  /**
   * The ids of remote deals with this title (exact, without case): after a
   * crash between a remote create and saving its link, the deal may exist
   * already and must not be created twice.
   */
  findDeals(title: string, signal?: AbortSignal): Promise<string[]>;
  /** Deletes one remote deal; one already gone is not an error. */
  removeDeal(remoteId: string, signal?: AbortSignal): Promise<void>;
}
