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
 * A person (a member) is one of the provider's users, matched by email (`MemberMatch`):
 * HubSpot holds an owner's id as text, Pipedrive a user's id (API v1 answers it as an
 * object with its `id` and `value`). A remote user who is no member is none here, and
 * said (docs/decisions/093-person-fields-in-connector-mappings.md).
 * What does not fit is a problem the caller logs and skips; it never stops a run.
 */

export type Provider = 'hubspot' | 'pipedrive';
export type MappedField = Pick<CustomField, 'key' | 'type' | 'options' | 'required' | 'label'>;
/** Converted; `problem` beside a value: converted to none, and worth saying why. */
export type Converted<T> = { ok: true; value: T; problem?: string } | { ok: false; problem: string };

/** Members and the provider's users, matched by email (connector-deal-owner.ts's `OwnerMap`). */
export interface MemberMatch {
  toLocal(remoteId: string | null): number | null;
  toRemote(userId: number | null): string | null;
}

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

/** The user id a remote user value holds: text or a number, or API v1's `{id, value}` object. */
function userIdOf(raw: unknown): string | null {
  const id =
    typeof raw === 'object' && raw !== null
      ? ((raw as { value?: unknown; id?: unknown }).value ?? (raw as { id?: unknown }).id)
      : raw;
  if (typeof id === 'number') return String(id);
  return typeof id === 'string' && id.trim() ? id.trim() : null;
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
  people?: MemberMatch,
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
    case 'person': {
      if (!people) return bad('not_mappable');
      value = people.toLocal(userIdOf(raw));
      // A user who is no member leaves the field empty rather than keeping someone else.
      if (value === null) return { ok: true, value: null, problem: 'unknown_user' };
      break;
    }
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
  people?: MemberMatch,
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
    case 'person': {
      const remoteId = people && typeof value === 'number' ? people.toRemote(value) : null;
      if (remoteId === null) return bad(people ? 'unknown_user' : 'not_mappable');
      return { ok: true, value: hubspot ? remoteId : Number(remoteId) };
    }
    default:
      return { ok: true, value: String(value) };
  }
}
