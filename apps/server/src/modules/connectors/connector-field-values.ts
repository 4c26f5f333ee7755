import type { CustomField } from '@kontora/contract/custom-fields';
import { checkValue } from '../custom-fields/custom-fields.service.ts';
import type { RemoteFieldProperty, RemoteOption } from './connector-field-types.ts';

/**
 * Values of the company's own fields as remote property values and back
 * (docs/decisions/077-connector-field-mapping.md). HubSpot holds every value as text
 * (numbers as digits, `true` / `false`, dates `YYYY-MM-DD`, a multiple enumeration its
 * option values joined by `;`, "" for none); Pipedrive holds numbers, text, dates, an
 * option's id and a list of ids (API v1 answers them as text, `12` and `12,13`), null for
 * none. A select's option is matched by label (without case), else by its value or id.
 * What does not fit is a problem the caller logs and skips; it never stops a run.
 */

export type Provider = 'hubspot' | 'pipedrive';
export type MappedField = Pick<CustomField, 'key' | 'type' | 'options' | 'required' | 'label'>;
export type Converted<T> = { ok: true; value: T } | { ok: false; problem: string };

const fold = (s: string) => s.trim().toLocaleLowerCase();
const bad = (problem: string): Converted<never> => ({ ok: false, problem });

/** The own option a remote option stands for: same label, else its id or label as our value. */
function ownOptionOf(field: MappedField, remote: RemoteOption): string | null {
  const byLabel = field.options.find((o) => fold(o.label) === fold(remote.label));
  if (byLabel) return byLabel.value;
  const byValue = field.options.find((o) => o.value === remote.id || fold(o.value) === fold(remote.label));
  return byValue?.value ?? null;
}

/** The remote option an own option stands for: same label, else our value as its id or label. */
function remoteOptionOf(
  field: MappedField,
  property: RemoteFieldProperty,
  value: string,
): RemoteOption | null {
  const own = field.options.find((o) => o.value === value);
  const label = own?.label ?? value;
  return (
    property.options.find((o) => fold(o.label) === fold(label)) ??
    property.options.find((o) => o.id === value || fold(o.label) === fold(value)) ??
    null
  );
}

/** A remote option by what a record holds (HubSpot's value, Pipedrive's id). */
const remoteOption = (property: RemoteFieldProperty, held: unknown) =>
  property.options.find((o) => o.id === String(held).trim()) ?? null;

function listOf(raw: unknown, provider: Provider): unknown[] {
  if (Array.isArray(raw)) return raw;
  return String(raw)
    .split(provider === 'hubspot' ? ';' : ',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function dateOf(raw: unknown, withTime: boolean): string | null {
  const text = String(raw).trim();
  const ms = /^\d+$/.test(text)
    ? Number(text)
    : Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text);
  if (Number.isNaN(ms)) return null;
  const iso = new Date(ms).toISOString();
  return withTime ? iso : iso.slice(0, 10);
}

/** A remote value as the field's value (null: none), checked as a write would check it. */
export function fromRemote(
  provider: Provider,
  field: MappedField,
  property: RemoteFieldProperty,
  raw: unknown,
): Converted<unknown> {
  if (raw === null || raw === undefined || raw === '' || (Array.isArray(raw) && raw.length === 0))
    return { ok: true, value: null };
  let value: unknown;
  switch (field.type) {
    case 'number':
    case 'currency':
    case 'percent': {
      // Pipedrive's monetary field answers {value, currency} in API v2.
      const n =
        typeof raw === 'object' && raw !== null && 'value' in raw ? (raw as { value: unknown }).value : raw;
      value = typeof n === 'number' ? n : Number(String(n).trim());
      break;
    }
    case 'checkbox':
      value = raw === true || raw === 'true' ? true : raw === false || raw === 'false' ? false : raw;
      break;
    case 'date':
    case 'datetime':
      value = dateOf(raw, field.type === 'datetime');
      if (value === null) return bad('invalid_date');
      break;
    case 'single_select': {
      const option = remoteOption(property, raw);
      value = option ? ownOptionOf(field, option) : null;
      if (value === null) return bad('unknown_option');
      break;
    }
    case 'multi_select': {
      const values = listOf(raw, provider).map((v) => {
        const option = remoteOption(property, v);
        return option ? ownOptionOf(field, option) : null;
      });
      if (values.includes(null)) return bad('unknown_option');
      value = values;
      break;
    }
    case 'person':
      return bad('not_mappable');
    default:
      value = typeof raw === 'string' ? raw : typeof raw === 'number' ? String(raw) : raw;
  }
  const checked = checkValue(field, value);
  if ('problem' in checked) return bad(checked.problem);
  return { ok: true, value: checked.value };
}

/** The field's value as the remote property's value (HubSpot text, Pipedrive typed). */
export function toRemote(
  provider: Provider,
  field: MappedField,
  property: RemoteFieldProperty,
  value: unknown,
): Converted<unknown> {
  const hubspot = provider === 'hubspot';
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0))
    return { ok: true, value: hubspot ? '' : null };
  switch (field.type) {
    case 'number':
    case 'currency':
    case 'percent':
      return { ok: true, value: hubspot ? String(value) : Number(value) };
    case 'checkbox':
      return { ok: true, value: hubspot ? String(value === true) : value === true };
    case 'single_select': {
      const option = remoteOptionOf(field, property, String(value));
      if (!option) return bad('unknown_option');
      return { ok: true, value: hubspot ? option.id : Number(option.id) };
    }
    case 'multi_select': {
      const options = (value as unknown[]).map((v) => remoteOptionOf(field, property, String(v)));
      if (options.includes(null)) return bad('unknown_option');
      const ids = (options as RemoteOption[]).map((o) => o.id);
      return { ok: true, value: hubspot ? ids.join(';') : ids.map(Number) };
    }
    case 'person':
      return bad('not_mappable');
    default:
      return { ok: true, value: String(value) };
  }
}
