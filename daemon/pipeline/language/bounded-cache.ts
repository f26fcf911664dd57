/**
 * A process-wide memo with a fixed number of entries, least recently used out first (issue 27,
 * item 7: bounded memory). The language caches memoise per word (its senses, gloss bag, gloss
 * vector) for every word a daemon ever looked up; a long talk looks up thousands of distinct words,
 * each costing a few kilobytes, so unbounded (or cleared only at 50,000-200,000 entries) they
 * held hundreds of megabytes and the daemon's peak grew with the video's length. The limits
 * below keep what one job's vocabulary reuses.
 */
export class BoundedCache<K, V> {
  private readonly map = new Map<K, V>();

  constructor(readonly limit: number) {}

  get(key: K): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      // Most recently used last: Map keeps insertion order.
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }

  set(key: K, value: V): void {
    if (this.map.has(key)) this.map.delete(key);
    else if (this.map.size >= this.limit) this.map.delete(this.map.keys().next().value as K);
    this.map.set(key, value);
  }

  get size(): number {
    return this.map.size;
  }
}

/** Entries of each language cache: one job's vocabulary with room (a few megabytes each). */
export const CACHE_LIMITS = {
  /** Per-word maps of stems (gloss bags and vectors: about 7 kB a word). */
  perWordLarge: 3_000,
  /** Per-word maps of a few synsets (senses, links, ancestors). */
  perWordSmall: 10_000,
  /** Parsed synsets and small per-synset values. */
  synsets: 20_000,
} as const;
