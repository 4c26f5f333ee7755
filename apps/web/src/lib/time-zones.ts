/**
 * Time zones as a person looks for them: by region (the first part of the IANA name), by
 * city, with the offset from UTC they have today. The zone picker (components/
 * time-zone-combobox.tsx) filters ~420 zones with these instead of one flat list.
 */

/** Regions in the order the picker shows them: the company's own continent first. */
export const ZONE_REGIONS = [
  'Europe',
  'America',
  'Africa',
  'Asia',
  'Australia',
  'Pacific',
  'Atlantic',
  'Indian',
  'Antarctica',
  'Arctic',
  'Other',
] as const;
export type ZoneRegion = (typeof ZONE_REGIONS)[number];

export type ZoneOption = {
  /** The IANA name, as stored. */
  value: string;
  region: ZoneRegion;
  /** "Zagreb", "Knox, Indiana", "UTC". */
  city: string;
  /** "UTC+01:00" at the moment the list was built. */
  offset: string;
};

export type ZoneGroup = { region: ZoneRegion; options: ZoneOption[] };

export function zoneRegion(zone: string): ZoneRegion {
  const first = zone.split('/')[0] ?? '';
  return (ZONE_REGIONS as readonly string[]).includes(first) && zone.includes('/')
    ? (first as ZoneRegion)
    : 'Other';
}

/** The place part of the name, readable: "America/Indiana/Knox" is "Knox, Indiana". */
export function zoneCity(zone: string): string {
  const parts = zone.split('/');
  const places = zoneRegion(zone) === 'Other' ? parts : parts.slice(1);
  return places.reverse().join(', ').replaceAll('_', ' ');
}

/** The zone's offset from UTC at `at` ("UTC+05:45", "UTC+00:00"); Intl writes it as GMT. */
export function utcOffset(zone: string, at: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    const offset = part?.replace('GMT', '') ?? '';
    return `UTC${offset === '' ? '+00:00' : offset}`;
  } catch {
    return '';
  }
}

/** Every zone once, with UTC (which `Intl.supportedValuesOf` leaves out but the server takes). */
export function zoneOptions(zones: readonly string[], at: Date): ZoneOption[] {
  return [...new Set([...zones, 'UTC'])].map((value) => ({
    value,
    region: zoneRegion(value),
    city: zoneCity(value),
    offset: utcOffset(value, at),
  }));
}

/**
 * Current names of places whose zone the runtime still lists under an old name (IANA keeps
 * both; Node and Chromium answer the old one), so typing today's name finds them.
 */
const RENAMED: Record<string, string> = {
  'Asia/Calcutta': 'Kolkata',
  'Asia/Katmandu': 'Kathmandu',
  'Asia/Rangoon': 'Yangon',
  'Asia/Saigon': 'Ho Chi Minh',
  'Atlantic/Faeroe': 'Faroe',
  'America/Godthab': 'Nuuk',
  'Europe/Kiev': 'Kyiv',
  'Pacific/Ponape': 'Pohnpei',
  'Pacific/Truk': 'Chuuk',
};

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replaceAll('_', ' ');

/**
 * The options matching every word typed (in the IANA name, the city, the offset or the
 * region's name in the reader's language), grouped by region in the regions' order,
 * cities sorted within a group.
 */
export function groupZones(
  options: readonly ZoneOption[],
  query: string,
  regionLabel: (region: ZoneRegion) => string,
): ZoneGroup[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const collator = new Intl.Collator('en');
  return ZONE_REGIONS.map((region) => {
    const label = fold(regionLabel(region));
    const matching = options.filter((option) => {
      if (option.region !== region) return false;
      const renamed = fold(RENAMED[option.value] ?? '');
      const text = `${fold(option.value)} ${fold(option.city)} ${renamed} ${option.offset.toLowerCase()} ${label}`;
      return words.every((word) => text.includes(word));
    });
    return { region, options: matching.sort((a, b) => collator.compare(a.city, b.city)) };
  }).filter((group) => group.options.length > 0);
}
