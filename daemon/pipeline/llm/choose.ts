// The language model's part in a section (issue 28, item 2; issue 20, item 5): it judges every
// candidate clip the heuristics found (the best clip of each unit of talk, or the sentence
// encoder's shortlist of them: each a whole moment, setup to payoff) with sub-scores and a reason
// and may move a clip's end to a later sentence end (its payoff) and its start back to an earlier
// sentence start (its setup), within the longest a clip may be; the best by the judged scores
// are the section's clips; then it writes their titles, captions and hashtags. The finalists of
// the whole job are ranked against each other in one call once the last section is done
// (rank.ts). A timeout, a crash, a
// missing model, a refusal or an answer that does not fit falls back to the heuristics for that
// part, and the section says so (`ranking`), which the job shows.
import type { ClipCopy, ClipScores, SuggestedClip } from '../types.js';
import { LlmError } from './chat.js';
import type { LlmEngine } from './engine.js';
import { type Judgement, readCopy, readJudgements, type WrittenCopy } from './answers.js';
import { type Candidate, copyPrompt, judgePrompt } from './prompts.js';

/** Who chose a section's clips and wrote their copy, and why not the model when it was asked. */
export interface Ranking {
  by: 'llm' | 'heuristics';
  model?: string;
  /** The sentence-embedding model that matched the request to passages (issue 28, item 3). */
  embedding?: string;
  /** What went wrong, when the heuristics stood in for some or all of it. */
  note?: string;
}

/** A later end a clip may be moved to: a sentence end (s) and the words up to it. */
export interface LaterEnd {
  end: number;
  words: string;
}

/** An earlier start a clip may be moved back to (its setup): a sentence start (s) and the words from it to the clip's start. */
export interface EarlierStart {
  start: number;
  words: string;
}

/** Where the judge may move a clip's edges: later ends (its payoff) and earlier starts (its setup). */
export interface EdgeChoices {
  ends: LaterEnd[];
  starts: EarlierStart[];
  /** The longest the clip may become (s). */
  maxLength?: number;
}

/** Share of a clip's score that is the model's judgement (the rest keeps the heuristics' cuts and energy in play). */
const MODEL_SHARE = 0.8;

export async function chooseWithLlm(
  engine: LlmEngine, request: string | undefined, pool: SuggestedClip[], count: number,
  edges: (clip: SuggestedClip) => LaterEnd[] | EdgeChoices = () => [], signal?: AbortSignal,
): Promise<{ clips: SuggestedClip[]; ranking: Ranking }> {
  const asked = !!request?.trim();
  const byId = new Map(pool.map((c, i) => [`c${i + 1}`, c]));
  const later = new Map([...byId].map(([id, c]) => [id, choicesOf(edges(c))]));
  const candidates: Candidate[] = [...byId].map(([id, c]) => ({
    id, start: c.start, end: c.end, transcript: c.transcript, later: later.get(id)!.ends.map((l) => l.words), earlier: later.get(id)!.starts.map((l) => l.words),
  }));
  // Nothing to choose (every candidate becomes a clip): one call judges and writes the copy.
  const withCopy = pool.length <= count;
  let judged: Map<string, Judgement>;
  let answer: unknown;
  try {
    answer = await engine.json(judgePrompt(request, candidates, withCopy), signal);
    judged = readJudgements(answer, [...byId.keys()], asked);
  } catch (e) {
    if (!(e instanceof LlmError)) throw e;
    return { clips: pool.slice(0, count), ranking: { by: 'heuristics', note: `${e.message}; clips were chosen by the heuristics` } };
  }
  // Judged clips by their judged score; candidates the model left out follow, as the heuristics had them.
  const scored = [...byId].map(([id, clip]) => ({ id, clip: judged.has(id) ? applyJudgement(clip, judged.get(id)!, later.get(id)!, asked) : clip }));
  scored.sort((a, b) => Number(judged.has(b.id)) - Number(judged.has(a.id)) || b.clip.score - a.clip.score);
  const notes: string[] = [];
  // The judged order is the clips' order: scores fall strictly down it.
  const chosen = scored.slice(0, count).map((o) => ({ ...o, clip: { ...o.clip } }));
  for (let i = 1; i < chosen.length; i++) chosen[i].clip.score = Math.max(0, Math.min(chosen[i].clip.score, round3(chosen[i - 1].clip.score - 0.001)));
  try {
    const copy = readCopy(withCopy ? answer : await engine.json(copyPrompt(request, chosen.map(({ id, clip }) => candidate(id, clip))), signal), chosen.map((c) => c.id));
    let untitled = 0;
    for (const { id, clip } of chosen) {
      const written = copy.get(id);
      if (written?.title) clip.title = written.title;
      else untitled++;
      if (written?.caption) clip.copy = platformCopy(written, clip);
    }
    if (untitled) notes.push(`${untitled} of ${chosen.length} titles did not fit (${'4 to 10 words, no stock hook'}) and were written by the heuristics`);
  } catch (e) {
    if (!(e instanceof LlmError)) throw e;
    notes.push(`${e.message}; titles and captions were written by the heuristics`);
  }
  return { clips: chosen.map((c) => c.clip), ranking: { by: 'llm', model: engine.model, ...(notes.length ? { note: notes.join('; ') } : {}) } };
}

