import type { Segment, Transcript, Word } from './types.js';
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

/** `span` widened by `overlap` seconds on each side, inside [0, duration] (the same object when 0). */
export function withOverlap(span: Span, overlap: number, duration: number): Span {
  if (!(overlap > 0)) return span;
  return { start: Math.max(0, span.start - overlap), end: Math.min(duration, span.end + overlap) };
}

/**
 * The words of a chunk heard with overlap that belong to its own span (issue 14, item 4:
 * "de-duplication at the seams"): a word whose middle lies in [start, end) is this chunk's, one
 * past the seam is the neighbour's (the last chunk keeps its end too). A word cut by a seam is
 * heard whole by both chunks and kept once. Segments keep their kept words; empty ones go.
 */
export function keepSpan(t: Transcript, span: Span, last: boolean): Transcript {
  const mine = (w: Word) => {
    const mid = (w.start + w.end) / 2;
    return mid >= span.start && (mid < span.end || (last && mid <= span.end));
  };
  return keepWords(t, mine, () => false);
}

/**
 * The part of a transcript inside `span`: words that start in it, segments cut to them (a
 * section that takes over a topic from the one before starts inside a chunk, issue 20).
 */
export function transcriptWithin(t: Transcript, span: Span): Transcript {
  const inside = (start: number) => start >= span.start - 0.01 && start < span.end;
  return keepWords(t, (w) => inside(w.start), (s) => inside(s.start));
}

/** The transcript with only the words `keep` accepts, each segment cut to its kept words; a segment without words stays if `wordless` says so. */
function keepWords(t: Transcript, keep: (w: Word) => boolean, wordless: (s: Segment) => boolean): Transcript {
  const segments = t.segments.flatMap((s) => {
    if (!s.words.length) return wordless(s) ? [s] : [];
    const words = s.words.filter(keep);
    if (!words.length) return [];
    return [{ ...s, text: words.length === s.words.length ? s.text : words.map((w) => w.text.trim()).join(' '), start: words[0].start, end: words[words.length - 1].end, words }];
  });
  return { ...t, segments };
}
