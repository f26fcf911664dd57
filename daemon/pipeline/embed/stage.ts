import type { Ranking } from '../llm/choose.js';
import type { SemanticMatch, Transcript } from '../types.js';
import { findEmbedder } from './embedder.js';
import { semanticMatch } from './semantic.js';

/**
 * The suggest stage's use of sentence embeddings (issue 28, item 3): with a request and an
 * installed embedding model, each passage's likeness to the request; the section's `ranking`
 * says the model was used, or why it was not (the heuristics alone then match the request).
 * Looked up per section, so a model installed while the daemon runs is used by the next job.
 */
export async function embeddingsFor(
  dataDir: string | undefined, env: NodeJS.ProcessEnv, request: string | undefined, general: boolean, transcript: Transcript,
): Promise<{ semantic?: SemanticMatch; ranking?: Ranking }> {
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
    return semantic ? { semantic, ranking: { by: 'heuristics', embedding: embedder.name } } : {};
  } catch (e) {
    return { ranking: { by: 'heuristics', note: `sentence embeddings failed (${(e as Error).message}); the request was matched by the heuristics alone` } };
  }
}
