/**
 * A module loaded on first use and kept: every call shares the one import, and a failed one
 * (the network gone a moment) is forgotten so the next call tries again. Free of imports, so
 * a first load that uses it carries nothing more.
 */
export function loadOnce<M>(importer: () => Promise<M>): () => Promise<M> {
  let pending: Promise<M> | null = null;
  return () => {
    pending ??= importer().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}
