/**
 * The social networks' face to the other social modules (docs/decisions/033-module-boundaries.md):
 * the adapter of each network, the shapes adapters speak in, and whether the deployment set a
 * network up. How each adapter talks to its network (its HTTP, chunking, Graph errors) stays here.
 */
export { adapterFor } from './adapters/adapters.ts';
export {
  type AccountRef,
  type MediaFile,
  NETWORKS,
  type Network,
  type NetworkConfig,
  type RemotePost,
  type SocialAdapter,
  SocialError,
  type TokenSet,
} from './adapters/social-adapter.ts';
export { isConfigured } from './network-configured.ts';
