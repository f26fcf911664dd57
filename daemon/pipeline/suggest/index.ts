// The suggest stage (issue 4, item 3 "Suggestion"; DESIGN.md "The pipeline"): scored clip windows
// from the transcript and the signal analysis.
//
// suggestClips is async because the criteria's synonyms come from WordNet, whose look-ups are
// asynchronous; everything after that is synchronous and fast. prepareCriteria results are cached,
// so a caller may warm them up front and use suggestClipsPrepared directly.
import type { Analysis, ProbeResult, SuggestedClip, SuggestOptions, Transcript } from '../types.js';
import { round2, soundBoundaries, speechBoundaries } from './boundaries.js';
import { prepareCriteria, type PreparedCriteria } from './criteria.js';
import { clipReason } from './reason.js';
import { RelevanceModel } from './relevance.js';
import { openingAt, type ScoreMode } from './scoring.js';
import { clipCount, selectSpread } from './select.js';
import { buildSource, type SourceModel } from './source.js';
import { clipTitle } from './title.js';
import { segmentTopics } from './topics.js';
import { evaluate, lengthPlan, MIN_TOPIC_CLIP, scoreWindows, topicWindows, type Candidate } from './windows.js';

export { prepareCriteria, type PreparedCriteria } from './criteria.js';
export { clipCount, overlapFraction, MAX_OVERLAP } from './select.js';

/** Below this many seconds the whole source is the one clip (issue 4: 15 s is the shortest clip). */
export const MIN_SOURCE_FOR_WINDOWS = 15;

/** ISO 639-1 code of a language tag ("en-US" -> "en"). */
export const baseLanguage = (language: string | undefined): string => (language || 'en').slice(0, 2).toLowerCase();

/**
 * Suggested clips, best first: at least one for any source with a duration. Resolves after the
 * criteria are prepared (WordNet, cached); the rest is synchronous.
 */
export async function suggestClips(transcript: Transcript, analysis: Analysis, probe: ProbeResult, opts: SuggestOptions): Promise<SuggestedClip[]> {
  const criteria = await prepareCriteria(opts.criteria, baseLanguage(opts.language));
  return suggestClipsPrepared(transcript, analysis, probe, opts, criteria);
}

/** The synchronous core of suggestClips, for criteria already prepared. */
export function suggestClipsPrepared(
  transcript: Transcript, analysis: Analysis, probe: ProbeResult, opts: SuggestOptions, criteria: PreparedCriteria,
): SuggestedClip[] {
  const src = buildSource(transcript, analysis, probe, baseLanguage(opts.language));
  if (!(src.duration > 0)) return []; // nothing to cut: the probe stage refuses such media first
  const topics = segmentTopics(src);
  const relevance = new RelevanceModel(src, criteria, topics);
  const mode: ScoreMode = relevance.mode;
  const plan = lengthPlan(opts.targetDuration);
  const boundaries = mode === 'none' ? soundBoundaries(src) : speechBoundaries(src);

  let chosen: Candidate[];
  // The whole source, edge to edge (a source under 15 s is one clip: "the whole thing").
  const whole = (): Candidate => evaluate(
    src, { ...boundaries[0], startAt: 0 }, { ...boundaries[boundaries.length - 1], endAt: Math.floor(src.duration * 100) / 100 },
    relevance, mode, plan, 0,
  );
  if (src.duration < MIN_SOURCE_FOR_WINDOWS || src.duration <= plan.min) {
    chosen = [whole()];
  } else {
    let candidates = mode === 'none' ? [] : topicWindows(src, boundaries, topics, relevance, mode, plan);
    if (candidates.length === 0) candidates = scoreWindows(src, boundaries, relevance, mode, plan);
    const usable = topics.filter((t) => t.end - t.start >= MIN_TOPIC_CLIP).length;
    const count = clipCount(src.duration, usable, opts.sourceDuration ?? src.duration);
    chosen = candidates.length > 0
      ? selectSpread(candidates, count, (c) => ({ start: c.start.startAt, end: c.end.endAt }), (c) => c.utility, (c) => c.topic)
      : [whole()];
  }
  chosen.sort((a, b) => b.score - a.score || a.start.startAt - b.start.startAt);
  const titles = new Set<string>();
  return chosen.map((c) => toClip(src, c, mode, criteria, relevance, titles));
}

function toClip(src: SourceModel, c: Candidate, mode: ScoreMode, criteria: PreparedCriteria, relevance: RelevanceModel, titles: Set<string>): SuggestedClip {
  // Word range of the clip (both 0 without speech).
  const [first, end] = [c.start.word, c.end.word];
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  return {
    start: round2(c.start.startAt),
    end: round2(c.end.endAt),
    title: clipTitle(src, relevance, first, end, c.start.startAt, titles),
    score: r3(c.score),
    score_breakdown: {
      relevance: r3(c.parts.relevance),
      hook: r3(c.parts.hook),
      energy: r3(c.parts.energy),
      completeness: r3(c.parts.completeness),
    },
    reason: clipReason(mode, c.parts, criteria, relevance, first, end, first < end ? openingAt(src, first) : null),
    transcript: src.words.slice(first, end).map((w) => w.display).join(' '),
  };
}
