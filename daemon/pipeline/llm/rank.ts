// The job's finalists ranked against each other in one call (issue 28, item 2a: "then ranks the
// finalists against each other in one call"; small models score in a narrow band when asked one
// at a time). Sections are judged one after the other so that their previews start early; once
// the last section is suggested, the job asks the model once to order every clip of the whole
// video, and the clips' scores are shared out again in that order (the job's clips array is
// ordered by score, best first: DESIGN.md "Clips carry ... score"). A failure keeps the order of
// the judged scores and says so.
import { LlmError } from './chat.js';
import type { LlmEngine } from './engine.js';
import { readOrder } from './answers.js';
import { rankingPrompt } from './prompts.js';
import type { Ranking } from './choose.js';

/** A clip of the job as the ranking sees it. */
export interface RankCandidate {
  id: string;
  start: number;
  end: number;
  transcript: string;
  /** The judge's reason ("Language model: ..."), or the heuristics'. */
  reason?: string;
}

/** What the job-wide ranking decided: every clip id, best first, and what went wrong if anything did. */
export interface JobRanking {
  order: string[];
  ranking: Ranking;
}

/** At most this many clips go into the one call (the rest follow in the order of their scores). */
export const MAX_RANKED = 20;

/** `clips` in the order of their scores, best first; the model orders the first MAX_RANKED. */
export async function rankFinalists(engine: LlmEngine, request: string | undefined, clips: RankCandidate[], signal?: AbortSignal): Promise<JobRanking> {
  const finalists = clips.slice(0, MAX_RANKED).map((c, i) => ({ ...c, key: `c${i + 1}` }));
  const rest = clips.slice(MAX_RANKED).map((c) => c.id);
  try {
    const prompt = rankingPrompt(request, finalists.map((f) => ({ id: f.key, start: f.start, end: f.end, transcript: f.transcript, ...(f.reason ? { reason: f.reason.replace(/^Language model: /, '') } : {}) })));
    const keys = readOrder(await engine.json(prompt, signal), finalists.map((f) => f.key));
    const byKey = new Map(finalists.map((f) => [f.key, f.id]));
    const ranked = keys.map((k) => byKey.get(k)!);
    return { order: [...ranked, ...finalists.filter((f) => !keys.includes(f.key)).map((f) => f.id), ...rest], ranking: { by: 'llm', model: engine.model } };
  } catch (e) {
    if (!(e instanceof LlmError)) throw e;
    return { order: clips.map((c) => c.id), ranking: { by: 'llm', model: engine.model, note: `${e.message}; the clips kept the order of their judged scores` } };
  }
}

/**
 * The clips' scores in the ranking's order: the same scores, the highest to the first, falling
 * strictly down the order (the ranking is the clips' order, and the array is ordered by score).
 */
export function scoresInOrder(clips: Array<{ id: string; score: number }>, order: string[]): Array<{ id: string; score: number }> {
  const scores = clips.map((c) => c.score).sort((a, b) => b - a);
  const out: Array<{ id: string; score: number }> = [];
  for (const [i, id] of order.entries()) {
    const score = i === 0 ? scores[0] : Math.max(0, Math.min(scores[i], round3(out[i - 1].score - 0.001)));
    out.push({ id, score });
  }
  return out;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;
