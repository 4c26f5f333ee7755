import type { CustomField } from '@kontora/contract/custom-fields';
import { describe, expect, it } from 'vitest';
import { autoMapHeaders, guessField } from '../../lib/csv-preview.ts';
import type { ImportKind } from './import-kind.ts';
import { withOwnFields } from './with-own-fields.ts';

const field = (key: string, label: string, extra: Partial<CustomField> = {}): CustomField => ({
  id: key.length,
  record: 'customer',
  key,
  label,
  labels: {},
  type: 'text',
  required: false,
  options: [],
  default: null,
  help: null,
  section: null,
  position: 0,
  archived: false,
  ...extra,
});

/** A customer import's kind, as far as mapping goes. */
const customerImportKind = {
  record: 'customer',
  fields: ['name', 'source'],
  guessField,
} as unknown as ImportKind;

describe('own fields as import targets', () => {
  const kind = withOwnFields(
    customerImportKind,
    [
      field('industry', 'Industry', { labels: { hr: 'Djelatnost' } }),
      field('origin', 'Source'),
      field('gone', 'Gone', { archived: true }),
    ],
    (f) => f.label,
  );

  it('lists the fields in use by label, archived ones left out', () => {
    expect(kind.own).toEqual([
      { target: 'custom.industry', label: 'Industry' },
      { target: 'custom.origin', label: 'Source' },
    ]);
  });

  it('maps headers by label in any language, key or custom.key; a built-in field first', () => {
    const mapping = autoMapHeaders(
      ['name', 'Djelatnost', 'source', 'Source', 'Gone', 'custom.origin'],
      kind.guessField,
    );
    expect({ ...mapping }).toEqual({
      name: 'name',
      Djelatnost: 'custom.industry',
      // The export's built-in column first, then the own field labelled like it.
      source: 'source',
      Source: 'custom.origin',
      Gone: null,
      'custom.origin': null,
    });
  });

  it('leaves a kind without own fields as it is', () => {
    expect(withOwnFields(customerImportKind, [], (f) => f.label)).toBe(customerImportKind);
  });
});
