import { IMPORT_FIELD_NAME_MAX } from '@kontora/contract/customer-import-values';
import { hasControlCharacters } from '@kontora/contract/fields';
import { AppError } from '../errors.ts';

export const foldHeader = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Header (folded: a-z0-9 only) → field: each field's own name and the other words people use for it. */
export function headerLookup<F extends string>(
  fields: readonly F[],
  aliases: Readonly<Record<string, F>>,
): ReadonlyMap<string, F> {
  return new Map<string, F>([...fields.map((f) => [foldHeader(f), f] as const), ...Object.entries(aliases)]);
}

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

/** The company's own fields as an import's mapping targets (`custom.{key}`). */
export interface OwnTargets<F extends string> {
  /** Header (folded) → the own fields that claim it, first choice first. */
  headers: ReadonlyMap<string, readonly F[]>;
  /** Every target in use: an explicit mapping to another `custom.…` is refused. */
  targets: ReadonlySet<string>;
}

/**
 * Column index → field, from the explicit mapping where given, else by header name: a built-in
 * field first, else one of the company's own fields (`own`) not yet taken by another column, so
 * an export whose own field is labelled like a built-in one ("Source") imports back. Column names
 * are the user's words (`constructor`, `__proto__`, `toString` included): they are looked up in
 * Maps and collected in an object without a prototype, never on a plain object.
 */
export function resolveMapping<F extends string>(
  header: string[],
  explicit: Record<string, F | null> | undefined,
  lookup: ReadonlyMap<string, F>,
  own?: OwnTargets<F>,
) {
  const chosen = new Map<string, F | null>(Object.entries(explicit ?? {}));
  const names = new Set(header);
  const unknown = [...chosen.keys()].filter((h) => !names.has(h));
  if (unknown.length)
    throw badMapping(Object.fromEntries(unknown.map((h) => [`mapping.${h}`, ['unknown_column']])));
  const notOwn = [...chosen].filter(([, field]) => field?.startsWith('custom.') && !own?.targets.has(field));
  if (notOwn.length)
    throw badMapping(Object.fromEntries(notOwn.map(([h]) => [`mapping.${h}`, ['unknown_field']])));
  const applied: Record<string, F | null> = Object.create(null);
  const taken = new Set<F>([...chosen.values()].filter((f): f is F => f !== null));
  const guess = (h: string): F | null => {
    const folded = foldHeader(h);
    const builtIn = lookup.get(folded);
    const candidates = [...(builtIn ? [builtIn] : []), ...(own?.headers.get(folded) ?? [])];
    // A built-in field claimed twice is still the caller's mistake (duplicate_field below).
    return candidates.find((f) => !taken.has(f)) ?? builtIn ?? null;
  };
  const columns: (F | null)[] = header.map((h) => {
    const field = chosen.has(h) ? (chosen.get(h) ?? null) : guess(h);
    if (field) taken.add(field);
    Object.defineProperty(applied, h, { value: field, enumerable: true, writable: true, configurable: true });
    return field;
  });
  const seen = new Set<F>();
  for (const field of columns) {
    if (field && seen.has(field)) throw badMapping({ mapping: ['duplicate_field'] });
    if (field) seen.add(field);
  }
  return { columns, applied };
}
