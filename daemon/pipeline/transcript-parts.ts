import type { Transcript, Word } from './types.js';
import type { Span } from './stages.js';

/** Moves a chunk's transcript (times from the chunk's start) to times in the whole source. */
export function shiftTranscript(t: Transcript, offset: number): Transcript {
  const at = (n: number) => Math.round((n + offset) * 1000) / 1000;
  return {
    ...t,
    segments: t.segments.map((s) => ({
      ...s,
      start: at(s.start),
      end: at(s.end),
      words: s.words.map((w) => ({ ...w, start: at(w.start), end: at(w.end) })),
    })),
  };
}

/** Chunk transcripts (already on source time, in order) as one transcript. */
export function joinTranscripts(parts: Transcript[], fallback: Pick<Transcript, 'engine' | 'language'>): Transcript {
  return {
    engine: parts[0]?.engine ?? fallback.engine,
    language: parts[0]?.language ?? fallback.language,
    segments: parts.flatMap((p) => p.segments),
  };
}

/** The words spoken inside a clip (the editor page and burned-in captions use them). */
export function wordsIn(t: Transcript, span: Span): Word[] {
  const slack = 0.05;
  return t.segments.flatMap((s) => s.words).filter((w) => w.start >= span.start - slack && w.end <= span.end + slack);
}
