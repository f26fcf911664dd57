/**
 * Captions that show who speaks (issue 30, item 3: "captions can show who speaks (a style
 * option)"; the `caption_speakers` extension field of renders and posts). Each speaker's words
 * take their own colour, in the order the speakers first talk in the clip (the first keeps the
 * preset's colours), and the first line of each turn starts with a dash, the subtitling
 * convention for a change of speaker. A clip with one known speaker (or none) is captioned as
 * without the option.
 */

/** Text colours (ASS &HAABBGGRR) of the second, third... speaker: light blue, light green, pink, orange; none is the highlight's yellow. */
export const SPEAKER_COLOURS = ['&H00FFD080', '&H0080FF80', '&H00C890FF', '&H0060A0FF'] as const;

/** What starts a speaker's turn on screen. */
export const TURN_DASH = '\u2013 ';

/** How one caption line is marked: the colour of its speaker (absent: the preset's own) and whether it opens a turn. */
export interface LineMark {
  colour?: string;
  dash: boolean;
}

/** The marks of lines whose words carry `speaker`; null when fewer than two speakers are known. */
export function speakerMarks(lines: { speaker?: string }[][]): LineMark[] | null {
  const order: string[] = [];
  for (const line of lines) for (const w of line) if (w.speaker && !order.includes(w.speaker)) order.push(w.speaker);
  if (order.length < 2) return null;
  let previous: string | undefined;
  return lines.map((line) => {
    const speaker = line.find((w) => w.speaker)?.speaker ?? previous;
    const index = speaker ? order.indexOf(speaker) : 0;
    const mark: LineMark = { dash: speaker !== undefined && speaker !== previous, ...(index > 0 ? { colour: SPEAKER_COLOURS[(index - 1) % SPEAKER_COLOURS.length] } : {}) };
    previous = speaker;
    return mark;
  });
}

/** True when `b` is said by another known speaker than `a` (a caption line breaks there when speakers are shown). */
export const speakerChanges = (a: { speaker?: string }, b: { speaker?: string }) => !!a.speaker && !!b.speaker && a.speaker !== b.speaker;
