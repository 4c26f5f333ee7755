import type { RemoteKind } from '@kontora/contract/connector-field-mappings';

/**
 * The providers' properties as the field mapping sees them
 * (docs/decisions/077-connector-field-mapping.md): HubSpot's properties API and
 * Pipedrive's person, organization and deal fields, each brought to one shape.
 */

export interface RemoteOption {
  /** HubSpot's option `value`, Pipedrive's option `id` (as text): what a record holds. */
  id: string;
  label: string;
}

export interface RemoteFieldProperty {
  object: string;
  name: string;
  label: string;
  /** The provider's own type name, as its API answers it. */
  type: string;
  /** What it holds; null: nothing a field of ours can hold (files, users, ranges, calculations…). */
  kind: RemoteKind | null;
  /** Made by the provider's users rather than one of its own properties. */
  custom: boolean;
  /** A value may be written (not read-only, not calculated, not one the connector already syncs). */
  writable: boolean;
  options: RemoteOption[];
}

export interface RemoteFieldApi {
  /** Every property of a remote object kind (`contact`, `company`, `deal`; `person`, `organization`, `deal`). */
  properties(object: string, signal?: AbortSignal): Promise<RemoteFieldProperty[]>;
  /**
   * The property names the listings of this object kind ask for besides the synced ones
   * (HubSpot answers only the properties asked for; Pipedrive answers every custom field).
   */
  want(object: string, names: string[]): void;
}
