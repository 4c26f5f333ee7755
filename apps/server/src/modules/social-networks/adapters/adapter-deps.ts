import type { NetworkConfig } from './social-adapter.ts';
import type { Http } from './social-http.ts';

/** What every adapter is built from. */
export interface AdapterDeps {
  config: NetworkConfig;
  http: Http;
  /** Multiplies the waits a network asks for while it processes media (tests shorten them). */
  waitScale: number;
}

const trimSlash = (s: string) => s.replace(/\/+$/, '');

export const api = (deps: AdapterDeps, path: string) => `${trimSlash(deps.config.apiUrl)}${path}`;

/** The authorisation page with its query. */
export function authorizeUrl(base: string, params: Record<string, string | null | undefined>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) if (v) url.searchParams.set(k, v);
  return url.toString();
}
