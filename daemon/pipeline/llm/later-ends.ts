import type { Transcript } from '../types.js';
import type { EarlierStart, EdgeChoices, LaterEnd } from './choose.js';
import { END_CHOICES } from './prompts.js';

/** How far past its end a clip may be extended to reach its payoff, or before its start to reach its setup. */
export const REACH_SECONDS = 45;
/** A pause this long (s) between words ends a sentence for engines without punctuation. */
const SENTENCE_PAUSE = 0.6;

type Flat = { w: Transcript['segments'][number]['words'][number]; first: boolean; last: boolean };
const flat = (transcript: Transcript): Flat[] =>
  transcript.segments.flatMap((s) => s.words.map((w, i) => ({ w, first: i === 0, last: i === s.words.length - 1 })));
const closes = (x: Flat, next: Flat | undefined) => /[.!?]["')\]]?$/.test(x.w.text) || x.last || (!!next && next.w.start - x.w.end >= SENTENCE_PAUSE);

/**
 * The next sentence ends after a clip's end, within REACH_SECONDS: a word that ends with . ! or ?,
 * the last word of a segment, or a word followed by a pause of 0.6 s or more (engines without
 * punctuation). Each end is a word's own end time, so a moved end never cuts a word. With
 * `clipStart` and `maxLength`, only ends that keep the clip within maxLength seconds.
 */
export function laterEnds(transcript: Transcript, clipEnd: number, max = END_CHOICES, clipStart = -Infinity, maxLength = Infinity): LaterEnd[] {
  const after = flat(transcript).filter((x) => x.w.start >= clipEnd - 0.01 && x.w.end <= clipEnd + REACH_SECONDS && x.w.end - clipStart <= maxLength);
  const out: LaterEnd[] = [];
  const said: string[] = [];
  for (const [i, x] of after.entries()) {
    said.push(x.w.text);
    if (closes(x, after[i + 1])) {
      out.push({ end: Math.round(x.w.end * 100) / 100, words: said.join(' ') });
      if (out.length >= max) break;
    }
  }
  return out;
}

/**
 * Where a clip may start earlier to hold its setup, within REACH_SECONDS and maxLength: the start
 * of the sentence before its start, then the start of the turn it is in (after a pause of 0.6 s
 * or more, or where the speaker changes), or, when that turn answers a question, the question's
 * start; then earlier turns. Each start is a word's own start time.
 */
export function earlierStarts(transcript: Transcript, clipStart: number, clipEnd: number, max = END_CHOICES, maxLength = Infinity): EarlierStart[] {
  const words = flat(transcript);
  const out: EarlierStart[] = [];
  for (let i = words.length - 1; i >= 0 && out.length < max; i--) {
    const x = words[i];
    if (x.w.end > clipStart + 0.01) continue;
    if (x.w.start < clipStart - REACH_SECONDS || clipEnd - x.w.start > maxLength) break;
    const prev = words[i - 1];
    if (prev && !prev.last && !closes(prev, x)) continue;
    const turn = !prev || x.w.start - prev.w.end >= SENTENCE_PAUSE || (x.w.speaker !== undefined && x.w.speaker !== prev.w.speaker);
    const answers = !!prev && /\?["')\]]?$/.test(prev.w.text);
    // The sentence just before, then turn starts; an answer's setup is its question, a turn further back.
    if (out.length === 0 || (turn && !answers)) {
      out.push({ start: Math.floor(x.w.start * 100) / 100, words: words.slice(i).filter((y) => y.w.end <= clipStart + 0.01).map((y) => y.w.text).join(' ') });
    }
  }
  return out;
}

/** The judge's choices for a clip: later ends and earlier starts that keep it within maxLength seconds. */
export function edgeChoices(transcript: Transcript, clip: { start: number; end: number }, maxLength = Infinity): EdgeChoices {
  return {
    ends: laterEnds(transcript, clip.end, END_CHOICES, clip.start, maxLength),
    starts: earlierStarts(transcript, clip.start, clip.end, END_CHOICES, maxLength),
    maxLength,
  };
}
