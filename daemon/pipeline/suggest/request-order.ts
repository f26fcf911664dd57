// With a request, a clip about it comes before every clip that is not, whatever its hook: the
// topics split into two tiers by how much they are about the request (each topic's relevance
// against the best topic's), and inside a tier the score orders clips; in the upper tier, half of
// a clip's place is how near its topic comes to the best topic, so that a clip on a topic less
// about the request does not pass one more about it on hook and energy alone. The tier is
// carried in the score itself (about: the upper half of 0..1, the rest: the lower half), so that
// it holds wherever clips are ranked by score: in selection, in a section, across a job.

/** A topic is about the request when its relevance is at least this share of the best topic's... */
const RATIO = 0.9;
/** ...and at least this (a topic's relevance, relevance.ts): with nothing near the request, no topic is. */
const FLOOR = 0.1;

/** Share of an about-clip's place in its tier that is its topic's relevance against the best topic's (the rest its score). */
const RELEVANCE_IN_TIER = 0.5;

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
  const best = Math.max(...topicRelevance);
  return candidates.map((c) => {
    const k = topicOf(c);
    const on = about[k] === true;
    // Inside the upper tier, how near a clip's topic comes to the best one counts as much as its own score.
    const lift = (x: number) => (on ? (1 - RELEVANCE_IN_TIER) * x + (RELEVANCE_IN_TIER * topicRelevance[k]) / best : x);
    return { ...c, score: inTier(lift(c.score), on), utility: inTier(lift(c.utility), on) };
  });
}
