// The one-line `reason` next to `score_breakdown` (DESIGN.md): which parts made the score, in words.
import type { ScoreBreakdown } from '../types.js';
import type { PreparedCriteria } from './criteria.js';
import type { RelevanceModel } from './relevance.js';
import type { Opening, ScoreMode } from './scoring.js';
import type { Candidate } from './windows.js';

const quote = (w: string) => `"${w}"`;

export function clipReason(
  mode: ScoreMode, parts: ScoreBreakdown, criteria: PreparedCriteria, relevance: RelevanceModel,
  first: number, end: number, opening: Opening | null,
): string {
  const bits: string[] = [];
  if (mode === 'criteria') {
    // Issue 20: what the clip says that relates to the request, by the request's words.
    const byAspect = new Map<string, string[]>();
    for (const m of relevance.matches(first, end)) {
      const said = byAspect.get(m.via) ?? [];
      const shown = m.bySound ? `${quote(m.word)} (sounds like ${quote(m.via)})` : quote(m.word);
      if (said.length < 3 && !said.includes(shown) && [...byAspect.values()].flat().length < 6) said.push(shown);
      byAspect.set(m.via, said);
    }
    const named = [...byAspect].filter(([, said]) => said.length).map(([via, said]) => `${said.join(', ')} for ${quote(via.replace(/_/g, ' '))}`);
    const wanted = criteria.aspects.map((w) => quote(w.replace(/_/g, ' '))).join(', ');
    bits.push(named.length ? `about the request: ${named.join('; ')}` : `little on ${wanted}`);
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

const clock = (s: number) => `${Math.floor(Math.round(s) / 60)}:${String(Math.round(s) % 60).padStart(2, '0')}`;

/** The reason, saying when a moment was shortened to fit and when a clip is beyond the video's moments. */
export function momentReason(reason: string, c: Candidate): string {
  const notes = [
    c.shortenedFrom !== undefined && `shortened: the moment runs ${clock(c.shortenedFrom)}, this is its best ${Math.round(c.end.endAt - c.start.startAt)} s part`,
    c.extra && 'an extra clip beyond the video\'s moments',
  ].filter(Boolean);
  return notes.length ? `${reason}; ${notes.join('; ')}` : reason;
}