const candidate = (id: string, c: SuggestedClip): Candidate => ({ id, start: c.start, end: c.end, transcript: c.transcript });
const choicesOf = (e: LaterEnd[] | EdgeChoices): EdgeChoices => (Array.isArray(e) ? { ends: e, starts: [] } : e);

/**
 * With a request the model judges what a clip is about, so the heuristics' part of its score is
 * smaller and only their cuts and energy: their own request tier (every clip they think on the
 * request above the rest) would otherwise override the model's relevance.
 */
const ASKED_MODEL_SHARE = 0.9;
const heuristicShare = (clip: SuggestedClip): number => (clip.score_breakdown.completeness + clip.score_breakdown.energy) / 2;

function applyJudgement(clip: SuggestedClip, j: Judgement, edges: EdgeChoices, asked: boolean): SuggestedClip {
  const scores: ClipScores = { hook: j.hook / 10, payoff: j.payoff / 10, self_contained: j.self_contained / 10, ...(asked ? { relevance: (j.relevance ?? 0) / 10 } : {}) };
  const judgedScore = asked
    ? 0.45 * scores.relevance! + 0.2 * scores.hook + 0.2 * scores.payoff + 0.15 * scores.self_contained
    : 0.35 * scores.hook + 0.35 * scores.payoff + 0.3 * scores.self_contained;
  const moved = j.end > 0 ? edges.ends[j.end - 1] : undefined;
  let back = j.start > 0 ? edges.starts[j.start - 1] : undefined;
  // Both moves together may not make the clip longer than allowed: the payoff is kept then.
  if (moved && back && moved.end - back.start > (edges.maxLength ?? Infinity)) back = undefined;
  return {
    ...clip,
    ...(moved ? { end: moved.end, transcript: `${clip.transcript} ${moved.words}`.trim() } : {}),
    ...(back ? { start: back.start, transcript: `${back.words} ${moved ? `${clip.transcript} ${moved.words}` : clip.transcript}`.trim() } : {}),
    score: round3(asked ? ASKED_MODEL_SHARE * judgedScore + (1 - ASKED_MODEL_SHARE) * heuristicShare(clip) : MODEL_SHARE * judgedScore + (1 - MODEL_SHARE) * clip.score),
    score_breakdown: { ...clip.score_breakdown, ...(asked ? { relevance: scores.relevance! } : {}) },
    scores,
    reason: `Language model: ${j.reason}`,
  };
}

/** One caption per platform from the model's caption (issue 28, item 2c); drafts add the hashtags within each platform's limits. */
function platformCopy(w: WrittenCopy, clip: SuggestedClip): ClipCopy {
  const quote = firstSentence(clip.transcript);
  return {
    title: clip.title,
    hashtags: w.hashtags,
    captions: {
      short_video: w.caption,
      photo_sharing: w.caption,
      professional_network: quote ? `${w.caption}\n\n"${quote}"` : w.caption,
      long_video: quote ? `${w.caption}\n\n"${quote}"` : w.caption,
    },
  };
}

function firstSentence(text: string): string {
  const s = /^(.{20,280}?[.!?])(\s|$)/s.exec(text.trim())?.[1] ?? '';
  return s.replace(/\s+/g, ' ');
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;
