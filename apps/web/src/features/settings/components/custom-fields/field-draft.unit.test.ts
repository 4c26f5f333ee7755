import type { CustomField } from '@kontora/contract/custom-fields';
import { describe, expect, it } from 'vitest';
import { createBody, draftOf, emptyDraft, keyFromLabel, optionValue, updateBody } from './field-draft.ts';

describe('custom field drafts', () => {
  it('derives a key the server accepts from a label', () => {
    expect(keyFromLabel('Payment terms')).toBe('payment_terms');
    expect(keyFromLabel('Čišćenje ureda')).toBe('ciscenje_ureda');
    expect(keyFromLabel('2nd contact')).toBe('f_2nd_contact');
    expect(keyFromLabel(`${'a'.repeat(39)} b`)).toBe('a'.repeat(39));
  });

  it('gives new options distinct values from their labels', () => {
    expect(optionValue('Gold tier', [])).toBe('gold_tier');
    expect(optionValue('Gold tier', ['gold_tier'])).toBe('gold_tier_2');
    expect(optionValue('!!', [])).toBe('option');
  });

  it('sends options only for selects, new ones valued from their label', () => {
    const draft = {
      ...emptyDraft(),
      label: 'Tier',
      key: 'tier',
      type: 'single_select' as const,
      options: [
        { uid: 'n', value: '', label: 'Gold', saved: false },
        { uid: 'n', value: '', label: 'Gold', saved: false },
      ],
    };
    expect(createBody('customer', draft).options).toEqual([
      { value: 'gold', label: 'Gold' },
      { value: 'gold_2', label: 'Gold' },
    ]);
    expect(createBody('customer', { ...draft, type: 'text' }).options).toEqual([]);
  });

  it('keeps a saved option its value, colour and hidden flag on edit', () => {
    const field = {
      id: 1,
      record: 'customer',
      key: 'tier',
      label: 'Tier',
      labels: {},
      type: 'single_select',
      required: false,
      options: [{ value: 'gold', label: 'Gold', color: '#ffcc00', hidden: true }],
      default: null,
      help: null,
      section: null,
      position: 0,
      archived: false,
    } satisfies CustomField;
    const draft = draftOf(field);
    draft.options[0] = { ...draft.options[0], label: 'Golden' } as (typeof draft.options)[0];
    draft.options.push({ uid: 'n', value: '', label: 'Gold', saved: false });
    expect(updateBody(field, draft).options).toEqual([
      { value: 'gold', label: 'Golden', color: '#ffcc00', hidden: true },
      { value: 'gold_2', label: 'Gold', color: null, hidden: false },
    ]);
  });

  it('sends the labels typed in other languages, trimmed, without the empty ones', () => {
    const draft = { ...emptyDraft(), label: 'Sektor', labels: { en: ' Industry ', de: '', ru: '   ' } };
    expect(createBody('customer', draft).labels).toEqual({ en: 'Industry' });
  });
});
