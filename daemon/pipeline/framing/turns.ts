import type { Word } from '../types.js';
import type { FaceTimeline } from './sample.js';
import { boxAt, type FaceTrack } from './tracks.js';

/**
 * Who talks when, and with which face (issue 30, item 3: "the framing follows the speaker who is
 * talking, and with two people on screen the split layout puts the speaker on top"). The
 * transcript's words carry a speaker (`S1`, `S2`... from diarization); a face is that speaker's
 * when its mouth moves more while that speaker talks than while the others do. The framing then
 * switches at speaker turns, with a minimum hold so it never flickers.
 */

/** A speaker's stretch of words, seconds from the clip start. */
export interface Turn {
  start: number;
  end: number;
  speaker: string;
}

/** A turn shorter than this (s) never moves the framing (a "yeah" or a laugh of the listener) ... */
export const MIN_TURN = 1;
/** ... and the framing stays on a speaker at least this long (s) after switching to them. */
export const MIN_HOLD = 2;
/** A face is a speaker's when its mouth moves at least this much more (grey levels) in that speaker's turns than in the others' ... */
const MIN_CONTRAST = 0.5;
/** ... measured on at least this many samples of each. */
const MIN_SAMPLES = 3;
/** Words of one speaker closer than this (s) are one turn. */
const TURN_GAP = 1.5;

/** The clip's turns from its words' speakers; undefined unless two or more speakers are known. */
export function speakerTurns(words: Word[] | undefined, start: number, end: number): Turn[] | undefined {
  const inside = (words ?? []).filter((w) => w.speaker && w.end > start && w.start < end).sort((a, b) => a.start - b.start);
  if (new Set(inside.map((w) => w.speaker)).size < 2) return undefined;
  const turns: Turn[] = [];
  for (const w of inside) {
    const s = { start: Math.max(0, w.start - start), end: Math.min(end, w.end) - start, speaker: w.speaker! };
    const last = turns[turns.length - 1];
    if (last && last.speaker === s.speaker && s.start - last.end < TURN_GAP) last.end = Math.max(last.end, s.end);
    else turns.push(s);
  }
  return turns;
}

const speakerAt = (turns: Turn[], t: number) => turns.find((u) => t >= u.start && t < u.end)?.speaker;

/**
 * Each face's speaker: the one during whose turns its mouth moved most beyond how it moved in the
 * other speakers' turns (a listener's nods and a constantly moving face cancel out), when that
 * lead is clear. A face found again later (a new track) is matched on its own.
 */
export function faceSpeakers(tl: FaceTimeline, turns: Turn[]): Map<number, { speaker: string; contrast: number }> {
  const speakers = [...new Set(turns.map((u) => u.speaker))];
  const out = new Map<number, { speaker: string; contrast: number }>();
  for (const track of tl.tracks) {
    const by = new Map<string, number[]>();
    for (const a of track.activity) {
      const s = speakerAt(turns, a.t);
      if (s) by.set(s, [...(by.get(s) ?? []), a.a]);
    }
    const mean = (xs: number[]) => xs.reduce((n, x) => n + x, 0) / xs.length;
    let best: { speaker: string; contrast: number } | undefined;
    for (const s of speakers) {
      const mine = by.get(s) ?? [];
      const others = speakers.filter((o) => o !== s).flatMap((o) => by.get(o) ?? []);
      if (mine.length < MIN_SAMPLES || others.length < MIN_SAMPLES) continue;
      const contrast = mean(mine) - mean(others);
      if (contrast >= MIN_CONTRAST && (!best || contrast > best.contrast)) best = { speaker: s, contrast };
    }
    if (best) out.set(track.id, best);
  }
  return out;
}

/**
 * The speaker shown at each sample: the one talking, switched to at the start of their turn
 * when it lasts MIN_TURN and the current one has been shown MIN_HOLD; in a pause, the last one.
 */
export function shownSpeakers(times: number[], turns: Turn[]): (string | undefined)[] {
  let shown: string | undefined;
  let since = -Infinity;
  return times.map((t) => {
    const now = turns.find((u) => t >= u.start && t < u.end);
    if (now && now.speaker !== shown && (shown === undefined || (now.end - t >= MIN_TURN && t - since >= MIN_HOLD))) {
      shown = now.speaker;
      since = t;
    }
    return shown;
  });
}

/** The visible face of `speaker` at time t (the clearest match when several tracks are theirs). */
export function faceOf(tl: FaceTimeline, matches: Map<number, { speaker: string; contrast: number }>, speaker: string | undefined, t: number): FaceTrack | undefined {
  if (!speaker) return undefined;
  return tl.tracks
    .filter((tr) => matches.get(tr.id)?.speaker === speaker && boxAt(tr, t))
    .sort((a, b) => matches.get(b.id)!.contrast - matches.get(a.id)!.contrast)[0];
}

/** Times (s) of the samples where `ids` changes from one face to another: the camera cuts there instead of panning. */
export function switchCuts(times: number[], ids: (number | undefined)[]): number[] {
  const cuts: number[] = [];
  let last: number | undefined;
  ids.forEach((id, i) => {
    if (id !== undefined && last !== undefined && id !== last) cuts.push(times[i]);
    if (id !== undefined) last = id;
  });
  return cuts;
}
