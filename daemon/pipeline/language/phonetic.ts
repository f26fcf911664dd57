// Sound-alike matching for recognition errors: pocketsphinx hears "prizing" for "pricing".
// Double Metaphone keys alone are too lossy ("press" and "price" share PRS), so a match also needs
// the spellings to be close (Jaro-Winkler), which keeps real mishearings and drops chance collisions.
import { loadDoubleMetaphone, loadJaroWinkler } from './natural.js';
import { BoundedCache, CACHE_LIMITS } from './bounded-cache.js';

let metaphone: ReturnType<typeof loadDoubleMetaphone> | null = null;
let jaroWinkler: ReturnType<typeof loadJaroWinkler> | null = null;
const keyCache = new BoundedCache<string, string[]>(CACHE_LIMITS.synsets);

/** Minimum spelling similarity for two sound-alike words to count as the same word. */
export const SOUND_ALIKE_SIMILARITY = 0.8;

/** The Double Metaphone keys (primary, and secondary when it differs) of a word. */
export function phoneticKeys(word: string): string[] {
  let keys = keyCache.get(word);
  if (!keys) {
    metaphone ??= loadDoubleMetaphone();
    const [primary, secondary] = metaphone.process(word);
    keys = [...new Set([primary, secondary].filter((k) => k.length > 0))];
    keyCache.set(word, keys);
  }
  return keys;
}

/** Jaro-Winkler similarity of two spellings, 0..1. */
export function spellingSimilarity(a: string, b: string): number {
  jaroWinkler ??= loadJaroWinkler();
  return jaroWinkler(a, b);
}

/**
 * True when `heard` is plausibly a misrecognition of `meant`: a shared phonetic key of at least
 * two sounds (one-sound keys match too much) and spellings at least SOUND_ALIKE_SIMILARITY alike.
 */
export function soundsAlike(heard: string, meant: string): boolean {
  if (heard === meant) return true;
  const a = phoneticKeys(heard);
  const b = phoneticKeys(meant);
  if (!a.some((k) => k.length >= 2 && b.includes(k))) return false;
  return spellingSimilarity(heard, meant) >= SOUND_ALIKE_SIMILARITY;
}
