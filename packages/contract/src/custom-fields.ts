import { z } from 'zod';
import { SingleLine } from './fields.ts';
import { LANGUAGES } from './limits.ts';

/**
 * Fields of a company's own on customers and deals,
 * `/api/companies/{companyId}/custom-fields?record=customer|deal`
 * (docs/decisions/061-custom-field-values.md). Owners and admins manage the definitions;
 * every member reads them. Records carry the values as `custom: {key: value}`.
 */
export const CUSTOM_RECORDS = ['customer', 'deal'] as const;
export type CustomRecord = (typeof CUSTOM_RECORDS)[number];

export const CUSTOM_FIELD_TYPES = [
  'text',
  'long_text',
  'number',
  'currency',
  'percent',
  'date',
  'datetime',
  'checkbox',
  'single_select',
  'multi_select',
  'url',
  'email',
  'phone',
  'person',
] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** Types whose values are numbers (stored, filtered and sorted as numbers). */
export const NUMERIC_CUSTOM_TYPES: readonly CustomFieldType[] = [
  'number',
  'currency',
  'percent',
  'checkbox',
  'person',
];

export const CUSTOM_FIELD_LIMITS = {
  /** Fields in use (not archived) per company and record kind. */
  fieldsMax: 200,
  labelMax: 100,
  helpMax: 500,
  optionsMax: 200,
  /** A section's name (the heading fields stand under in forms). */
  sectionMax: 60,
  optionValueMax: 60,
  optionLabelMax: 100,
  textMax: 500,
  longTextMax: 10_000,
  urlMax: 500,
  emailMax: 254,
  phoneMax: 40,
  /** Values one multiple select holds. */
  multiMax: 50,
  /** Largest magnitude of a number, amount or percent (exact in a double). */
  numberMax: 1e15,
  /** A deleted field and its values can be restored this long, then they are purged. */
  keepDeletedDays: 30,
} as const;

/** The stable key a field is read and written by: `custom.{key}`. */
export const CUSTOM_KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;

export const CustomFieldOption = z
  .object({
    value: z
      .string()
      .trim()
      .min(1, { error: 'required' })
      .max(CUSTOM_FIELD_LIMITS.optionValueMax, { error: 'too_long' })
      .regex(/^[\p{L}\p{N}_.-]+$/u, { error: 'invalid_value' }),
    label: SingleLine(CUSTOM_FIELD_LIMITS.optionLabelMax).min(1, { error: 'required' }),
    color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, { error: 'invalid_color' })
      .nullable()
      .default(null),
    /** Not offered for new values; records that hold it keep it. */
    hidden: z.boolean().default(false),
  })
  .strict();
export type CustomFieldOption = z.output<typeof CustomFieldOption>;

const Options = z
  .array(CustomFieldOption)
  .max(CUSTOM_FIELD_LIMITS.optionsMax, { error: 'too_many' })
  .superRefine((options, ctx) => {
    const values = options.map((o) => o.value);
    values.forEach((v, i) => {
      if (values.indexOf(v) !== i) ctx.addIssue({ code: 'custom', path: [i, 'value'], message: 'duplicate' });
    });
  });

const Label = SingleLine(CUSTOM_FIELD_LIMITS.labelMax).min(1, { error: 'required' });
/** The label in other languages; the web shows the reader's language, else `label`. */
const Labels = z.partialRecord(z.enum(LANGUAGES), SingleLine(CUSTOM_FIELD_LIMITS.labelMax));
/**
 * The section a field stands under in forms and record pages, by name; empty or null: the
 * default group. Sections come in the order of their first field by `position`
 * (docs/decisions/081-custom-field-sections.md).
 */
const Section = SingleLine(CUSTOM_FIELD_LIMITS.sectionMax)
  .transform((v) => (v === '' ? null : v))
  .nullable();
const Help = SingleLine(CUSTOM_FIELD_LIMITS.helpMax)
  .transform((v) => (v === '' ? null : v))
  .nullable();

export const CustomFieldCreateBody = z
  .object({
    record: z.enum(CUSTOM_RECORDS, { error: 'invalid_record' }),
    key: z.string().regex(CUSTOM_KEY_PATTERN, { error: 'invalid_key' }),
    label: Label,
    labels: Labels.default({}),
    type: z.enum(CUSTOM_FIELD_TYPES, { error: 'invalid_type' }),
    help: Help.optional(),
    section: Section.optional(),
    required: z.boolean().default(false),
    /** A value of the field's type that new records get when the create leaves the field out. */
    default: z.unknown().optional(),
    /** For single and multiple selects, in the order they are offered. */
    options: Options.default([]),
    /** Place among the record's fields; the end when left out. */
    position: z.number().int().min(0).max(10_000).optional(),
  })
  .strict();
