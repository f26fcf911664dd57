// The title of a clip none of whose sentences reads as a headline: a noun phrase made of the
// clip's key phrases ("Starter, name tag and Gerald"), from words the recogniser was sure of only,
// that passes the headline check and is not a title already given in this job.
import { rankKeyPhrases } from '../language/keyphrases.js';
import { sentenceCase } from '../language/phrases.js';
import { properCase } from '../language/senses.js';
import { isFiller } from '../language/tokens.js';
import type { SourceModel } from './source.js';
import { titleProblems } from './title-check.js';
import { usedAlready } from './title-parts.js';

/** Share of a sentence's words the recogniser must be sure of for it to give key phrases. */
const MOSTLY_SURE = 0.7;
/** Key phrases looked at, best first. */
const PHRASES = 6;

/** "a", "a and b", "a, b and c"; with `and` false (the clip never says "and": every title word is the clip's), "a, b, c". */
const join = (xs: string[], and = true) => (xs.length < 2 || !and ? xs.join(', ') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

/**
 * A noun-phrase title of words [first, end) that are sure (`sure(i)`), or null when none reads as
 * one. `lenient`: any of the clip's words, and the best phrases even when the headline check
 * refuses them (a clip with words is never titled by its time alone).
 */
export function phraseTitle(src: SourceModel, first: number, end: number, sure: (i: number) => boolean, used: Set<string>, lenient = false): string | null {
  // The sure words sentence by sentence: a phrase never runs across a sentence or a doubtful word,
  // and a sentence the recogniser was mostly unsure of gives none (its sure words are often
  // invented: "an airline applicant apprehension" in a noisy passage).
  const pieces: string[] = [];
  let run: string[] = [];
  const heard = new Map<number, [number, number]>();
  for (let i = first; i < end; i++) {
    const [n, k] = heard.get(src.sentenceOf[i]) ?? [0, 0];
    heard.set(src.sentenceOf[i], [n + 1, k + (sure(i) ? 1 : 0)]);
  }
  const mostlySure = (i: number) => {
    const [n, k] = heard.get(src.sentenceOf[i])!;
    return k >= MOSTLY_SURE * n;
  };
  for (let i = first; i < end; i++) {
    const w = src.words[i];
    const kept = !isFiller(w.token) && sure(i) && (lenient || mostlySure(i));
    if (kept) run.push(w.token);
    if (!kept || w.sentenceEnd || i === end - 1 || src.sentenceOf[i + 1] !== src.sentenceOf[i]) {
      if (run.length) pieces.push(run.join(' '));
      run = [];
    }
  }
  if (!pieces.length) return null;
  const phrases = rankKeyPhrases(pieces.join('. '), src.corpus, PHRASES, src.language).map((p) => p.phrase.split(' ').map(properCase).join(' '));
  let saysAnd = false;
  for (let i = first; i < end && !saysAnd; i++) saysAnd = src.words[i].token === 'and' && sure(i);
  // The best phrase alone when it is long enough, else with the next ones, up to three.
  let given: string | null = null;
  for (let k = 0; k < phrases.length; k++) {
    for (let n = 1; n <= 3 && k + n <= phrases.length; n++) {
      const parts = phrases.slice(k, k + n);
      if (parts.join(' ').split(' ').length < 3) continue;
      const text = sentenceCase(join(parts, saysAnd));
      if (lenient || !titleProblems(text).length) {
        if (!usedAlready(text, used)) return text;
        given ??= text;
      }
      break;
    }
  }
  // Leniently, a title this job gave already beats none, and the best short phrases (up to three)
  // beat the time alone: a clip with sure words is never titled by its time.
  if (lenient && !given && phrases.length) given = sentenceCase(join(phrases.slice(0, 3), saysAnd));
  return lenient ? given : null;
}
