import { describe, expect, it } from 'vitest';
import { groupZones, utcOffset, zoneCity, zoneOptions, zoneRegion } from './time-zones.ts';

const WINTER = new Date('2026-01-15T12:00:00Z');
const SUMMER = new Date('2026-07-15T12:00:00Z');
const label = (region: string) => (region === 'Europe' ? 'Europa' : region);

describe('time zones for the picker', () => {
  it('shows the offset from UTC that the zone has on the day', () => {
    expect(utcOffset('Europe/Zagreb', WINTER)).toBe('UTC+01:00');
    expect(utcOffset('Europe/Zagreb', SUMMER)).toBe('UTC+02:00');
    expect(utcOffset('America/New_York', WINTER)).toBe('UTC-05:00');
    expect(utcOffset('Asia/Kathmandu', WINTER)).toBe('UTC+05:45');
    expect(utcOffset('UTC', WINTER)).toBe('UTC+00:00');
    expect(utcOffset('Mars/Olympus', WINTER)).toBe('');
  });

  it('names the region and the place readably', () => {
    expect(zoneRegion('Europe/Zagreb')).toBe('Europe');
    expect(zoneRegion('UTC')).toBe('Other');
    expect(zoneCity('America/Indiana/Knox')).toBe('Knox, Indiana');
    expect(zoneCity('America/New_York')).toBe('New York');
    expect(zoneCity('UTC')).toBe('UTC');
  });

  it('finds Europe/Zagreb from "zag", and groups the whole list by region with Europe first', () => {
    const options = zoneOptions(Intl.supportedValuesOf('timeZone'), WINTER);
    const found = groupZones(options, 'zag', label);
    expect(found.map((g) => [g.region, g.options.map((o) => o.value)])).toEqual([
      ['Europe', ['Europe/Zagreb']],
    ]);

    const all = groupZones(options, '', label);
    expect(all[0]?.region).toBe('Europe');
    expect(all.reduce((n, g) => n + g.options.length, 0)).toBe(options.length);
    expect(all.at(-1)?.options.map((o) => o.value)).toContain('UTC');
  });

  it('matches every word typed, in the name, the offset or the region in the reader language', () => {
    const options = zoneOptions(['Europe/Zagreb', 'Europe/Paris', 'America/New_York', 'Asia/Tokyo'], WINTER);
    const values = (query: string) =>
      groupZones(options, query, label).flatMap((g) => g.options.map((o) => o.value));
    expect(values('new york')).toEqual(['America/New_York']);
    expect(values('europa')).toEqual(['Europe/Paris', 'Europe/Zagreb']);
    expect(values('utc+09')).toEqual(['Asia/Tokyo']);
    expect(values('ZAGREB   europe')).toEqual(['Europe/Zagreb']);
    expect(values('zagreb tokyo')).toEqual([]);
  });

  it("finds a zone the runtime lists under an old name by the place's current name", () => {
    const options = zoneOptions(['Asia/Calcutta', 'Europe/Kiev', 'Europe/Kirov'], WINTER);
    const values = (query: string) =>
      groupZones(options, query, label).flatMap((g) => g.options.map((o) => o.value));
    expect(values('kolkata')).toEqual(['Asia/Calcutta']);
    expect(values('kyiv')).toEqual(['Europe/Kiev']);
    expect(values('calcutta')).toEqual(['Asia/Calcutta']);
  });
});
