// With a request, a clip about it comes before every clip that is not, whatever its hook: the
// topics split into two tiers by how much they are about the request (each topic's relevance
// against the best topic's), and the score orders clips inside a tier as before. The tier is
// carried in the score itself (about: the upper half of 0..1, the rest: the lower half), so that
// it holds wherever clips are ranked by score: in selection, in a section, across a job.

/** A topic is about the request when its relevance is at least this share of the best topic's... */
const RATIO = 0.9;
/** ...and at least this (a topic's relevance, relevance.ts): with nothing near the request, no topic is. */
const FLOOR = 0.1;

/** Per topic (by relevance): is it about the request. */
export function aboutRequest(relevance: number[]): boolean[] {
  const best = Math.max(0, ...relevance);
  return relevance.map((r) => r >= FLOOR && r >= RATIO * best);
}

/** A score in its tier: about the request 0.5..1, the rest 0..0.5. */
export const inTier = (score: number, about: boolean): number => (about ? 0.5 + 0.5 * score : 0.5 * score);

/**
 * Candidates with their score and utility put in their topic's tier (`topicRelevance`: per topic
 * index; `topicOf`: a candidate's topic, -1 for none, which is not about it). Unchanged when no
 * topic is about the request.
 */
export function requestFirst<T extends { score: number; utility: number }>(candidates: T[], topicRelevance: number[], topicOf: (c: T) => number): T[] {
  const about = aboutRequest(topicRelevance);
  if (!about.some(Boolean)) return candidates;
  return candidates.map((c) => {
    const on = about[topicOf(c)] === true;
    return { ...c, score: inTier(c.score, on), utility: inTier(c.utility, on) };
  });
}
