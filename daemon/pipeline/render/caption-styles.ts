import type { Aspect, CaptionStyle } from '../../../src/api/renders.js';

/**
 * Caption presets (issue 17, item 3: "At least four presets beside today's ... all inside the
 * platforms' safe zones"). Sizes are on the 1080x1920 canvas of a full render; libass scales them
 * for anything else. Colours are ASS &HAABBGGRR.
 */

/**
 * The safe zone of a 9:16 short video: the short-video, photo-sharing and long-video apps draw
 * the caption and account name over the bottom ~20%, a column of buttons on the right ~13% and
 * the top bar over the top ~8%. Every preset keeps its text inside these margins (a test checks).
 */
export const SAFE_ZONE = { top: 160, bottom: 440, left: 90, right: 150 } as const;

export const WHITE = '&H00FFFFFF';
const YELLOW = '&H0000D7FF';
const BLACK = '&H00000000';
const SHADOW = '&H80000000';
const BOX = '&H40000000';

/** How a preset groups words and writes its events. */
export interface CaptionPreset {
  /** Words and characters a caption line holds. */
  maxWords: number;
  maxChars: number;
  /** Upper-case the words (the classic short-video look). */
  upper: boolean;
  /**
   * One event per `word` (the line shown with that word marked), `line` (the whole line once,
   * karaoke-timed), or `pop` (each word alone, bouncing in).
   */
  events: 'word' | 'line' | 'pop';
  /** How the spoken word is marked in `word` events (ASS override codes around it). */
  mark?: { before: string; after: string };
  /** The [V4+ Styles] fields after the font name (size, colours, borders, alignment, margins). */
  font: number;
  primary: string;
  secondary: string;
  outline: string;
  back: string;
  bold: boolean;
  /** 1 outline + shadow, 3 opaque box. */
  borderStyle: 1 | 3;
  outlineWidth: number;
  shadow: number;
  /** Numpad alignment: 2 bottom centre, 1 bottom left, 5 middle centre. */
  alignment: 1 | 2 | 5;
  marginL: number;
  marginR: number;
  marginV: number;
}

const base = { maxWords: 3, maxChars: 22, upper: true, bold: true, secondary: WHITE, outline: BLACK, back: SHADOW, borderStyle: 1 as const, outlineWidth: 6, shadow: 2, alignment: 2 as const, marginL: SAFE_ZONE.left + 10, marginR: SAFE_ZONE.right + 10, marginV: SAFE_ZONE.bottom };

export const CAPTION_PRESETS: Record<CaptionStyle, CaptionPreset> = {
  /** The original: a few words a line, the spoken word in yellow. */
  classic: { ...base, events: 'word', mark: { before: `{\\c${YELLOW}&}`, after: `{\\c${WHITE}&}` }, font: 84, primary: WHITE },
  /** Word-by-word karaoke: the line is up at once and fills with colour as each word is said. */
  karaoke: { ...base, maxWords: 4, maxChars: 26, events: 'line', font: 80, primary: YELLOW, secondary: WHITE },
  /** One word at a time, large, popping in with a small scale bounce. */
  pop: { ...base, maxWords: 1, maxChars: 40, events: 'pop', font: 118, primary: WHITE, outlineWidth: 8, marginV: SAFE_ZONE.bottom + 120 },
  /** The line in a dark box, the spoken word in yellow. */
  boxed: { ...base, events: 'word', mark: { before: `{\\c${YELLOW}&}`, after: `{\\c${WHITE}&}` }, font: 72, primary: WHITE, outline: BOX, back: BOX, borderStyle: 3, outlineWidth: 18, shadow: 0 },
  /** A quiet lower third: sentence case, smaller, left-aligned, no highlight. */
  minimal: { ...base, maxWords: 7, maxChars: 36, upper: false, bold: false, events: 'line', font: 58, primary: WHITE, secondary: WHITE, outlineWidth: 2, shadow: 1, alignment: 1, marginL: SAFE_ZONE.left + 20 },
};

/** The [V4+ Styles] line of a preset; `centred` moves it to the middle of the frame (the seam of a split layout). */
export function styleLine(p: CaptionPreset, fontName: string, centred = false): string {
  const alignment = centred && p.alignment !== 1 ? 5 : p.alignment;
  const marginV = alignment === 5 ? 0 : p.marginV;
  return `Style: Caption,${fontName},${p.font},${p.primary},${p.secondary},${p.outline},${p.back},${p.bold ? -1 : 0},0,0,0,100,100,0,0,${p.borderStyle},${p.outlineWidth},${p.shadow},${alignment},${p.marginL},${p.marginR},${marginV},1`;
}

/**
 * Safe zones of the other aspect ratios (issue 29, item 4: "caption size and safe zones per
 * ratio"), in pixels of their frames (1080x1080, 1080x1350, 1920x1080): feed posts (1:1, 4:5)
 * have the account line and buttons below the picture, so only a thin band is covered; a 16:9
 * player draws its controls and progress bar over the bottom ~12%.
 */
export const SAFE_ZONES: Record<Aspect, { top: number; bottom: number; left: number; right: number }> = {
  '9:16': SAFE_ZONE,
  '4:5': { top: 80, bottom: 200, left: 70, right: 70 },
  '1:1': { top: 70, bottom: 160, left: 70, right: 70 },
  '16:9': { top: 60, bottom: 130, left: 160, right: 160 },
};

/** Caption size per ratio against the 9:16 presets: a shorter frame gets smaller text. */
export const CAPTION_SCALE: Record<Aspect, number> = { '9:16': 1, '4:5': 0.85, '1:1': 0.8, '16:9': 0.75 };

/** A preset for a frame of `aspect`: sizes scaled, margins measured from that frame's safe zone. */
export function presetFor(style: CaptionStyle, aspect: Aspect = '9:16'): CaptionPreset {
  const p = CAPTION_PRESETS[style];
  if (aspect === '9:16') return p;
  const zone = SAFE_ZONES[aspect];
  const k = CAPTION_SCALE[aspect];
  const px = (n: number) => Math.round(n * k);
  return {
    ...p,
    font: px(p.font),
    outlineWidth: Math.max(1, px(p.outlineWidth)),
    shadow: px(p.shadow),
    marginL: zone.left + px(p.marginL - SAFE_ZONE.left),
    marginR: zone.right + px(p.marginR - SAFE_ZONE.right),
    marginV: zone.bottom + px(p.marginV - SAFE_ZONE.bottom),
  };
}
