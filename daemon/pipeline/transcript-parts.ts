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

/**
 * The part of a transcript inside `span`: words that start in it, segments cut to them (a
 * section that takes over a topic from the one before starts inside a chunk, issue 20).
 */
export function transcriptWithin(t: Transcript, span: Span): Transcript {
  const inside = (start: number) => start >= span.start - 0.01 && start < span.end;
  const segments = t.segments.flatMap((s) => {
    if (!s.words.length) return inside(s.start) ? [s] : [];
    const words = s.words.filter((w) => inside(w.start));
    if (!words.length) return [];
    if (words.length === s.words.length) return [s];
    return [{ ...s, text: words.map((w) => w.text.trim()).join(' '), start: words[0].start, end: words[words.length - 1].end, words }];
  });
  return { ...t, segments };
}
