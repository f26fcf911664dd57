// The suggest stage (issue 4, item 3 "Suggestion"; DESIGN.md "The pipeline"): scored clip windows
// from the transcript and the signal analysis.
//
// suggestClips is async because the criteria's synonyms come from WordNet, whose look-ups are
// asynchronous; everything after that is synchronous and fast. prepareCriteria results are cached,
// so a caller may warm them up front and use suggestClipsPrepared directly.
import type { Analysis, ProbeResult, SuggestedClip, SuggestOptions, Transcript } from '../types.js';
import { round2, soundBoundaries, speechBoundaries } from './boundaries.js';
import { prepareCriteria, type PreparedCriteria } from './criteria.js';
import { clipReason, momentReason } from './reason.js';
import { RelevanceModel } from './relevance.js';
import { requestFirst } from './request-order.js';
import { requestCandidates, unitsOnTopics } from './request-spans.js';
import { openingAt, type ScoreMode } from './scoring.js';
import { MAX_OVERLAP, overlapFraction, selectSpread } from './select.js';
import { selectMoments } from './unit-select.js';
import { buildSource, type SourceModel } from './source.js';
import { clipTitle } from './title.js';
import { segmentTopics, topicOfWord } from './topics.js';
import { joinCarried, sectionClipCount, sectionUnits } from './section-units.js';
import { segmentUnits } from './units.js';
import { withVoices } from './voices.js';
import { unitCandidates } from './unit-windows.js';
import { evaluate, lengthPlan, scoreWindows, type Candidate } from './windows.js';

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
  return suggestSection(transcript, analysis, probe, opts, criteria, false).clips;
}

/** A section's clips, and where the next section takes over (a topic still going on at its end). */
export interface SectionSuggestion {
  clips: SuggestedClip[];
  /** Seconds from the section's start: the next section's clips may start from here. */
  carryFrom?: number;
  /** With a pool asked for: the best clip of each topic, best first, up to that many (the chosen ones among them). */
  pool?: SuggestedClip[];
}

/** A topic longer than this (s) is not carried into the next section: its clips are cut here. */
export const MAX_CARRY = 300;

/**
 * Clips of a section of the source. With `holdBack` (a later section follows), the last topic,
 * which may go on in the next section, is left to it: no clip here ends in it (issue 20, item
 * 2: "never in the next topic"), and `carryFrom` says where it starts.
 */
export function suggestSection(
  transcript: Transcript, analysis: Analysis, probe: ProbeResult, opts: SuggestOptions, criteria: PreparedCriteria, holdBack: boolean, poolSize = 0,
): SectionSuggestion {
  const src = buildSource(withVoices(transcript, analysis), analysis, probe, baseLanguage(opts.language));
  if (!(src.duration > 0)) return { clips: [] }; // nothing to cut: the probe stage refuses such media first
  // Without a request, what the section before carried here as one topic stays one (section-units.ts).
  const all = criteria.general ? joinCarried(segmentTopics(src), opts.carried) : segmentTopics(src);
  const last = all[all.length - 1];
  const carried = holdBack && last && last.end - last.start <= MAX_CARRY ? last.start : undefined;
  if (carried !== undefined && all.length === 1) return { clips: [], carryFrom: 0 };
  const topics = carried === undefined ? all : all.slice(0, -1);
  const relevance = new RelevanceModel(src, criteria, topics, opts.semantic);
  const mode: ScoreMode = relevance.mode;
  // Without a request, a moment going on where the carried topic starts is carried whole (section-units.ts).
  const general = mode === 'general' ? sectionUnits(src, all, topics, carried, MAX_CARRY, holdBack) : undefined;
  const carry = general ? general.carry : carried;
  if (carry !== undefined && carry <= 0) return { clips: [], carryFrom: 0 };
  const plan = lengthPlan(opts.targetDuration);
  const boundaries = mode === 'none' ? soundBoundaries(src) : speechBoundaries(src);

  let chosen: Candidate[];
  let candidates: Candidate[] = [];
  // The whole source, edge to edge (a source under 15 s is one clip: "the whole thing").
  const whole = (): Candidate => evaluate(
    src, { ...boundaries[0], startAt: 0 }, { ...boundaries[boundaries.length - 1], endAt: Math.floor(src.duration * 100) / 100 },
    relevance, mode, plan, 0,
  );
  const span = carry ?? src.duration;
  if (carry === undefined && (src.duration < MIN_SOURCE_FOR_WINDOWS || src.duration <= plan.min)) {
    chosen = [whole()];
  } else {
    // A clip is a whole unit of talk (a story, a question with its answer): one candidate per unit.
    // With a request, a clip is the asked passage itself: units end where topics change (request-spans.ts).
    const units = general ? general.units : mode === 'none' ? [] : mode === 'criteria' ? unitsOnTopics(src, segmentUnits(src, topics), topics) : segmentUnits(src, topics);
    candidates = (mode === 'criteria' ? requestCandidates : unitCandidates)(src, boundaries, units, relevance, mode, plan);
    // Windows of the section's span, when its units give no candidate or selection needs more.
    const windows = () => scoreWindows(src, boundaries, relevance, mode, plan).filter((c) => c.end.endAt <= span + 0.01);
    if (candidates.length === 0) candidates = windows();
    // With a request, clips about it come first whatever their hook (request-order.ts).
    if (mode === 'criteria') candidates = requestFirst(candidates, relevance.topicRelevance(), (c) => (topics.length && c.start.word < c.end.word ? topicOfWord(topics, (c.start.word + c.end.word - 1) >> 1) : -1));
    const count = sectionClipCount(span, units, src.duration, opts, { speech: src.words.length > 0, last: !holdBack, general: general !== undefined });
    // Nothing to cut before a carried topic: all of it goes to the next section.
    if (candidates.length === 0 && carry !== undefined) return { clips: [], carryFrom: 0 };
    chosen = count === 0 ? [] : candidates.length > 0
      ? selectMoments(candidates, count, units, span, mode === 'criteria', windows)
      : [whole()];
  }
  chosen.sort((a, b) => b.score - a.score || a.start.startAt - b.start.startAt);
  const titles = new Set<string>();
  const clips = chosen.map((c) => toClip(src, c, mode, criteria, relevance, titles));
  const out: SectionSuggestion = { clips, ...(carry !== undefined ? { carryFrom: round2(carry) } : {}) };
  if (poolSize > 0) {
    // The best clip of each unit the chosen ones leave room for: a language model ranks these.
    const span = (c: Candidate) => ({ start: c.start.startAt, end: c.end.endAt });
    const more = selectSpread(candidates.filter((c) => !chosen.includes(c)), poolSize - chosen.length, span, (c) => c.utility, (c) => c.topic)
      .filter((c) => chosen.every((k) => k.topic !== c.topic || c.topic < 0) && chosen.every((k) => overlapFraction(span(c), span(k)) <= MAX_OVERLAP));
    out.pool = [...clips, ...more.map((c) => toClip(src, c, mode, criteria, relevance, titles))];
  }
  return out;
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
    ...(c.scores ? { scores: { ...c.scores, hook: r3(c.scores.hook), payoff: r3(c.scores.payoff), self_contained: r3(c.scores.self_contained), ...(c.scores.relevance !== undefined ? { relevance: r3(c.scores.relevance) } : {}) } } : {}),
    reason: momentReason(clipReason(mode, c.parts, criteria, relevance, first, end, first < end ? openingAt(src, first) : null), c),
    transcript: src.words.slice(first, end).map((w) => w.display).join(' '),
  };
}
