import type { RemoteKind } from '@kontora/contract/connector-field-mappings';
import type { RemoteFieldApi, RemoteFieldProperty } from './connector-field-types.ts';
import { type ProviderHttp, providerRequest } from './provider-http.ts';

/**
 * HubSpot's properties API (`GET /crm/v3/properties/{objectType}`, developers.hubspot.com,
 * CRM properties): each property's `name`, `label`, `type` (string, number, date, datetime,
 * bool, enumeration, phone_number…) and `fieldType` (text, textarea, select, radio,
 * checkbox, booleancheckbox, phonenumber…), its `options` (`label`, `value`),
 * `hubspotDefined` for HubSpot's own, `calculated` and `modificationMetadata.readOnlyValue`
 * for those no one writes. A record's values travel in its `properties`, as text: an
 * enumeration holds option values separated by `;`, a bool `true` / `false`, a date
 * `YYYY-MM-DD`, an owner property (`referencedObjectType: OWNER`) an owner's id
 * (`GET /crm/v3/owners`).
 */
const PATH: Record<string, string> = { contact: 'contacts', company: 'companies', deal: 'deals' };

interface HubspotProperty {
  name: string;
  label?: string;
  type?: string;
  fieldType?: string;
  options?: { label?: string; value?: string; hidden?: boolean }[];
  hubspotDefined?: boolean;
  calculated?: boolean;
  hidden?: boolean;
  archived?: boolean;
  referencedObjectType?: string;
  modificationMetadata?: { readOnlyValue?: boolean };
}

/** What a HubSpot property holds, by its `type` and `fieldType`. */
export function hubspotKind(
  p: Pick<HubspotProperty, 'type' | 'fieldType' | 'referencedObjectType'>,
): RemoteKind | null {
  // A "HubSpot user" property (HubSpot's own owner properties too) holds an owner's id.
  if (p.referencedObjectType === 'OWNER') return 'user';
  if (p.referencedObjectType) return null; // other records' ids
  switch (p.type) {
    case 'string':
      if (p.fieldType === 'textarea') return 'long_text';
      if (p.fieldType === 'phonenumber') return 'phone';
      return p.fieldType === 'text' || p.fieldType === undefined ? 'text' : null;
    case 'phone_number':
      return 'phone';
    case 'number':
      return p.fieldType === 'calculation_equation' ? null : 'number';
    case 'date':
      return 'date';
    case 'datetime':
    case 'dateTime':
      return 'datetime';
    case 'bool':
      return 'bool';
    case 'enumeration':
      if (p.fieldType === 'checkbox') return 'multi';
      if (p.fieldType === 'booleancheckbox') return 'bool';
      return p.fieldType === 'select' || p.fieldType === 'radio' ? 'single' : null;
    default:
      return null;
  }
}

/**
 * The properties part of the HubSpot client. `synced` names the properties the connector
 * already keeps in step as built-in fields (not offered for mapping).
 */
export function hubspotProperties(
  http: ProviderHttp,
  synced: Record<string, readonly string[]>,
): RemoteFieldApi & { wanted(object: string): string[] } {
  const wanted = new Map<string, string[]>();
  return {
    async properties(object, signal) {
      const path = PATH[object];
      if (!path) throw new Error(`HubSpot has no object type ${object}`);
      const body = await providerRequest<{ results?: HubspotProperty[] }>(
        http,
        'GET',
        `/crm/v3/properties/${path}`,
        { query: { archived: 'false' }, signal },
      );
      return (body?.results ?? [])
        .filter((p) => !p.archived)
        .map(
          (p): RemoteFieldProperty => ({
            object,
            name: p.name,
            label: p.label || p.name,
            type: p.fieldType ? `${p.type}/${p.fieldType}` : String(p.type),
            kind: hubspotKind(p),
            custom: p.hubspotDefined !== true,
            writable:
              !p.calculated &&
              !p.hidden &&
              p.modificationMetadata?.readOnlyValue !== true &&
              !(synced[object] ?? []).includes(p.name),
            options: (p.options ?? [])
              .filter((o) => typeof o.value === 'string')
              .map((o) => ({ id: o.value as string, label: o.label || (o.value as string) })),
          }),
        );
    },
    want(object, names) {
      wanted.set(object, [...new Set(names)]);
    },
    wanted: (object) => wanted.get(object) ?? [],
  };
}
