// The one-line `reason` next to `score_breakdown` (DESIGN.md): which parts made the score, in words.
import type { ScoreBreakdown } from '../types.js';
import type { PreparedCriteria } from './criteria.js';
import type { RelevanceModel } from './relevance.js';
import type { Opening, ScoreMode } from './scoring.js';

const quote = (w: string) => `"${w}"`;

export function clipReason(
  mode: ScoreMode, parts: ScoreBreakdown, criteria: PreparedCriteria, relevance: RelevanceModel,
  first: number, end: number, opening: Opening | null,
): string {
  const bits: string[] = [];
  if (mode === 'criteria') {
    const seen = new Map<string, string>();
    for (const m of relevance.matches(first, end)) {
      if (seen.size >= 4) break;
      if (!seen.has(m.word)) seen.set(m.word, m.bySound && m.via ? `${quote(m.word)} (sounds like ${quote(m.via)})` : quote(m.word));
    }
    const wanted = criteria.terms.map((t) => quote(t.word)).join(', ');
    bits.push(seen.size > 0 ? `mentions ${[...seen.values()].join(', ')} for ${wanted}` : `does not mention ${wanted}`);
  } else if (mode === 'general') {
    bits.push(parts.relevance >= 0.5 ? 'stays on one topic' : 'general highlight');
  } else {
    bits.push('no speech: cut from pauses, loudness and scene changes');
  }
  if (opening) {
    const hooks = [
      opening.question && 'opens with a question',
      opening.address && 'speaks to the viewer',
      opening.number && 'opens with a number',
      opening.emotion >= 0.4 && 'strong words up front',
      opening.punch === 1 && 'short first sentence',
    ].filter(Boolean);
    bits.push(hooks.length ? (hooks as string[]).slice(0, 2).join(', ') : 'plain opening');
  } else if (parts.hook >= 0.6) {
    bits.push('loud opening');
  }
  if (parts.energy >= 0.65) bits.push('louder than most of the video');
  else if (parts.energy <= 0.3) bits.push('quieter than most of the video');
  bits.push(parts.completeness >= 0.8 ? 'cut on sentence boundaries' : parts.completeness >= 0.55 ? 'cut on pauses' : 'cut between words');
  const line = bits.join('; ');
  return (line.charAt(0).toUpperCase() + line.slice(1)).replace(/\s+/g, ' ');
}
