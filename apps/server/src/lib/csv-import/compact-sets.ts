/**
 * Sets an import keeps for every row of its file (a million rows and more), in a fixed handful
 * of bytes per entry instead of a JavaScript Set's string or number entries (about 100 bytes a
 * key). They hold the emails and OIBs of the rows the file creates, and the ids it created, for
 * the whole import; as Sets they were the largest thing alive while a million-row file was
 * saved, and the heap grows by a multiple of what is alive (docs/decisions/113-import-sets-in-typed-arrays.md).
 */

/**
 * Strings by a 64-bit hash of each, in an open-addressed table of typed arrays: 8 bytes a slot,
 * at most half full. Two different strings with the same 64 bits read as one: among a million
 * keys the chance that any two collide is about 3 in 100 million.
 */
export class HashedStringSet {
  #high = new Uint32Array(1024);
  #low = new Uint32Array(1024);
  #size = 0;

  get size(): number {
    return this.#size;
  }

  has(key: string): boolean {
    const [high, low] = hash64(key);
    return this.#slot(high, low) >= 0;
  }

  add(key: string): void {
    const [high, low] = hash64(key);
    if (this.#slot(high, low) >= 0) return;
    if ((this.#size + 1) * 2 > this.#low.length) this.#grow();
    this.#put(high, low);
    this.#size++;
  }

  /** The slot holding the hash, or -1. A slot whose low word is 0 is empty (hash64 never gives 0). */
  #slot(high: number, low: number): number {
    const mask = this.#low.length - 1;
    for (let i = high & mask; ; i = (i + 1) & mask) {
      const at = this.#low[i];
      if (at === 0) return -1;
      if (at === low && this.#high[i] === high) return i;
    }
  }

  #put(high: number, low: number): void {
    const mask = this.#low.length - 1;
    let i = high & mask;
    while (this.#low[i] !== 0) i = (i + 1) & mask;
    this.#high[i] = high;
    this.#low[i] = low;
  }

  #grow(): void {
    const [high, low] = [this.#high, this.#low];
    this.#high = new Uint32Array(high.length * 2);
    this.#low = new Uint32Array(low.length * 2);
    for (let i = 0; i < low.length; i++) if (low[i] !== 0) this.#put(high[i] ?? 0, low[i] ?? 0);
  }
}

/**
 * Two 32-bit halves from two multiply-xor mixes of the UTF-16 code units (the construction of
 * the public-domain cyrb53, kept at 64 bits); the low half is never 0, which marks an empty slot.
 */
export function hash64(key: string): [number, number] {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return [h1 >>> 0, h2 >>> 0 || 1];
}

/**
 * Ids as runs of consecutive numbers. A database hands an import's new rows ascending ids,
 * mostly consecutive (another writer's rows make the gaps), so a million ids take a few
 * thousand runs; an id below the last run (not expected) is kept in a plain Set.
 */
export class IdRuns {
  /** Run i covers starts[i] … ends[i]; runs ascend and do not touch. */
  #starts: number[] = [];
  #ends: number[] = [];
  readonly #others = new Set<number>();

  add(id: number): void {
    const last = this.#ends.length - 1;
    const end = this.#ends[last];
    if (end === undefined || id > end + 1) {
      this.#starts.push(id);
      this.#ends.push(id);
    } else if (id === end + 1) this.#ends[last] = id;
    else if (!this.has(id)) this.#others.add(id);
  }

  has(id: number): boolean {
    let [lo, hi] = [0, this.#starts.length - 1];
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (id < (this.#starts[mid] ?? 0)) hi = mid - 1;
      else if (id > (this.#ends[mid] ?? 0)) lo = mid + 1;
      else return true;
    }
    return this.#others.has(id);
  }
}
