import { describe, expect, it } from 'vitest';
import { ownerMap } from './connector-deal-owner.ts';
import type { RemoteFieldProperty } from './connector-field-types.ts';
import { fromRemote, type MappedField, toRemote } from './connector-field-values.ts';

const select = (type: 'single_select' | 'multi_select'): MappedField => ({
  key: 'tier',
  label: 'Tier',
  type,
  required: false,
  options: [
    { value: 'gold', label: 'Gold', color: null, hidden: false },
    { value: 'silver', label: 'Silver', color: null, hidden: false },
    { value: 'old', label: 'Old', color: null, hidden: true },
  ],
});
const property = (options: { id: string; label: string }[] = []): RemoteFieldProperty => ({
  object: 'contact',
  name: 'p',
  label: 'P',
  type: 'x',
  kind: 'single',
  custom: true,
  writable: true,
  options,
});
const number: MappedField = { key: 'rooms', label: 'Rooms', type: 'number', required: false, options: [] };

describe('own-field values as remote values and back', () => {
  const hubspotTier = property([
    { id: 'gold_tier', label: 'GOLD' },
    { id: 'silver', label: 'Argent' },
  ]);

  it('matches options by label without case, else by value', () => {
    expect(fromRemote('hubspot', select('single_select'), hubspotTier, 'gold_tier')).toEqual({
      ok: true,
      value: 'gold',
    });
    expect(fromRemote('hubspot', select('single_select'), hubspotTier, 'silver')).toEqual({
      ok: true,
      value: 'silver',
    });
    expect(toRemote('hubspot', select('single_select'), hubspotTier, 'gold')).toEqual({
      ok: true,
      value: 'gold_tier',
    });
    expect(fromRemote('hubspot', select('multi_select'), hubspotTier, 'silver;gold_tier')).toEqual({
      ok: true,
      value: ['silver', 'gold'],
    });
    expect(toRemote('hubspot', select('multi_select'), hubspotTier, ['gold', 'silver'])).toEqual({
      ok: true,
      value: 'gold_tier;silver',
    });
  });

  it('reads Pipedrive option ids as numbers or text, and writes them as numbers', () => {
    const pipedrive = property([
      { id: '12', label: 'Gold' },
      { id: '13', label: 'Silver' },
    ]);
    expect(fromRemote('pipedrive', select('single_select'), pipedrive, 12)).toEqual({
      ok: true,
      value: 'gold',
    });
    expect(fromRemote('pipedrive', select('multi_select'), pipedrive, '12,13')).toEqual({
      ok: true,
      value: ['gold', 'silver'],
    });
    expect(toRemote('pipedrive', select('multi_select'), pipedrive, ['silver'])).toEqual({
      ok: true,
      value: [13],
    });
    expect(toRemote('pipedrive', number, property(), null)).toEqual({ ok: true, value: null });
  });

  it('answers a problem for a value that does not fit, never a guess', () => {
    expect(fromRemote('hubspot', number, property(), 'lots')).toEqual({
      ok: false,
      problem: 'invalid_number',
    });
    expect(fromRemote('hubspot', select('single_select'), hubspotTier, 'platinum')).toEqual({
      ok: false,
      problem: 'unknown_option',
    });
    // A hidden option is kept where held, never newly set from afar.
    const hidden = property([{ id: 'o', label: 'Old' }]);
    expect(fromRemote('hubspot', select('single_select'), hidden, 'o')).toEqual({
      ok: false,
      problem: 'hidden_option',
    });
    expect(toRemote('hubspot', select('single_select'), hubspotTier, 'old')).toEqual({
      ok: false,
      problem: 'unknown_option',
    });
  });

  it('converts numbers, checkboxes and dates both ways', () => {
    expect(fromRemote('hubspot', number, property(), '12.5')).toEqual({ ok: true, value: 12.5 });
    expect(fromRemote('pipedrive', number, property(), { value: 40, currency: 'EUR' })).toEqual({
      ok: true,
      value: 40,
    });
    expect(toRemote('hubspot', number, property(), 12.5)).toEqual({ ok: true, value: '12.5' });
    const box: MappedField = { key: 'vip', label: 'VIP', type: 'checkbox', required: false, options: [] };
    expect(fromRemote('hubspot', box, property(), 'true')).toEqual({ ok: true, value: true });
    expect(toRemote('hubspot', box, property(), false)).toEqual({ ok: true, value: 'false' });
    const date: MappedField = { key: 'since', label: 'Since', type: 'date', required: false, options: [] };
    expect(fromRemote('hubspot', date, property(), String(Date.UTC(2026, 2, 31)))).toEqual({
      ok: true,
      value: '2026-03-31',
    });
    expect(fromRemote('hubspot', date, property(), '')).toEqual({ ok: true, value: null });
    expect(toRemote('hubspot', date, property(), null)).toEqual({ ok: true, value: '' });
  });

  it('matches a person to the provider user of the same email, and says so when none is a member', () => {
    const owner: MappedField = { key: 'owner', label: 'Owner', type: 'person', required: false, options: [] };
    const people = ownerMap(new Map([['ana@example.com', 7]]), [
      { id: '301', email: 'ANA@example.com' },
      { id: '302', email: 'stranger@example.com' },
    ]);
    const users = { ...property(), kind: 'user' as const };
    expect(fromRemote('hubspot', owner, users, '301', people)).toEqual({ ok: true, value: 7 });
    // Pipedrive: an id, or API v1's object with its value.
    expect(fromRemote('pipedrive', owner, users, 301, people)).toEqual({ ok: true, value: 7 });
    expect(fromRemote('pipedrive', owner, users, { id: 301, value: 301, name: 'Ana' }, people)).toEqual({
      ok: true,
      value: 7,
    });
    expect(fromRemote('hubspot', owner, users, '302', people)).toEqual({
      ok: true,
      value: null,
      problem: 'unknown_user',
    });
    expect(toRemote('hubspot', owner, users, 7, people)).toEqual({ ok: true, value: '301' });
    expect(toRemote('pipedrive', owner, users, 7, people)).toEqual({ ok: true, value: 301 });
    expect(toRemote('pipedrive', owner, users, 8, people)).toEqual({ ok: false, problem: 'unknown_user' });
    // Without the provider's users nothing is matched.
    expect(fromRemote('hubspot', owner, users, '301')).toEqual({ ok: false, problem: 'not_mappable' });
  });
});
