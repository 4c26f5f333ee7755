import type { CrmConnector } from './connector.ts';
import type { RemoteFieldProperty } from './connector-field-types.ts';

/** How long a connection's remote properties are reused before the provider is asked again. */
const TTL_MS = 60_000;

const cache = new Map<string, { at: number; properties: RemoteFieldProperty[] }>();

/**
 * The provider's properties of these object kinds, read at most once a minute per connection
 * in this process (the mapping screen asks on every visit; a run on every run); `fresh`
 * asks anyway (a mapping is checked against what the provider has now).
 */
export async function remotePropertiesOf(
  connectorId: number,
  client: CrmConnector,
  objects: readonly string[],
  { fresh = false, signal }: { fresh?: boolean; signal?: AbortSignal } = {},
): Promise<RemoteFieldProperty[]> {
  const out: RemoteFieldProperty[] = [];
  const now = Date.now();
  for (const object of objects) {
    const key = `${connectorId}:${object}`;
    const hit = cache.get(key);
    if (!fresh && hit && now - hit.at < TTL_MS) {
      out.push(...hit.properties);
      continue;
    }
    const properties = await client.fields.properties(object, signal);
    cache.set(key, { at: now, properties });
    out.push(...properties);
  }
  return out;
}

/** A connection gone or remapped: its cached properties go too. */
export function forgetRemoteProperties(connectorId: number): void {
  for (const key of cache.keys()) if (key.startsWith(`${connectorId}:`)) cache.delete(key);
}
