import { transcriptWords } from '../language/index.js';
import type { Word } from '../types.js';
import { OUTPUT_HEIGHT, OUTPUT_WIDTH } from './framing.js';

/**
 * Burned-in captions as an ASS subtitle script (issue 5: "a few words at a time, the spoken word
 * highlighted, safe margins"). Words carry absolute source times; the script is relative to the
 * clip start because the render seeks the input to it.
 */

/** A caption line holds at most this many words and characters. */
const MAX_WORDS = 3;
const MAX_CHARS = 22;
/** A pause this long (s) starts a new line even when the current one has room. */
const BREAK_PAUSE = 0.45;
/** A line stays up until the next starts when the gap is shorter than this (no flicker). */
const HOLD_GAP = 0.6;

/**
 * Safe margins: platforms lay buttons over the right edge and the caption and account name over
 * the bottom fifth, so captions sit in the lower third above that band, clear of both sides.
 */
const MARGIN_SIDE = 100;
const MARGIN_BOTTOM = 440;
const FONT_SIZE = 84;
/** ASS colours are &HAABBGGRR: white text, a warm yellow for the spoken word, black outline. */
const WHITE = '&H00FFFFFF';
const HIGHLIGHT = '&H0000D7FF';

interface CaptionWord {
  text: string;
  start: number;
  end: number;
}

/** A word as it reads on screen: upper case; braces and backslashes would be ASS override codes. */
export const displayWord = (word: string) => word.replace(/[{}\\]/g, '').toUpperCase();

/** Groups the clip's words into short lines. */
export function captionLines(words: Word[], clipStart: number, clipEnd: number): CaptionWord[][] {
  // transcriptWords drops recogniser markers (<s>, <sil>, [NOISE]) and alternates' "(2)".
  const timed = transcriptWords({ engine: 'none', language: 'en', segments: [{ text: '', start: clipStart, end: clipEnd, words }] });
  const inClip = timed
    .map((w) => ({ text: displayWord(w.display), start: Math.max(w.start, clipStart) - clipStart, end: Math.min(w.end, clipEnd) - clipStart }))
    .filter((w) => w.text && w.end > w.start)
    .sort((a, b) => a.start - b.start);
  const lines: CaptionWord[][] = [];
  let line: CaptionWord[] = [];
  for (const w of inClip) {
    const prev = line[line.length - 1];
    const chars = line.reduce((n, x) => n + x.text.length + 1, 0) + w.text.length;
    const full = line.length >= MAX_WORDS || (line.length > 0 && chars > MAX_CHARS);
    if (prev && (full || w.start - prev.end >= BREAK_PAUSE || /[.?!]$/.test(prev.text))) {
      lines.push(line);
      line = [];
    }
    line.push(w);
  }
  if (line.length) lines.push(line);
  return lines;
}

/** h:mm:ss.cc, the ASS time format. */
export function assTime(seconds: number): string {
  const cs = Math.max(0, Math.round(seconds * 100));
  const h = Math.floor(cs / 360000);
  const m = Math.floor((cs % 360000) / 6000);
  const s = Math.floor((cs % 6000) / 100);
  const c = cs % 100;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(c).padStart(2, '0')}`;
}

/** The whole ASS script: one event per spoken word, showing its line with that word highlighted. */
export function buildAss(words: Word[], clipStart: number, clipEnd: number, fontName = 'DejaVu Sans'): string {
  const lines = captionLines(words, clipStart, clipEnd);
  const events: string[] = [];
  lines.forEach((line, li) => {
    const next = lines[li + 1];
    const last = line[line.length - 1];
    const lineEnd = next && next[0].start - last.end < HOLD_GAP ? next[0].start : last.end;
    line.forEach((w, wi) => {
      const until = wi + 1 < line.length ? line[wi + 1].start : lineEnd;
      const text = line.map((x, xi) => (xi === wi ? `{\\c${HIGHLIGHT}&}${x.text}{\\c${WHITE}&}` : x.text)).join(' ');
      events.push(`Dialogue: 0,${assTime(w.start)},${assTime(Math.max(until, w.start + 0.05))},Caption,,0,0,0,,${text}`);
    });
  });
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${OUTPUT_WIDTH}`,
    `PlayResY: ${OUTPUT_HEIGHT}`,
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    `Style: Caption,${fontName},${FONT_SIZE},${WHITE},${WHITE},&H00000000,&H80000000,-1,0,0,0,100,100,0,0,1,6,2,2,${MARGIN_SIDE},${MARGIN_SIDE},${MARGIN_BOTTOM},1`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...events,
    '',
  ].join('\n');
}
