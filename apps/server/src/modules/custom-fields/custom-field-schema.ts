import {
  type CustomField,
  type CustomRecord,
  CUSTOM_FIELD_LIMITS as L,
} from '@kontora/contract/custom-fields';

/**
 * The company's own fields of a record kind as a JSON Schema (draft 2020-12) of the records'
 * `custom` object: what a client of the public API reads to know which keys a customer or
 * deal of this company carries and which values each takes (the fields appear in the
 * schema a company's key sees). Built from the fields in use; archived ones are left out,
 * as records leave them out. Every value may be null (null clears).
 */

type JsonSchema = Record<string, unknown>;

const nullable = (schema: JsonSchema): JsonSchema => {
  const type = schema.type;
  if (typeof type === 'string') return { ...schema, type: [type, 'null'] };
  return schema;
};

function valueSchema(field: CustomField): JsonSchema {
  const options = field.options.map((o) => o.value);
  switch (field.type) {
    case 'text':
      return { type: 'string', maxLength: L.textMax };
    case 'long_text':
      return { type: 'string', maxLength: L.longTextMax };
    case 'number':
    case 'percent':
      return { type: 'number', minimum: -L.numberMax, maximum: L.numberMax };
    case 'currency':
      return { type: 'number', minimum: -L.numberMax, maximum: L.numberMax, multipleOf: 0.01 };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'datetime':
      return { type: 'string', format: 'date-time' };
    case 'checkbox':
      return { type: 'boolean' };
    case 'single_select':
      return { enum: [...options, null] };
    case 'multi_select':
      return { type: 'array', items: { enum: options }, uniqueItems: true, maxItems: L.multiMax };
    case 'url':
      return { type: 'string', format: 'uri', maxLength: L.urlMax };
    case 'email':
      return { type: 'string', format: 'email', maxLength: L.emailMax };
    case 'phone':
      return { type: 'string', maxLength: L.phoneMax };
    case 'person':
      return { type: 'integer', minimum: 1, description: 'The user id of a member of the company.' };
  }
}

export function customFieldSchema(record: CustomRecord, fields: CustomField[]): JsonSchema {
  const inUse = fields.filter((f) => !f.archived);
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `custom (${record})`,
    description:
      'The `custom` object of this company’s records of this kind: its own fields by key. A key left out keeps its value; null clears it. Required fields must hold a value when a record is created.',
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(
      inUse.map((f) => {
        const schema = nullable(valueSchema(f));
        return [
          f.key,
          {
            ...schema,
            title: f.label,
            ...(f.help ? { description: f.help } : {}),
            ...(f.default !== null && f.default !== undefined ? { default: f.default } : {}),
            'x-kontora-type': f.type,
            ...(f.options.length
              ? {
                  'x-options': f.options.map((o) => ({ value: o.value, label: o.label, hidden: o.hidden })),
                }
              : {}),
          },
        ];
      }),
    ),
    required: inUse.filter((f) => f.required).map((f) => f.key),
  };
}
