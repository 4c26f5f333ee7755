import { seededRandom } from '../../apps/server/src/test-support/seeded-random.ts';

type Field = { id: number; key: string; type: string };
type Values = Record<string, string | number | boolean>;

/**
 * 4,096 sets of own values for the bench company's 20 fields (selects, numbers, texts, dates,
 * checkboxes), made before any timing so that making them is not counted as the server's work.
 */
export function sampleValues(fields: readonly Field[]): Values[] {
  const rand = seededRandom(7);
  const one = (): Values =>
    Object.fromEntries(
      fields.map((f) => {
        switch (f.type) {
          case 'single_select':
            return [f.key, ['retail', 'tech', 'health', 'media'][Math.floor(rand() * 4)] as string];
          case 'number':
            return [f.key, Math.floor(rand() * 100_000)];
          case 'text':
            return [f.key, `word ${Math.floor(rand() * 50_000)}`];
          case 'date':
            return [f.key, `2021-0${1 + Math.floor(rand() * 9)}-1${Math.floor(rand() * 9)}`];
          default:
            return [f.key, rand() < 0.5];
        }
      }),
    );
  return Array.from({ length: 4096 }, one);
}

/**
 * The same values as one JSON object keyed by field id: what a record's row would carry if its
 * own values were packed on it (decision 126). The bench sends it as the customer's `notes`, a
 * column no index or search reads, so the row grows as it would with a column of its own.
 */
export function packedNotes(fields: readonly Field[], values: Values): string {
  return JSON.stringify(Object.fromEntries(fields.map((f) => [String(f.id), values[f.key] ?? null])));
}

/**
 * A customer's create body named `name`: without values, or with these carried as own values
 * (`rows`, as stored today) or packed in `notes` (any other mode).
 */
export function createBody(name: string, values: Values | undefined, mode: string, fields: readonly Field[]) {
  return {
    type: 'person' as const,
    name,
    status: 'lead' as const,
    tags: [],
    ...(values && mode === 'rows' ? { custom: values } : {}),
    ...(values && mode !== 'rows' ? { notes: packedNotes(fields, values) } : {}),
  };
}
