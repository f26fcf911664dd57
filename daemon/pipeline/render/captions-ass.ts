import type { Aspect, CaptionStyle, Layout } from '../../../src/api/renders.js';
import { transcriptWords } from '../language/index.js';
import type { Word } from '../types.js';
import { CAPTION_PRESETS, presetFor, styleLine, type CaptionPreset } from './caption-styles.js';
import { outputSize } from './framing.js';
import { speakerChanges, speakerMarks, TURN_DASH, type LineMark } from './caption-speakers.js';

/**
 * Burned-in captions as an ASS subtitle script (issue 5: "a few words at a time, the spoken word
 * highlighted, safe margins"). Words carry absolute source times; the script is relative to the
 * clip start because the render seeks the input to it.
 */

/** A pause this long (s) starts a new line even when the current one has room. */
const BREAK_PAUSE = 0.45;
/** A line stays up until the next starts when the gap is shorter than this (no flicker). */
const HOLD_GAP = 0.6;

interface CaptionWord {
  text: string;
  start: number;
  end: number;
  /** Issue 30, item 3: who says it, when known. */
  speaker?: string;
}

/** A word as it reads on screen: braces and backslashes would be ASS override codes. */
export const displayWord = (word: string, upper = true) => {
  const clean = word.replace(/[{}\\]/g, '');
  return upper ? clean.toUpperCase() : clean;
};

/**
 * Groups the clip's words into short lines (the preset's length; classic by default); with
 * `bySpeaker` a line also breaks where another speaker starts.
 */
export function captionLines(words: Word[], clipStart: number, clipEnd: number, preset: CaptionPreset = CAPTION_PRESETS.classic, bySpeaker = false): CaptionWord[][] {
  // transcriptWords drops recogniser markers (<s>, <sil>, [NOISE]) and alternates' "(2)".
  const timed = transcriptWords({ engine: 'none', language: 'en', segments: [{ text: '', start: clipStart, end: clipEnd, words }] });
  const speakerAt = new Map(words.filter((w) => w.speaker).map((w) => [w.start, w.speaker]));
  const inClip = timed
    .map((w) => ({ text: displayWord(w.display, preset.upper), start: Math.max(w.start, clipStart) - clipStart, end: Math.min(w.end, clipEnd) - clipStart, ...(speakerAt.get(w.start) ? { speaker: speakerAt.get(w.start) } : {}) }))
    .filter((w) => w.text && w.end > w.start)
    .sort((a, b) => a.start - b.start);
  const lines: CaptionWord[][] = [];
  let line: CaptionWord[] = [];
  for (const w of inClip) {
    const prev = line[line.length - 1];
    const chars = line.reduce((n, x) => n + x.text.length + 1, 0) + w.text.length;
    const full = line.length >= preset.maxWords || (line.length > 0 && chars > preset.maxChars);
    if (prev && (full || w.start - prev.end >= BREAK_PAUSE || /[.?!]$/.test(prev.text) || (bySpeaker && speakerChanges(prev, w)))) {
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

/** A line's end: held until the next line when the gap is short (no flicker). */
function lineEnd(lines: CaptionWord[][], li: number): number {
  const next = lines[li + 1];
  const last = lines[li][lines[li].length - 1];
  return next && next[0].start - last.end < HOLD_GAP ? next[0].start : last.end;
}

const cs = (seconds: number) => Math.max(1, Math.round(seconds * 100));
const dialogue = (from: number, to: number, text: string) => `Dialogue: 0,${assTime(from)},${assTime(Math.max(to, from + 0.05))},Caption,,0,0,0,,${text}`;

/**
 * The override codes and dash that open a line of a speaker (caption-speakers.ts): karaoke's
 * unfilled words take the speaker's colour, every other preset's text does.
 */
function speakerLead(mark: LineMark | undefined, p: CaptionPreset): string {
  if (!mark) return '';
  const colour = mark.colour ? `{\\${p.events === 'line' && p.primary !== p.secondary ? '2c' : 'c'}${mark.colour}&}` : '';
  return `${colour}${mark.dash ? TURN_DASH : ''}`;
}

/** The events of a preset (see CaptionPreset.events); `marks` colour and dash each line by speaker. */
function captionEvents(lines: CaptionWord[][], p: CaptionPreset, marks: LineMark[] | null = null): string[] {
  const events: string[] = [];
  lines.forEach((line, li) => {
    const end = lineEnd(lines, li);
    const lead = speakerLead(marks?.[li], p);
    const back = marks?.[li]?.colour ? `{\\c${marks[li].colour}&}` : '';
    if (p.events === 'line') {
      // Karaoke (\kf: each word fills with the primary colour over its duration); a preset
      // without a second colour (minimal) shows the plain line.
      if (p.primary === p.secondary) return void events.push(dialogue(line[0].start, end, lead + line.map((w) => w.text).join(' ')));
      let at = line[0].start;
      const text = line.map((w, wi) => {
        const lead = wi === 0 ? '' : `{\\k${cs(w.start - at)}}`;
        at = w.end;
        return `${lead}{\\kf${cs(w.end - w.start)}}${w.text}`;
      });
      events.push(dialogue(line[0].start, end, lead + text.join(' ')));
      return;
    }
    line.forEach((w, wi) => {
      const until = wi + 1 < line.length ? line[wi + 1].start : end;
      if (p.events === 'pop') {
        // Issue 17: one "pop" word at a time with a scale bounce (70% -> 115% -> 100%).
        events.push(dialogue(w.start, until, `{\\fscx70\\fscy70\\t(0,90,\\fscx115\\fscy115)\\t(90,170,\\fscx100\\fscy100)}${lead}${w.text}`));
        return;
      }
      // The spoken word's mark ends back in the speaker's colour.
      const mark = p.mark ? { before: p.mark.before, after: back || p.mark.after } : { before: '', after: '' };
      events.push(dialogue(w.start, until, lead + line.map((x, xi) => (xi === wi ? `${mark.before}${x.text}${mark.after}` : x.text)).join(' ')));
    });
  });
  return events;
}

export interface AssOptions {
  /** Caption preset (default classic). */
  style?: CaptionStyle;
  /** A split layout puts the captions on the seam between the two speakers. */
  layout?: Layout;
  /** The frame's aspect ratio (issue 29): its size, caption size and safe zone (default 9:16). */
  aspect?: Aspect;
  fontName?: string;
  /** Issue 30, item 3 (`caption_speakers`): each speaker in their own colour, a dash where the speaker changes. */
  speakers?: boolean;
}

/** The whole ASS script of a clip's captions in the chosen preset. */
export function buildAss(words: Word[], clipStart: number, clipEnd: number, opts: AssOptions = {}): string {
  const preset = presetFor(opts.style ?? 'classic', opts.aspect);
  const size = outputSize(opts.aspect);
  const lines = captionLines(words, clipStart, clipEnd, preset, opts.speakers);
  const events = captionEvents(lines, preset, opts.speakers ? speakerMarks(lines) : null);
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${size.width}`,
    `PlayResY: ${size.height}`,
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    // A split layout stacked on a tall or square frame has its seam in the middle; side by side
    // (16:9) it has none, and the captions stay at the bottom.
    styleLine(preset, opts.fontName ?? 'DejaVu Sans', opts.layout === 'split' && size.height >= size.width),
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...events,
    '',
  ].join('\n');
}
