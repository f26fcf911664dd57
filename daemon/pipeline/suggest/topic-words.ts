// What a passage is about, in its own words, against the request: a passage's topic words are
// the few it says most and most distinctively (repeated, rare in the rest of the video, specific
// in WordNet); the fit is how related those words are to the request's meaning words (synonyms,
// kinds, derived forms, shared definitions), where the request's own words count for nothing. A
// passage that merely repeats the request's words while talking of something else ("every
// morning the dough is ready" for "dreading my job every morning") has topic words unrelated to
// the request; the passage meant says the request in other words ("burnout", "stress").
import { meaningWords } from '../language/compounds.js';
import { isLiteral, Relatedness, specificity } from '../language/relatedness.js';
import { stem } from '../language/stem.js';
import type { SourceModel } from './source.js';

/** Topic words per passage: its most telling few (more would let chance relations in). */
const TOPIC_WORDS = 5;

interface Range {
  firstWord: number;
  endWord: number;
}

/**
 * Per range: 0..1, the weighted mean over its TOPIC_WORDS topic words of each one's strongest
 * relatedness to a request word (times that word's role: 1 for the request's core), literal
 * request words counting 0.
 */
export function topicWordFit(src: SourceModel, ranges: Range[], aspects: string[], roles: number[]): { fit: number; words: number }[] {
  const meaning = meaningWords(src.words.map((w) => w.token), src.language);
  const model = new Relatedness();
  return ranges.map((r) => {
    const counts = new Map<string, { n: number; idf: number }>();
    let words = 0;
    for (let i = r.firstWord; i < r.endWord; i++) {
      const [m, s] = [meaning[i], src.stems[i]];
      if (!m || !s) continue;
      words++;
      const c = counts.get(m) ?? { n: 0, idf: src.corpus.idf(s) };
      c.n++;
      counts.set(m, c);
    }
    // A word said n times counts sqrt(n) times, times how distinctive and how specific it is.
    const top = [...counts]
      .map(([word, c]) => ({ word, weight: Math.sqrt(c.n) * c.idf * Math.sqrt(specificity(stem(word))) }))
      .sort((a, b) => b.weight - a.weight || (a.word < b.word ? -1 : 1))
      .slice(0, TOPIC_WORDS);
    let [sum, total] = [0, 0];
    for (const { word, weight } of top) {
      let best = 0;
      aspects.forEach((q, k) => (best = Math.max(best, isLiteral(q, word) ? 0 : model.related(q, word) * (roles[k] ?? 1))));
      sum += weight * best;
      total += weight;
    }
    return { fit: total > 0 ? sum / total : 0, words };
  });
}
