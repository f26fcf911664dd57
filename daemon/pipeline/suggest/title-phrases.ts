// The title of a clip none of whose sentences reads as a headline: a noun phrase of the clip's own
// words the recogniser was sure of, its head a telling noun with its modifiers and what attaches
// to it ("The alarm that never rang", "A summer on the lake"), the clip's key phrases in it
// counting for it; failing one, the key phrases themselves ("Starter, name tag and Gerald"), never
// one that is or opens on a pronoun. Every title passes the headline check and is not a title
// already given in this job.
import { rankKeyPhrases, type KeyPhrase } from '../language/keyphrases.js';
import { sentenceCase } from '../language/phrases.js';
import { properCase } from '../language/senses.js';
import { isFiller } from '../language/tokens.js';
import type { SourceModel } from './source.js';
import { titleProblems } from './title-check.js';
import { nounPhrases, opensOnPronoun, weakHead } from './title-nouns.js';
import { bare, telling, usedAlready } from './title-parts.js';

/** Share of a sentence's words the recogniser must be sure of for it to give phrases. */
const MOSTLY_SURE = 0.7;
/** Key phrases looked at, best first. */
const PHRASES = 6;
/** The length (characters) a noun-phrase title reads best at; shorter or longer counts against it. */
const FIT = [20, 60] as const;
/** Words a two-word phrase opens on: its determiner or possessive. */
const DETERMINED = /^(the|a|an|this|that|these|those|every|each|my|your|his|her|our|their|its)$/;

/** "a", "a and b", "a, b and c"; with `and` false (the clip never says "and": every title word is the clip's), "a, b, c". */
const join = (xs: string[], and = true) => (xs.length < 2 || !and ? xs.join(', ') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

/**
 * A noun-phrase title of words [first, end) that are sure (`sure(i)`), or null when none reads as
 * one. `lenient`: any of the clip's sure words, and the best key phrases even when the headline
 * check refuses them (a clip with words is never titled by its time alone).
 */
export function phraseTitle(src: SourceModel, first: number, end: number, sure: (i: number) => boolean, used: Set<string>, lenient = false): string | null {
  const runs = sureRuns(src, first, end, sure, lenient);
  if (!runs.length) return null;
  const ranked = rankKeyPhrases(runs.map((r) => r.map((i) => src.words[i].token).join(' ')).join('. '), src.corpus, PHRASES, src.language);
  // A phrase of three words or more; leniently, then one of two words with its determiner ("The
  // alarm"), then one whose head is a time or general ("The first six weeks"), before a list of key phrases.
  let own: string | null = null;
  for (const pass of src.language !== 'en' ? [] : lenient ? (['whole', 'short', 'weak'] as const) : (['whole'] as const)) own ??= ownPhrase(src, runs, ranked, used, pass);
  if (own) return own;
  // Key phrases, never one on a pronoun, nor (but as a last resort) one whose head says little: "gay people", "last month".
  const phrases = ranked.filter((p) => !opensOnPronoun(p.phrase) && (lenient || !weakHead(p.phrase.split(' ').pop()!))).map((p) => p.phrase.split(' ').map(properCase).join(' '));
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

/**
 * Runs of sure words, sentence by sentence: a phrase never runs across a sentence or a doubtful
 * word, and (unless `lenient`) a sentence the recogniser was mostly unsure of gives none (its sure
 * words are often invented: "an airline applicant apprehension" in a noisy passage).
 */
function sureRuns(src: SourceModel, first: number, end: number, sure: (i: number) => boolean, lenient: boolean): number[][] {
  const heard = new Map<number, [number, number]>();
  for (let i = first; i < end; i++) {
    const [n, k] = heard.get(src.sentenceOf[i]) ?? [0, 0];
    heard.set(src.sentenceOf[i], [n + 1, k + (sure(i) ? 1 : 0)]);
  }
  const mostlySure = (i: number) => {
    const [n, k] = heard.get(src.sentenceOf[i])!;
    return k >= MOSTLY_SURE * n;
  };
  const runs: number[][] = [];
  let run: number[] = [];
  for (let i = first; i < end; i++) {
    const kept = !isFiller(src.words[i].token) && sure(i) && (lenient || mostlySure(i));
    if (kept) run.push(i);
    if (!kept || src.words[i].sentenceEnd || i === end - 1 || src.sentenceOf[i + 1] !== src.sentenceOf[i]) {
      if (run.length) runs.push(run);
      run = [];
    }
  }
  return runs;
}

/**
 * The best noun phrase of the runs' own words that passes the headline check and was not given
 * yet: `whole`, of three words or more with a telling head; `weak`, any head; `short`, of two words
 * opening on its determiner ("The alarm" beats a list of key phrases).
 */
function ownPhrase(src: SourceModel, runs: number[][], ranked: KeyPhrase[], used: Set<string>, pass: 'whole' | 'weak' | 'short'): string | null {
  const short = pass === 'short';
  const [lo, hi] = FIT;
  const options: { text: string; score: number }[] = [];
  for (const run of runs) {
    for (const p of nounPhrases(run.map((i) => src.words[i].token))) {
      const kept = run.slice(p.from, p.to + 1);
      if (short ? kept.length !== 2 || !DETERMINED.test(src.words[kept[0]].token) || p.weak : kept.length < 3 || (p.weak && pass === 'whole')) continue;
      const text = sentenceCase(kept.map((i) => properCase(bare(src.words[i].display))).filter(Boolean).join(' '));
      const n = text.length;
      const fit = n >= lo && n <= hi ? 1 : n < lo ? (n / lo) ** 2 : Math.max(0.2, 1 - (n - hi) / 20);
      // A phrase holding the clip's key phrases (the better, the more) is what the clip is about.
      const stems = new Set(kept.map((i) => src.stems[i]).filter(Boolean));
      const keyed = Math.max(0, ...ranked.map((r, k) => (r.stems.filter((s) => stems.has(s)).length / r.stems.length) * (1 - k / PHRASES)));
      options.push({ text, score: fit + 0.6 * telling(src, kept) + 0.8 * keyed });
    }
  }
  options.sort((a, b) => b.score - a.score);
  const reads = (text: string) => titleProblems(text).every((p) => short && p === 'fewer than three words');
  return options.find((o) => reads(o.text) && !usedAlready(o.text, used))?.text ?? null;
}
