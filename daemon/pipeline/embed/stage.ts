import type { Ranking } from '../llm/choose.js';
import type { SemanticMatch, SuggestedClip, Transcript } from '../types.js';
import { type Embedder, findEmbedder, shortlist } from './embedder.js';
import { semanticMatch } from './semantic.js';

/**
 * The suggest stage's use of sentence embeddings (issue 28, item 3): with a request and an
 * installed embedding model, each passage's likeness to the request; the section's `ranking`
 * says the model was used, or why it was not (the heuristics alone then match the request).
 * Looked up per section, so a model installed while the daemon runs is used by the next job.
 */
export async function embeddingsFor(
  dataDir: string | undefined, env: NodeJS.ProcessEnv, request: string | undefined, general: boolean, transcript: Transcript,
): Promise<{ semantic?: SemanticMatch; ranking?: Ranking; embedder?: Embedder }> {
  if (!request?.trim() || general) return {};
  let embedder;
  try {
    embedder = findEmbedder(dataDir, env);
  } catch (e) {
    return { ranking: { by: 'heuristics', note: `the sentence-embedding model cannot be used: ${(e as Error).message}` } };
  }
  if (!embedder) return {};
  try {
    const semantic = await semanticMatch(embedder, request, transcript);
    return semantic ? { semantic, ranking: { by: 'heuristics', embedding: embedder.name }, embedder } : {};
  } catch (e) {
    return { ranking: { by: 'heuristics', note: `sentence embeddings failed (${(e as Error).message}); the request was matched by the heuristics alone` } };
  }
}

/**
 * The language model's shortlist (issue 28, item 3: embeddings are used "as the LLM's shortlist
 * when one is"): of a section's candidates (the best clip of each topic), the `keep` most like
 * the request by the sentence encoder, in the heuristics' order, so the model reads and judges
 * fewer of them (fewer prompt and generated tokens, issue 28 item 7). A failure of the encoder
 * keeps them all, and says so.
 */
export async function shortlistCandidates(embedder: Embedder, request: string, pool: SuggestedClip[], keep: number): Promise<{ pool: SuggestedClip[]; note?: string }> {
  if (pool.length <= keep) return { pool };
  try {
    const kept = new Set(await shortlist(embedder, request, pool.map((c) => c.transcript), keep));
    return { pool: pool.filter((_, i) => kept.has(i)) };
  } catch (e) {
    return { pool, note: `the sentence-embedding shortlist failed (${(e as Error).message}); the language model judged every candidate` };
  }
}
