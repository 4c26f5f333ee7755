import type { NetworkConfig } from './adapters/social-adapter.ts';

/** A network can be connected only when the deployment registered an app there: both its id and its secret. */
export const isConfigured = (network: NetworkConfig) =>
  network.clientId.trim() !== '' && network.clientSecret.trim() !== '';