export type CustomFieldCreateBody = z.output<typeof CustomFieldCreateBody>;

/** The key, type and record of a field never change (values and clients depend on them). */
export const CustomFieldUpdateBody = z
  .object({
    label: Label,
    labels: Labels,
    help: Help,
    section: Section,
    required: z.boolean(),
    default: z.unknown(),
    options: Options,
    position: z.number().int().min(0).max(10_000),
    /** Archived: left out of records and forms; values are kept and return when restored. */
    archived: z.boolean(),
  })
  .partial()
  .strict();
export type CustomFieldUpdateBody = z.output<typeof CustomFieldUpdateBody>;

export const CustomField = z.object({
  id: z.number(),
  record: z.enum(CUSTOM_RECORDS),
  key: z.string(),
  label: z.string(),
  labels: z.partialRecord(z.enum(LANGUAGES), z.string()),
  type: z.enum(CUSTOM_FIELD_TYPES),
  required: z.boolean(),
  options: z.array(
    z.object({ value: z.string(), label: z.string(), color: z.string().nullable(), hidden: z.boolean() }),
  ),
  default: z.unknown(),
  help: z.string().nullable(),
  /** The heading the field stands under; null: the default group. */
  section: z.string().nullable(),
  position: z.number(),
  archived: z.boolean(),
});
export type CustomField = z.infer<typeof CustomField>;

export const CustomFieldList = z.object({ items: z.array(CustomField) });
export type CustomFieldList = z.infer<typeof CustomFieldList>;

/**
 * `POST …/custom-fields/sections/rename`: every field of the record kind standing under
 * section `from` moves to `to` (null or empty: the default group; a name already used joins
 * that section) in one request; answers the fields renamed (decision 088).
 */
export const SectionRenameBody = z
  .object({
    record: z.enum(CUSTOM_RECORDS, { error: 'invalid_record' }),
    from: SingleLine(CUSTOM_FIELD_LIMITS.sectionMax).min(1, { error: 'required' }),
    to: Section,
  })
  .strict();
export type SectionRenameBody = z.output<typeof SectionRenameBody>;

/**
 * A deleted field, restorable until `purge_at` with `POST …/custom-fields/{id}/restore`
 * (`GET …/custom-fields/deleted?record=`). Its key stays reserved meanwhile.
 */
export const DeletedCustomField = CustomField.extend({ deleted_at: z.string(), purge_at: z.string() });
export type DeletedCustomField = z.infer<typeof DeletedCustomField>;
export const DeletedCustomFieldList = z.object({ items: z.array(DeletedCustomField) });
export type DeletedCustomFieldList = z.infer<typeof DeletedCustomFieldList>;

/**
 * `POST …/custom-fields/{id}/merge-options`: every record holding option `from` holds `into`
 * instead (a multiple select holding both keeps one), and `from` leaves the options.
 */
export const CustomOptionMergeBody = z
  .object({
    from: z.string().min(1, { error: 'required' }).max(CUSTOM_FIELD_LIMITS.optionValueMax),
    into: z.string().min(1, { error: 'required' }).max(CUSTOM_FIELD_LIMITS.optionValueMax),
  })
  .strict();
export type CustomOptionMergeBody = z.output<typeof CustomOptionMergeBody>;

export const CustomOptionMergeResult = z.object({
  field: CustomField,
  /** Ids of the records whose value changed. */
  records: z.array(z.number()),
});
export type CustomOptionMergeResult = z.infer<typeof CustomOptionMergeResult>;

export const CustomFieldListQuery = z.object({
  record: z.enum(CUSTOM_RECORDS, { error: 'invalid_record' }),
});
export type CustomFieldListQuery = z.output<typeof CustomFieldListQuery>;

/** A record's values in reads and writes: `null` clears a field. Checked by the server against the definitions. */
export const CustomValues = z.record(z.string(), z.unknown());
export type CustomValues = z.infer<typeof CustomValues>;

/** A bulk action's own-field values (`set_custom`): at least one key; checked per record as an edit's. */
export const BulkCustomValues = CustomValues.refine((v) => Object.keys(v).length > 0, { error: 'required' });

/** `sort=custom.{key}` (ascending) or `sort=-custom.{key}` (descending) in record lists. */
export const CUSTOM_SORT_PATTERN = /^-?custom\.[a-z][a-z0-9_]{0,39}$/;

/** Query parameters `custom.{key}`, `custom.{key}.gte|lte|empty`: kept as sent, checked by the server. */
export const CustomQueryParams = z.union([z.string(), z.array(z.string())]);
