// The language model's part in a section (issue 20, item 5): it ranks the candidate clips the
// heuristics found (the best clip of each topic) against the request with a reason, and its
// ranking is the order of the clips; then it writes the chosen clips' titles, captions per
// platform and hashtags. Each answer is checked against its schema. A timeout, a refusal,
// malformed JSON or an unreachable server falls back to the heuristics for that part, and the
// section says so (`ranking`), which the job shows.
import type { SuggestedClip } from '../types.js';
import { chatJson, LlmError, type LlmSettings } from './chat.js';
import { copyPrompt, copySchema, rankingPrompt, rankingSchema, type Candidate } from './prompts.js';

/** Who chose a section's clips and wrote their copy, and why not the model when it was asked. */
export interface Ranking {
  by: 'llm' | 'heuristics';
  model?: string;
  /** The sentence-embedding model that matched the request to passages (issue 28, item 3). */
  embedding?: string;
  /** What went wrong, when the heuristics stood in for some or all of it. */
  note?: string;
}

/** Share of a clip's score that is the model's relevance (the rest keeps the heuristics' hook and cuts in play). */
const MODEL_SHARE = 0.8;

export async function chooseWithLlm(
  settings: LlmSettings, request: string | undefined, pool: SuggestedClip[], count: number, signal?: AbortSignal,
): Promise<{ clips: SuggestedClip[]; ranking: Ranking }> {
  const byId = new Map(pool.map((c, i) => [`c${i + 1}`, c]));
  const candidates: Candidate[] = [...byId].map(([id, c]) => ({ id, start: c.start, end: c.end, transcript: c.transcript }));
  let ranked: { clip: SuggestedClip; relevance: number; reason: string }[];
  try {
    const answer = checked(rankingSchema, await chatJson(settings, rankingPrompt(request, candidates), signal), 'ranking');
    const seen = new Set<string>();
    ranked = answer.ranking.filter((r) => byId.has(r.id) && !seen.has(r.id) && seen.add(r.id)).map((r) => ({ clip: byId.get(r.id)!, relevance: r.relevance, reason: r.reason }));
    if (!ranked.length) throw new LlmError('malformed', 'the language model ranked none of the candidates');
  } catch (e) {
    if (!(e instanceof LlmError)) throw e;
    return { clips: pool.slice(0, count), ranking: { by: 'heuristics', note: `${e.message}; clips were chosen by the heuristics` } };
  }
  // The model's order is the clips' order: scores fall strictly down its ranking.
  const chosen = ranked.slice(0, count).map(({ clip, relevance, reason }) => ({
    ...clip,
    score: round3(MODEL_SHARE * relevance + (1 - MODEL_SHARE) * clip.score),
    score_breakdown: { ...clip.score_breakdown, relevance: round3(relevance) },
    reason: `Language model: ${reason.replace(/\s+/g, ' ').trim()}`,
  }));
  for (let i = 1; i < chosen.length; i++) chosen[i].score = Math.max(0, Math.min(chosen[i].score, round3(chosen[i - 1].score - 0.001)));
  const ids = new Map(chosen.map((c, i) => [`c${i + 1}`, c]));
  try {
    const copy = checked(copySchema, await chatJson(settings, copyPrompt(request, [...ids].map(([id, c]) => ({ id, start: c.start, end: c.end, transcript: c.transcript }))), signal), 'copy');
    for (const written of copy.clips) {
      const clip = ids.get(written.id);
      if (!clip) continue;
      clip.title = written.title.trim();
      clip.copy = { title: written.title.trim(), captions: written.captions, hashtags: written.hashtags.map((h) => (h.startsWith('#') ? h : `#${h}`)) };
    }
  } catch (e) {
    if (!(e instanceof LlmError)) throw e;
    return { clips: chosen, ranking: { by: 'llm', model: settings.model, note: `${e.message}; titles and captions were written by the heuristics` } };
  }
  return { clips: chosen, ranking: { by: 'llm', model: settings.model } };
}

function checked<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } }, value: unknown, what: string): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  throw new LlmError('malformed', `the language model's ${what} does not match its schema (${issue.path.join('.') || 'answer'}: ${issue.message})`);
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;
