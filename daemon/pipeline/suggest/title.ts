// A clip's title from its own words (spec: `title`; issue 20, item 4: "a short headline in sentence
// case (about 40 to 70 characters, at most 100): a complete phrase, never a fragment cut
// mid-clause, free of filler and of words the recogniser was unsure of, distinct across the job's
// clips"). Candidates are the clip's sentences and their clauses (cut where the speaker paused or
// a new clause begins), without leading "and so um" or discourse markers; each is scored for
// length, the recogniser's confidence, how telling its words are, the request, and a hook. Every
// word of a title is one the recogniser was sure of, and a candidate the headline check refuses
// (title-check.ts) is never used; without one, a noun phrase of the clip's key phrases.
import { hookFeatures, hookStrength } from '../language/emphasis.js';
import { sentenceCase } from '../language/phrases.js';
import { isFiller, isStopWord } from '../language/tokens.js';
import { properCase } from '../language/senses.js';
import type { RelevanceModel } from './relevance.js';
import type { SourceModel } from './source.js';
import { titleProblems } from './title-check.js';
import { bare, clauseSpans, telling, usedAlready } from './title-parts.js';
import { phraseTitle } from './title-phrases.js';

export const MAX_TITLE = 100;
/** The headline range of the issue (characters). */
const HEADLINE = [40, 70] as const;
/** A word the recogniser was less sure of than this is not put in a title. */
const UNSURE = 0.5;
/** Words that open a sentence but not a headline ("so", "now", "first"...). */
const MARKERS = new Set(['and', 'but', 'so', 'now', 'well', 'okay', 'ok', 'also', 'then', 'first', 'second', 'third', 'finally', 'next', 'plus', 'anyway', 'actually', 'basically', 'like', 'oh', 'yes', 'yeah', 'right']);
/** A headline opening on one of these is a subordinate clause, not a complete phrase. */
const SUBORDINATE = new Set(['because', 'since', 'although', 'though', 'while', 'whereas', 'unless', 'until', 'if', 'when', 'which', 'who', 'whose', 'whom', 'than', 'as', 'of', 'to', 'for', 'with', 'by', 'from', 'into', 'like', 'will', 'would', 'can', 'could', 'should', 'must', 'is', 'are', 'was', 'were']);
/** A headline opening on one of these leans on what came before ("it was...", "they said..."). */
const BACK_REFERENCE = new Set(['it', "it's", 'this', 'that', 'these', 'those', 'they', 'he', 'she', 'him', 'her', 'them', 'there']);

/** "Highlight at 2:15" (h:mm:ss past an hour). */
export function timeTitle(seconds: number): string {
  const s = Math.floor(seconds);
  const [h, m, r] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return `Highlight at ${h > 0 ? `${h}:${pad(m)}` : m}:${pad(r)}`;
}

interface Option {
  text: string;
  score: number;
}

export function clipTitle(src: SourceModel, relevance: RelevanceModel, first: number, end: number, startTime: number, used: Set<string>): string {
  const options: Option[] = [];
  const sure = (i: number) => (src.words[i].confidence ?? 1) >= UNSURE;
  for (const [a0, b] of clauseSpans(src, first, end)) {
    let a = a0;
    while (a <= b && (MARKERS.has(src.words[a].token) || isFiller(src.words[a].token))) a++;
    const kept = range(a, b).filter((i) => !isFiller(src.words[i].token));
    if (kept.length < 4 || isStopWord(src.words[b].token) || SUBORDINATE.has(src.words[kept[0]].token)) continue; // a fragment, or cut mid-clause
    if (!kept.every(sure)) continue;
    const text = sentenceCase(kept.map((i) => properCase(bare(src.words[i].display))).filter(Boolean).join(' '));
    if (text.length > MAX_TITLE || text.length < 12 || titleProblems(text).length) continue;
    options.push({ text, score: score(src, relevance, kept, text) });
  }
  options.sort((x, y) => y.score - x.score);
  const pick = options.find((o) => !usedAlready(o.text, used));
  const title = pick?.text ?? phraseTitle(src, first, end, sure, used) ?? phraseTitle(src, first, end, sure, used, true) ?? timeTitle(startTime);
  used.add(title.toLowerCase());
  return title;
}

function score(src: SourceModel, relevance: RelevanceModel, kept: number[], text: string): number {
  const [lo, hi] = HEADLINE;
  const n = text.length;
  // Outside the headline range the fit falls fast (eval: with a gentle slope, 24-character
  // sentences and 85-character ones won on their words, and only 46% of titles were in range).
  const fit = n >= lo && n <= hi ? 1 : n < lo ? (n / lo) ** 3 : Math.max(0.2, 1 - (n - hi) / 15);
  const sure = kept.reduce((s, i) => s + (src.words[i].confidence ?? 1), 0) / kept.length;
  const asked = relevance.mode === 'criteria' && kept.some((i) => relevance.matchesAt(i)) ? 0.3 : 0;
  const tokens = kept.map((i) => src.words[i].token);
  const hook = hookStrength(hookFeatures(tokens, tokens.length, src.words[kept[kept.length - 1]].question));
  const leaning = BACK_REFERENCE.has(tokens[0]) ? 0.3 : 0;
  return fit + 0.6 * telling(src, kept) + 0.5 * sure + asked + 0.3 * hook - leaning;
}

const range = (a: number, b: number) => Array.from({ length: Math.max(0, b - a + 1) }, (_, k) => a + k);
