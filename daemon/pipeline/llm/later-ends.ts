import type { Transcript } from '../types.js';
import type { LaterEnd } from './choose.js';
import { END_CHOICES } from './prompts.js';

/** How far past its end a clip may be extended to reach its payoff (issue 28, item 2b). */
export const REACH_SECONDS = 45;

/**
 * The next sentence ends after a clip's end, within REACH_SECONDS: a word that ends with . ! or ?,
 * the last word of a segment, or a word followed by a pause of 0.6 s or more (engines without
 * punctuation). Each end is a word's own end time, so a moved end never cuts a word.
 */
export function laterEnds(transcript: Transcript, clipEnd: number, max = END_CHOICES): LaterEnd[] {
  const words = transcript.segments.flatMap((s) => s.words.map((w, i) => ({ w, last: i === s.words.length - 1 })));
  const after = words.filter((x) => x.w.start >= clipEnd - 0.01 && x.w.end <= clipEnd + REACH_SECONDS);
  const out: LaterEnd[] = [];
  const said: string[] = [];
  for (const [i, x] of after.entries()) {
    said.push(x.w.text);
    const next = after[i + 1];
    if (/[.!?]["')\]]?$/.test(x.w.text) || x.last || (next && next.w.start - x.w.end >= 0.6)) {
      out.push({ end: Math.round(x.w.end * 100) / 100, words: said.join(' ') });
      if (out.length >= max) break;
    }
  }
  return out;
}
