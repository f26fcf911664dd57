// How like the request each passage of a section is, by sentence embeddings (issue 28, item 3):
// computed before the (synchronous) suggester runs, which blends it into each topic's relevance.
import { splitSentences, transcriptWords } from '../language/sentences.js';
import type { SemanticMatch, Transcript } from '../types.js';
import type { Embedder } from './embedder.js';

/** A passage closes at this many seconds or words (about what a sentence encoder reads well). */
const PASSAGE_SECONDS = 20;
const PASSAGE_WORDS = 60;

/** The section's speech in passages of whole sentences (a long run without pauses is cut by words). */
export function passages(transcript: Transcript): { start: number; end: number; text: string }[] {
  const words = transcriptWords(transcript);
  const out: { start: number; end: number; text: string; n: number }[] = [];
  for (const s of splitSentences(words)) {
    for (let i = s.first; i <= s.last; i += PASSAGE_WORDS) {
      const part = words.slice(i, Math.min(s.last + 1, i + PASSAGE_WORDS));
      const last = out[out.length - 1];
      const text = part.map((w) => w.display).join(' ');
      if (last && part[0].start - last.start < PASSAGE_SECONDS && last.n + part.length <= PASSAGE_WORDS) {
        last.text += ` ${text}`;
        last.end = part[part.length - 1].end;
        last.n += part.length;
      } else out.push({ start: part[0].start, end: part[part.length - 1].end, text, n: part.length });
    }
  }
  return out.map(({ start, end, text }) => ({ start, end, text }));
}

/** Each passage's likeness to the request, on the model's own scale (0 at its `floor`, 1 the same meaning). */
export async function semanticMatch(embedder: Embedder, request: string, transcript: Transcript): Promise<SemanticMatch | undefined> {
  const parts = passages(transcript);
  if (!parts.length || !request.trim()) return undefined;
  const likeness = await embedder.likeness(request, parts.map((p) => p.text));
  const floor = embedder.model.floor;
  return {
    model: embedder.name,
    passages: parts.map((p, i) => ({ start: p.start, end: p.end, likeness: Math.max(0, (likeness[i] - floor) / (1 - floor)) })),
  };
}
