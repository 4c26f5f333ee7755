/**
 * A small in-memory cache of one app (its context holds them: app-caches.ts) for
 * the hottest reads (sessions, company access, list answers). Each entry carries a tag (a person id, a company id);
 * correctness comes from evicting by tag on every write that could change an
 * entry — done inside the repositories that write those tables, and broadcast
 * to other instances through Redis when REDIS_URL is set. The TTL only bounds
 * how long a change made outside the application (by hand in the database)
 * can go unseen.
 */
export class TaggedCache<T> {
  readonly #entries = new Map<string, { tag: number; value: T; cachedAt: number }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  #broadcast: ((tag: number) => void) | undefined;
  readonly #listeners = new Set<(tag: number) => void>();

  constructor(ttlMs: number, maxEntries = 20_000) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
  }

  get(key: string, now = Date.now()): T | undefined {
    const hit = this.#entries.get(key);
    if (!hit) return undefined;
    if (now - hit.cachedAt > this.#ttlMs) {
      this.#entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, tag: number, value: T): void {
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, { tag, value, cachedAt: Date.now() });
  }

  /** Forget every entry with this tag, here and (when wired) on the other instances. */
  evict(tag: number, fromBroadcast = false): void {
    for (const [key, entry] of this.#entries) if (entry.tag === tag) this.#entries.delete(key);
    if (!fromBroadcast) this.#broadcast?.(tag);
    for (const listener of this.#listeners) listener(tag);
  }

  /**
   * Called after every eviction, local or broadcast from another instance (the
   * live sockets re-check rights with it). Answers the function that removes it.
   */
  onEvicted(listener: (tag: number) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Entries held (expired ones included until they are asked for). */
  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
  }

  /** Where evictions are broadcast to the other instances (Redis); `undefined` stops it. */
  onEvict(broadcast: ((tag: number) => void) | undefined): void {
    this.#broadcast = broadcast;
  }
}
