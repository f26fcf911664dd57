// Stems (Porter, from `natural`) so that "prices", "priced" and "pricing" all count as "price".
// Stemming runs for every word of every transcript: results are cached per language.
import { BoundedCache, CACHE_LIMITS } from './bounded-cache.js';
import { loadStemmer, type Stemmer } from './natural.js';

const stemmers = new Map<string, Stemmer | null>();
const caches = new Map<string, BoundedCache<string, string>>();

function stemmerFor(language: string): Stemmer | null {
  if (!stemmers.has(language)) stemmers.set(language, loadStemmer(language));
  return stemmers.get(language) ?? null;
}

/** The stem of one lowercase token; the token itself for a language natural has no stemmer for. */
export function stem(word: string, language = 'en'): string {
  let cache = caches.get(language);
  if (!cache) {
    cache = new BoundedCache(CACHE_LIMITS.synsets);
    caches.set(language, cache);
  }
  let out = cache.get(word);
  if (out === undefined) {
    const stemmer = stemmerFor(language);
    out = stemmer && !/\d/.test(word) ? stemmer.stem(word) : word;
    cache.set(word, out);
  }
  return out;
}
