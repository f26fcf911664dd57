import type { Segment, Word } from '../types.js';

/** whisper.cpp's `--output-json-full` file (examples/cli: output_json), the parts read here. */
interface WhisperJson {
  result?: { language?: string };
  transcription?: {
    offsets?: { from?: number; to?: number };
    text?: string;
    tokens?: { text?: string; offsets?: { from?: number; to?: number }; p?: number }[];
  }[];
}

/** Special tokens: [_BEG_], [_TT_123], [_SOT_], <|endoftext|> and the like. */
const SPECIAL = /^\s*(\[_[A-Z]+_?\d*\]|<\|[^|]*\|>)\s*$/;

/**
 * whisper.cpp writes token texts as raw bytes and escapes only quotes and backslashes, so a
 * character split over two tokens is invalid UTF-8 until the tokens are joined. The file is
 * therefore read as bytes (latin1) and each joined text decoded as UTF-8 afterwards.
 */
const utf8 = (bytes: string) => Buffer.from(bytes, 'latin1').toString('utf8');
const round = (n: number) => Math.round(n * 1000) / 1000;

/** Parses the JSON file's bytes into segments with word timings (seconds + `offset`). */
export function parseWhisperJson(file: Buffer, offset = 0): { language?: string; segments: Segment[] } {
  // Raw control characters (a newline inside a text) are not allowed in JSON strings.
  const json = JSON.parse(file.toString('latin1').replace(/[\x00-\x1f]/g, ' ')) as WhisperJson;
  const segments: Segment[] = [];
  for (const seg of json.transcription ?? []) {
    const start = round((seg.offsets?.from ?? 0) / 1000 + offset);
    const end = round((seg.offsets?.to ?? 0) / 1000 + offset);
    const text = utf8(seg.text ?? '').trim();
    if (!text) continue;
    const words = seg.tokens?.length ? wordsFromTokens(seg.tokens, offset) : [];
    segments.push({ text, start, end, words: words.length ? words : spreadWords(text, start, end) });
  }
  const language = json.result?.language ? utf8(json.result.language) : undefined;
  return { language, segments };
}

type Token = NonNullable<NonNullable<WhisperJson['transcription']>[number]['tokens']>[number];

/** Joins sub-word tokens into words: a token that starts with a space starts a new word. */
function wordsFromTokens(tokens: Token[], offset: number): Word[] {
  const words: { bytes: string; from?: number; to?: number; p: number[] }[] = [];
  for (const t of tokens) {
    const bytes = t.text ?? '';
    if (!bytes || SPECIAL.test(bytes)) continue;
    const last = words[words.length - 1];
    if (!last || bytes.startsWith(' ')) words.push({ bytes, from: t.offsets?.from, to: t.offsets?.to, p: [t.p ?? NaN] });
    else {
      last.bytes += bytes;
      last.to = t.offsets?.to ?? last.to;
      last.p.push(t.p ?? NaN);
    }
  }
  if (words.some((w) => w.from === undefined || w.to === undefined)) return [];
  return words
    .map((w) => {
      const ps = w.p.filter(Number.isFinite);
      const word: Word = { text: utf8(w.bytes).trim(), start: round(w.from! / 1000 + offset), end: round(w.to! / 1000 + offset) };
      if (ps.length) word.confidence = round(Math.min(1, Math.max(0, ps.reduce((a, b) => a + b, 0) / ps.length)));
      return word;
    })
    .filter((w) => w.text);
}

/** Without token times (plain `-oj`), words share the segment's time by their length. */
export function spreadWords(text: string, start: number, end: number): Word[] {
  const parts = text.split(/\s+/).filter(Boolean);
  const total = parts.reduce((n, p) => n + p.length, 0) || 1;
  let t = start;
  return parts.map((p) => {
    const d = ((end - start) * p.length) / total;
    const w = { text: p, start: round(t), end: round(t + d) };
    t += d;
    return w;
  });
}
