// A clip's title from its own words (spec: `title`; issue 4: "built from its own words, at most 100
// characters"): the clip's most telling sentence, or its best stretch of up to 12 words, without
// leading "and so um" or a dangling last word, in title case. Clips without words are named by time.
import { isContinuation } from '../language/emphasis.js';
import { titleCase, trimAtWord } from '../language/phrases.js';
import { isFiller, isStopWord } from '../language/tokens.js';
import type { RelevanceModel } from './relevance.js';
import type { SourceModel } from './source.js';

export const MAX_TITLE = 100;
const MAX_TITLE_WORDS = 12;

/** "Highlight at 2:15" (h:mm:ss past an hour). */
export function timeTitle(seconds: number): string {
  const s = Math.floor(seconds);
  const [h, m, r] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return `Highlight at ${h > 0 ? `${h}:${pad(m)}` : m}:${pad(r)}`;
}

/** A word as it may appear in a title: the recogniser's spelling without surrounding punctuation. */
const bare = (display: string) => display.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

export function clipTitle(src: SourceModel, relevance: RelevanceModel, first: number, end: number, startTime: number, used: Set<string>): string {
  const value = (i: number) => (src.stems[i] ? src.corpus.idf(src.stems[i]) * (relevance.matchesAt(i) ? 3 : 1) : 0);
  const options: { text: string; score: number }[] = [];
  const seen = new Set<number>();
  for (let i = first; i < end; i++) {
    const sIdx = src.sentenceOf[i];
    if (seen.has(sIdx)) continue;
    seen.add(sIdx);
    const s = src.sentences[sIdx];
    const [a, b] = bestSpan(src, Math.max(first, s.first), Math.min(end - 1, s.last), value);
    if (a > b) continue;
    const total = range(a, b).reduce((n, k) => n + value(k), 0);
    const text = trimAtWord(range(a, b).map((k) => bare(src.words[k].display)).filter(Boolean).join(' '), MAX_TITLE);
    options.push({ text: titleCase(dropDangling(text)), score: total / Math.sqrt(b - a + 3) });
  }
  options.sort((x, y) => y.score - x.score);
  const pick = options.find((o) => o.text && !used.has(o.text.toLowerCase()));
  const title = pick?.text ?? timeTitle(startTime);
  used.add(title.toLowerCase());
  return title;
}

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, k) => a + k);

/** Best stretch [a, b] of at most MAX_TITLE_WORDS words in [lo, hi] that starts and ends cleanly. */
function bestSpan(src: SourceModel, lo: number, hi: number, value: (i: number) => number): [number, number] {
  const opens = (i: number) => !isContinuation(src.words[i].token) && !isFiller(src.words[i].token);
  const closes = (i: number) => !isStopWord(src.words[i].token);
  let best: [number, number] = [1, 0];
  let bestScore = -Infinity;
  let sentenceStart = lo;
  while (sentenceStart < hi && !opens(sentenceStart)) sentenceStart++;
  for (let a = lo; a <= hi; a++) {
    if (!opens(a)) continue;
    let sum = 0;
    for (let b = a; b <= hi && b - a < MAX_TITLE_WORDS; b++) {
      sum += value(b);
      if (!closes(b) || sum <= 0) continue;
      // Longer stretches read better as titles up to a point; the square root keeps them from
      // sprawling. Starting where the sentence starts reads better than starting mid-way.
      const score = sum / Math.sqrt(b - a + 3) + (b - a >= 3 ? 0.3 : 0) + (a === sentenceStart ? 0.3 : 0);
      if (score > bestScore) [best, bestScore] = [[a, b], score];
    }
  }
  return best;
}

/** Drops trailing function words left after trimming to length ("Pricing Is the" -> "Pricing"). */
function dropDangling(text: string): string {
  const words = text.split(' ');
  while (words.length > 1 && isStopWord(words[words.length - 1].toLowerCase())) words.pop();
  return words.join(' ');
}
