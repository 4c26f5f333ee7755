import {
  IMPORT_FIELD_NAME_MAX,
  IMPORT_FIELDS,
  type ImportField,
  type ImportMapping,
} from '@kontora/contract/customer-import';
import { hasControlCharacters } from '@kontora/contract/fields';
import { AppError } from '../errors.ts';

/** Headers people use for the fields, beyond the field names themselves (compared folded: a-z0-9 only). */
const ALIASES: Readonly<Record<string, ImportField>> = {
  fullname: 'name',
  displayname: 'name',
  firstname: 'first_name',
  givenname: 'first_name',
  ime: 'first_name',
  lastname: 'last_name',
  surname: 'last_name',
  familyname: 'last_name',
  prezime: 'last_name',
  company: 'organisation_name',
  companyname: 'organisation_name',
  organisation: 'organisation_name',
  organization: 'organisation_name',
  organizationname: 'organisation_name',
  tvrtka: 'organisation_name',
  mail: 'email',
  emailaddress: 'email',
  telephone: 'phone',
  tel: 'phone',
  mobile: 'phone',
  phonenumber: 'phone',
  telefon: 'phone',
  url: 'website',
  web: 'website',
  vat: 'oib',
  vatid: 'oib',
  vatnumber: 'oib',
  taxid: 'oib',
  owner: 'owner_email',
  owneremail: 'owner_email',
  tag: 'tags',
  labels: 'tags',
};

const foldHeader = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');
const FIELD_BY_FOLDED = new Map<string, ImportField>([
  ...IMPORT_FIELDS.map((f) => [foldHeader(f), f] as const),
  ...Object.entries(ALIASES),
]);

const badMapping = (details: Record<string, string[]>) =>
  new AppError(400, 'validation_failed', 'The column mapping does not fit the file.', { details });

const badHeader = (code: string, message: string) =>
  new AppError(400, 'validation_failed', message, { details: { header: [code] } });

/**
 * The header line as column names, refused when it cannot be one: a name longer than the mapping
 * allows (the report repeats every name) or with control characters (a binary file read as text).
 */
export function readHeader(fields: string[]): string[] {
  const names = fields.map((h) => h.trim());
  if (names.some((h) => h.length > IMPORT_FIELD_NAME_MAX)) {
    throw badHeader('header_too_long', `A column name is longer than ${IMPORT_FIELD_NAME_MAX} characters.`);
  }
  if (names.some((h) => hasControlCharacters(h) || h.includes('\uFFFD'))) {
    throw badHeader(
      'not_text',
      'The file is not CSV text (its first line has control or undecodable characters).',
    );
  }
  return names;
}

/**
 * Column index → field, from the explicit mapping where given, else by header name. Column names
 * are the user's words (`constructor`, `__proto__`, `toString` included): they are looked up in
 * Maps and collected in an object without a prototype, never on a plain object.
 */
export function resolveMapping(header: string[], explicit: ImportMapping | undefined) {
  const chosen = new Map<string, ImportField | null>(Object.entries(explicit ?? {}));
  const names = new Set(header);
  const unknown = [...chosen.keys()].filter((h) => !names.has(h));
  if (unknown.length)
    throw badMapping(Object.fromEntries(unknown.map((h) => [`mapping.${h}`, ['unknown_column']])));
  const applied: ImportMapping = Object.create(null);
  const columns: (ImportField | null)[] = header.map((h) => {
    const field = chosen.has(h) ? (chosen.get(h) ?? null) : (FIELD_BY_FOLDED.get(foldHeader(h)) ?? null);
    Object.defineProperty(applied, h, { value: field, enumerable: true, writable: true, configurable: true });
    return field;
  });
  const seen = new Set<ImportField>();
  for (const field of columns) {
    if (field && seen.has(field)) throw badMapping({ mapping: ['duplicate_field'] });
    if (field) seen.add(field);
  }
  return { columns, applied };
}
