import type { CrmConnector } from './connector.ts';
import type { RemoteFieldProperty } from './connector-field-types.ts';

/** How long a connection's remote properties are reused before the provider is asked again. */
const TTL_MS = 60_000;

// Per client (one per connection, base URL and token in this process: connector-factory.ts), so a
// changed token or address asks afresh and no two connections ever share an answer.
const cache = new WeakMap<CrmConnector, Map<string, { at: number; properties: RemoteFieldProperty[] }>>();

/**
 * The provider's properties of these object kinds, read at most once a minute per connection
 * in this process (the mapping screen asks on every visit; a run on every run); `fresh`
 * asks anyway (a mapping is checked against what the provider has now).
 */
export async function remotePropertiesOf(
  client: CrmConnector,
  objects: readonly string[],
  { fresh = false, signal }: { fresh?: boolean; signal?: AbortSignal } = {},
): Promise<RemoteFieldProperty[]> {
  let known = cache.get(client);
  if (!known) {
    known = new Map();
    cache.set(client, known);
  }
  const out: RemoteFieldProperty[] = [];
  const now = Date.now();
  for (const object of objects) {
    const hit = known.get(object);
    if (!fresh && hit && now - hit.at < TTL_MS) {
      out.push(...hit.properties);
      continue;
    }
    const properties = await client.fields.properties(object, signal);
    known.set(object, { at: now, properties });
    out.push(...properties);
  }
  return out;
}
