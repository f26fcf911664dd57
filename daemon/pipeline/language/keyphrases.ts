// Key phrases and hashtags of a passage against a whole document (issue 5's caption writer uses
// them with the clip as passage and the whole video as document; the suggester for titles).
// Candidates are runs of content words between stop words and punctuation (as in RAKE), scored by
// the TF-IDF of their words. In English, a run is also a real phrase (issue 20, item 4: "hashtags
// are real phrases of the clip, never word pairs glued across a boundary"): nouns and adjectives
// ending in a noun ("pricing strategy"), so a verb ends a run ("we cover pricing" gives "pricing",
// never "cover pricing"), as does a pause the caller marks with punctuation.
import { TermCorpus, keyTerms } from './tfidf.js';
import { stem } from './stem.js';
import { isContentWord, tokenize } from './tokens.js';
import { likelyPos } from './senses.js';

/** In English: can the word stand in a noun phrase (a noun or an adjective, or unknown: a name)? */
const phraseWord = (w: string, language: string) => language !== 'en' || likelyPos(w) !== 'verb' && likelyPos(w) !== 'adv';
/** The last word of a phrase: a noun (or a name WordNet does not know). */
const phraseHead = (w: string, language: string) => language !== 'en' || likelyPos(w) === 'noun' || likelyPos(w) === null;

export interface KeyPhrase {
  phrase: string;
  score: number;
  /** Stems of the phrase's words. */
  stems: string[];
}

const MAX_PHRASE_WORDS = 4;

/** Ranked key phrases of `text`; `corpus` is the whole document as passages or a built corpus. */
export function rankKeyPhrases(text: string, corpus: string[] | TermCorpus, n: number, language = 'en'): KeyPhrase[] {
  const c = corpus instanceof TermCorpus ? corpus : TermCorpus.fromTexts(corpus.length > 0 ? corpus : text.split(/[.?!\n]+/), language);
  const termScore = new Map(keyTerms(text, c, Number.MAX_SAFE_INTEGER, language).map((t) => [t.stem, t.score]));
  const found = new Map<string, KeyPhrase & { count: number }>();
  for (const chunk of text.split(/[.?!,;:()\n"“”]+/)) {
    let run: string[] = [];
    const flush = () => {
      for (const words of bestWindow(run, termScore, language)) {
        const stems = words.map((w) => stem(w, language));
        const key = stems.join(' ');
        const base = stems.reduce((s, t) => s + (termScore.get(t) ?? 0), 0) / stems.length;
        const prev = found.get(key);
        if (prev) prev.count++;
        else found.set(key, { phrase: words.join(' '), stems, count: 1, score: base * (1 + 0.25 * (stems.length - 1)) });
      }
      run = [];
    };
    for (const t of tokenize(chunk)) {
      if (isContentWord(t, language) && phraseWord(t, language)) run.push(t);
      else flush();
    }
    flush();
  }
  const ranked = [...found.values()]
    .map((p) => ({ phrase: p.phrase, stems: p.stems, score: p.score * (1 + Math.log(p.count)) }))
    .sort((a, b) => b.score - a.score || a.phrase.localeCompare(b.phrase));
  const out: KeyPhrase[] = [];
  for (const p of ranked) {
    if (out.length >= n) break;
    // A phrase whose words all belong to a better one adds nothing ("pricing" after "pricing strategy").
    if (out.some((q) => p.stems.every((s) => q.stems.includes(s)))) continue;
    out.push(p);
  }
  return out;
}

/** The run itself when short enough, else its best-scoring stretch of MAX_PHRASE_WORDS words. */
function bestWindow(whole: string[], termScore: Map<string, number>, language: string): string[][] {
  // A phrase ends in its head noun: trailing adjectives are dropped ("funny story", not "funny").
  const run = [...whole];
  while (run.length > 0 && !phraseHead(run[run.length - 1], language)) run.pop();
  if (run.length === 0) return [];
  if (run.length <= MAX_PHRASE_WORDS) return [run];
  let best = 0;
  let bestScore = -1;
  for (let i = 0; i + MAX_PHRASE_WORDS <= run.length; i++) {
    const s = run.slice(i, i + MAX_PHRASE_WORDS).reduce((n, w) => n + (termScore.get(stem(w, language)) ?? 0), 0);
    if (s > bestScore) [best, bestScore] = [i, s];
  }
  return [run.slice(best, best + MAX_PHRASE_WORDS)];
}

/** The n key phrases of `text` against `corpusTexts` (the whole document's passages), best first. */
export function keyPhrases(text: string, corpusTexts: string[] | TermCorpus, n: number, language = 'en'): string[] {
  return rankKeyPhrases(text, corpusTexts, n, language).map((p) => p.phrase);
}

/** A phrase as a hashtag: "pricing strategy" -> "#PricingStrategy"; null when nothing usable is left. */
export function toHashtag(phrase: string): string | null {
  const words = phrase.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/'/g, '').match(/[\p{L}\p{N}]+/gu) ?? [];
  const tag = words.map((w) => w[0].toUpperCase() + w.slice(1).toLowerCase()).join('');
  return tag.length >= 2 && tag.length <= 40 && /\p{L}/u.test(tag) ? `#${tag}` : null;
}

/**
 * Up to n hashtags for `text` against the whole document: its key phrases of one or two words,
 * then its key words (longer phrases make unreadable tags).
 */
export function hashtags(text: string, corpusTexts: string[] | TermCorpus, n: number, language = 'en'): string[] {
  const c = corpusTexts instanceof TermCorpus ? corpusTexts : TermCorpus.fromTexts(corpusTexts, language);
  const short = rankKeyPhrases(text, c, n * 3, language).filter((p) => p.stems.length <= 2).map((p) => p.phrase);
  const words = keyTerms(text, c, n * 2, language).map((t) => t.word);
  const out: string[] = [];
  for (const phrase of [...short, ...words]) {
    const tag = toHashtag(phrase);
    if (tag && !out.some((t) => t.toLowerCase() === tag.toLowerCase())) out.push(tag);
    if (out.length >= n) break;
  }
  return out;
}
