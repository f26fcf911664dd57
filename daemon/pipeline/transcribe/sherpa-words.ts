import type { Segment, Word } from '../types.js';
import type { SherpaResult } from './sherpa-process.js';
import { spreadWords } from './whisper-json.js';

const round = (n: number) => Math.round(n * 1000) / 1000;

/** sherpa-onnx writes a token that is not whole UTF-8 (part of a character) as `<0xAB>`. */
const tokenBytes = (t: string) => {
  const m = /^<0x([0-9A-Fa-f]{2})>$/.exec(t);
  return m ? Buffer.from([parseInt(m[1], 16)]) : Buffer.from(t, 'utf8');
};

/** A pause this long, or a sentence's end, starts a new segment. */
const SEGMENT_GAP = 0.8;

/**
 * Words with times from sherpa-onnx's Whisper result (issue 14, item 3: word-level start and
 * end times for word-by-word captions). With token times (a decoder with cross-attention
 * outputs), a word runs from its first token's start to its last token's end; a token that
 * begins with a space begins a word (Whisper's byte-level BPE). With only phrase times
 * (segment timestamps), the phrase's time is shared among its words by length. Words never
 * overlap and never go back in time; all times are inside [0, duration].
 */
export function sherpaSegments(r: SherpaResult, duration: number): Segment[] {
  let words: Word[];
  if (r.timestamps?.length && r.timestamps.length === r.tokens.length) words = tokenWords(r, duration);
  else if (r.segment_timestamps?.length && r.segment_texts?.length) {
    words = r.segment_texts.flatMap((text, i) => {
      const start = r.segment_timestamps![i];
      return spreadWords(text.trim(), start, start + (r.segment_durations?.[i] ?? 0));
    });
  } else words = spreadWords(r.text.trim(), 0, duration);
  return toSegments(orderWords(words, duration));
}

function tokenWords(r: SherpaResult, duration: number): Word[] {
  const words: { bytes: Buffer[]; start: number; end: number }[] = [];
  r.tokens.forEach((token, i) => {
    const bytes = tokenBytes(token);
    const start = r.timestamps![i];
    const end = start + (r.durations?.[i] ?? 0);
    const last = words[words.length - 1];
    if (!last || bytes[0] === 0x20) words.push({ bytes: [bytes], start, end: Math.min(end, duration) });
    else {
      last.bytes.push(bytes);
      last.end = Math.max(last.end, end);
    }
  });
  return words.map((w) => ({ text: Buffer.concat(w.bytes).toString('utf8').trim(), start: w.start, end: w.end })).filter((w) => w.text);
}

/** Clamps each word into [previous word's end, duration], at least 10 ms long where there is room. */
function orderWords(words: Word[], duration: number): Word[] {
  let at = 0;
  return words.map((w) => {
    const start = Math.min(Math.max(w.start, at), duration);
    const end = Math.min(Math.max(w.end, start + 0.01), duration);
    at = end;
    return { text: w.text, start: round(start), end: round(end) };
  });
}

function toSegments(words: Word[]): Segment[] {
  const segments: Segment[] = [];
  let current: Word[] = [];
  const flush = () => {
    if (current.length) segments.push({ text: current.map((w) => w.text).join(' '), start: current[0].start, end: current[current.length - 1].end, words: current });
    current = [];
  };
  for (const w of words) {
    const prev = current[current.length - 1];
    if (prev && (w.start - prev.end >= SEGMENT_GAP || /[.?!]["')\]]?$/.test(prev.text))) flush();
    current.push(w);
  }
  flush();
  return segments;
}
