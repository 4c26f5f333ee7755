/**
 * The part of a content hash (content-hash.ts, connector-deal-map.ts) that the company's own
 * mapped fields add: `[key, value]` pairs of the `custom.{key}` entries of `mapped` that hold
 * a value, in key order, a multiple select's options sorted. Nothing when none holds one, so
 * the hashes of records without mapped values stay what they were before any field was
 * mapped, and no link looks changed just because a mapping was added.
 */
export function customHashPart(
  custom: Record<string, unknown> | undefined,
  mapped: readonly string[] | undefined,
): [string, unknown][] {
  if (!custom || !mapped?.length) return [];
  const out: [string, unknown][] = [];
  for (const entry of mapped) {
    if (!entry.startsWith('custom.')) continue;
    const key = entry.slice('custom.'.length);
    const value = custom[key];
    if (value === null || value === undefined) continue;
    out.push([key, Array.isArray(value) ? value.map(String).sort() : value]);
  }
  return out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}
