import type { CustomField } from '@kontora/contract/custom-fields';
import { describe, expect, it } from 'vitest';
import { changedValues, createValues, toInputs, toValue } from './custom-inputs.ts';

const field = (key: string, type: CustomField['type']): CustomField => ({
  id: 1,
  record: 'customer',
  key,
  label: key,
  labels: {},
  type,
  required: false,
  options: [],
  default: null,
  help: null,
  section: null,
  position: 0,
  archived: false,
});

describe('custom field inputs', () => {
  const fields = [
    field('n', 'number'),
    field('c', 'checkbox'),
    field('m', 'multi_select'),
    field('p', 'person'),
    field('t', 'text'),
  ];

  it('reads values into inputs and back', () => {
    const inputs = toInputs(fields, { n: 2.5, c: true, m: ['a'], p: 7 });
    expect(inputs).toEqual({ n: '2.5', c: true, m: ['a'], p: '7', t: '' });
    expect(fields.map((f) => toValue(f, inputs[f.key]))).toEqual([2.5, true, ['a'], 7, null]);
  });

  it('sends a number that does not parse as typed, for the server to name', () => {
    expect(toValue(field('n', 'number'), '1,5')).toBe(1.5);
    expect(toValue(field('n', 'number'), 'ten')).toBe('ten');
  });

  it('sends a local date and time as an instant', () => {
    expect(toValue(field('d', 'datetime'), '2026-05-01T10:30')).toBe(
      new Date('2026-05-01T10:30').toISOString(),
    );
  });

  it('creates with the given values only and edits with the changed ones', () => {
    expect(createValues(fields, { n: '', t: 'x', m: [] })).toEqual({ t: 'x' });
    const before = toInputs(fields, { n: 1, t: 'x' });
    expect(changedValues(fields, before, { ...before, n: '', c: true })).toEqual({ n: null, c: true });
  });
});
