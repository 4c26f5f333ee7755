import type { Config } from '../../../config.ts';
import { guardedHttpFor } from '../../../lib/outbound-http/guarded-http.ts';
import type { AdapterDeps } from './adapter-deps.ts';
import { createFacebookAdapter } from './facebook-adapter.ts';
import { createInstagramAdapter } from './instagram-adapter.ts';
import { createLinkedInAdapter } from './linkedin-adapter.ts';
import type { Network, SocialAdapter } from './social-adapter.ts';
import { createHttp } from './social-http.ts';
import { createTikTokAdapter } from './tiktok-adapter.ts';
import { createXAdapter } from './x-adapter.ts';
import { createYouTubeAdapter } from './youtube-adapter.ts';

const FACTORIES: Record<Network, (deps: AdapterDeps) => SocialAdapter> = {
  facebook: createFacebookAdapter,
  instagram: createInstagramAdapter,
  linkedin: createLinkedInAdapter,
  x: createXAdapter,
  tiktok: createTikTokAdapter,
  youtube: createYouTubeAdapter,
};

const cache = new WeakMap<Config, Map<Network, SocialAdapter>>();

/** The adapter of a network for this configuration (built once per config). */
export function adapterFor(config: Config, network: Network): SocialAdapter {
  let built = cache.get(config);
  if (!built) {
    built = new Map();
    cache.set(config, built);
  }
  let adapter = built.get(network);
  if (!adapter) {
    adapter = FACTORIES[network]({
      config: config.social.networks[network],
      http: createHttp(config.social.httpTimeoutMs, guardedHttpFor(config)),
      waitScale: config.social.waitScale,
    });
    built.set(network, adapter);
  }
  return adapter;
}
