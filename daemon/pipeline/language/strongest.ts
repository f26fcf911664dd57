// The sentence of a passage that would best open a post about it (issue 5: "the strongest sentence
// as the hook"): the hook features of the suggester's openings, plus how much of what sets the
// passage apart from the whole document the sentence carries.
import { hookFeatures, hookStrength } from './emphasis.js';
import { contentStems, TermCorpus } from './tfidf.js';
import { tokenize } from './tokens.js';

export interface RankedSentence {
  index: number;
  text: string;
  /** 0..1 */
  score: number;
}

/** Sentences ranked best first; `corpus` is the whole document (passages) or a built corpus. */
export function rankSentences(sentences: string[], corpus: string[] | TermCorpus, language = 'en'): RankedSentence[] {
  const c = corpus instanceof TermCorpus ? corpus : TermCorpus.fromTexts(corpus.length ? corpus : sentences, language);
  const salience = sentences.map((s) => {
    const stems = contentStems(s, language);
    return stems.reduce((n, t) => n + c.idf(t.stem), 0) / Math.sqrt(stems.length + 2);
  });
  const top = Math.max(1e-9, ...salience);
  return sentences
    .map((text, index) => {
      const tokens = tokenize(text);
      const hook = hookStrength(hookFeatures(tokens.slice(0, 25), tokens.length, /\?["')\]]*\s*$/.test(text)));
      return { index, text, score: tokens.length === 0 ? 0 : 0.6 * hook + 0.4 * (salience[index] / top) };
    })
    .sort((a, b) => b.score - a.score || a.index - b.index);
}

/** The strongest sentence, or null when there is none. */
export function strongestSentence(sentences: string[], corpus: string[] | TermCorpus, language = 'en'): RankedSentence | null {
  return rankSentences(sentences, corpus, language)[0] ?? null;
}
