import type {
  CustomField,
  CustomFieldCreateBody,
  CustomFieldType,
  CustomFieldUpdateBody,
  CustomRecord,
} from '@kontora/contract/custom-fields';
import type { Language } from '@kontora/contract/limits';

/** A field as the settings form holds it; options keep their stored value once saved. */
export type FieldDraft = {
  label: string;
  /** The label in other languages (empty: the reader sees `label`). */
  labels: Partial<Record<Language, string>>;
  key: string;
  /** Whether the key still follows the label (a new field until the key is typed). */
  keyFollows: boolean;
  type: CustomFieldType;
  required: boolean;
  help: string;
  /** The section's name (empty: the default group). */
  section: string;
  /** `uid` tells rows apart while typed (values of new options are made on save). */
  options: { uid: string; value: string; label: string; saved: boolean }[];
};

let lastUid = 0;
export const optionUid = () => `o${++lastUid}`;

export const SELECT_TYPES: readonly CustomFieldType[] = ['single_select', 'multi_select'];

/** A key the server accepts, made from a label: `Payment terms` → `payment_terms`. */
export function keyFromLabel(label: string): string {
  const slug = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const key = /^[a-z]/.test(slug) ? slug : `f_${slug}`;
  return key.slice(0, 40).replace(/_+$/, '');
}

/** An option's stored value from its label (letters, digits, `_ . -`). */
export function optionValue(label: string, taken: readonly string[]): string {
  const base =
    label
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}_.-]+/gu, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 50) || 'option';
  let value = base;
  for (let n = 2; taken.includes(value); n++) value = `${base}_${n}`;
  return value;
}

export const emptyDraft = (): FieldDraft => ({
  label: '',
  labels: {},
  key: '',
  keyFollows: true,
  type: 'text',
  required: false,
  help: '',
  section: '',
  options: [],
});

export const draftOf = (field: CustomField): FieldDraft => ({
  label: field.label,
  labels: { ...field.labels },
  key: field.key,
  keyFollows: false,
  type: field.type,
  required: field.required,
  help: field.help ?? '',
  section: field.section ?? '',
  options: field.options.map((o) => ({ uid: optionUid(), value: o.value, label: o.label, saved: true })),
});

/** New options get a value from their label; saved ones keep theirs (records hold it). */
function optionsBody(draft: FieldDraft) {
  if (!SELECT_TYPES.includes(draft.type)) return [];
  const taken: string[] = draft.options.filter((o) => o.saved).map((o) => o.value);
  return draft.options.map((o) => {
    const value = o.saved ? o.value : optionValue(o.label, taken);
    taken.push(value);
    return { value, label: o.label };
  });
}

/** The translations typed, trimmed; empty ones left out (the label stands in). */
export const labelsBody = (draft: FieldDraft): Partial<Record<Language, string>> =>
  Object.fromEntries(
    Object.entries(draft.labels)
      .map(([language, text]) => [language, (text ?? '').trim()])
      .filter(([, text]) => text !== ''),
  );

export const createBody = (record: CustomRecord, draft: FieldDraft): CustomFieldCreateBody =>
  ({
    record,
    key: draft.key,
    label: draft.label,
    labels: labelsBody(draft),
    type: draft.type,
    required: draft.required,
    help: draft.help,
    section: draft.section,
    options: optionsBody(draft),
  }) as CustomFieldCreateBody;

/** Options of a saved field keep their colour and hidden flag. */
export function updateBody(field: CustomField, draft: FieldDraft): CustomFieldUpdateBody {
  const previous = new Map(field.options.map((o) => [o.value, o]));
  return {
    label: draft.label,
    labels: labelsBody(draft),
    help: draft.help,
    section: draft.section,
    required: draft.required,
    ...(SELECT_TYPES.includes(field.type)
      ? {
          options: optionsBody(draft).map((o) => ({
            ...o,
            color: previous.get(o.value)?.color ?? null,
            hidden: previous.get(o.value)?.hidden ?? false,
          })),
        }
      : {}),
  } as CustomFieldUpdateBody;
}
