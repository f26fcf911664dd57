// Who speaks when, without a model (issue 30, item 3): the transcript's words grouped into turns
// at pauses, each turn's median pitch, and the turns clustered by pitch into up to three voices
// (1-D k-means on log pitch; a second or third voice is kept only when its pitch is well apart
// from the others and it holds enough turns). Labels S1, S2, ... in order of first appearance
// (DESIGN.md, third round: "each word may carry `speaker` (`S1`, `S2`, ...)").
import { PITCH_STEP } from './pitch.js';

export interface SpeakerTurn { start: number; end: number; speaker: string }

/** A pause this long (s) between words may be a change of speaker. */
const TURN_PAUSE = 0.5;
/** Voices closer than this (octaves) are taken for one. */
const MIN_APART = 0.14;
/** A voice must hold at least this share of the turns. */
const MIN_SHARE = 0.08;

/**
 * The voices of the whole recording: centres (log2 Hz) of one-second blocks' median pitch,
 * clustered, in order of first appearance, so every section of a long video labels alike.
 */
export function voicesOf(pitch: number[], step = PITCH_STEP): number[] {
  const per = Math.round(1 / step);
  const blocks: number[] = [];
  for (let i = 0; i + per <= pitch.length; i += per) {
    const voiced = pitch.slice(i, i + per).filter((p) => p > 0).map(Math.log2);
    if (voiced.length >= per / 4) blocks.push(median(voiced));
  }
  const centres = chooseVoices(blocks);
  const first = centres.map((_, k) => blocks.findIndex((b) => nearest(centres, b) === k));
  return centres.map((c, k) => ({ c, at: first[k] < 0 ? Infinity : first[k] })).sort((a, b) => a.at - b.at).map((x) => x.c);
}

/** Speaker turns of `words` (times in the pitch track's frame), labelled by the nearest of `voices`. */
export function diarize(words: { start: number; end: number }[], pitch: number[], voices: number[], step = PITCH_STEP): SpeakerTurn[] {
  const turns: { start: number; end: number; tone: number }[] = [];
  for (const w of words) {
    const last = turns[turns.length - 1];
    if (last && w.start - last.end < TURN_PAUSE) last.end = Math.max(last.end, w.end);
    else turns.push({ start: w.start, end: w.end, tone: NaN });
  }
  for (const t of turns) {
    const voiced = pitch.slice(Math.floor(t.start / step), Math.ceil(t.end / step)).filter((p) => p > 0).map(Math.log2).sort((a, b) => a - b);
    t.tone = voiced.length >= 3 ? voiced[voiced.length >> 1] : NaN;
  }
  let previous = 0;
  return turns.map((t) => {
    const k = Number.isNaN(t.tone) ? previous : nearest(voices, t.tone);
    previous = k;
    return { start: round3(t.start), end: round3(t.end), speaker: `S${k + 1}` };
  });
}

/** Centres of the voices: the most k-means clusters (up to 3) whose centres are apart and each big enough. */
function chooseVoices(tones: number[]): number[] {
  if (tones.length === 0) return [0];
  let chosen = [median(tones)];
  for (const k of [2, 3]) {
    if (tones.length < k * 2) break;
    const centres = kmeans(tones, k);
    const sizes = centres.map((_, i) => tones.filter((x) => nearest(centres, x) === i).length);
    const sorted = [...centres].sort((a, b) => a - b);
    const apart = sorted.every((c, i) => i === 0 || c - sorted[i - 1] >= MIN_APART);
    if (apart && sizes.every((n) => n >= MIN_SHARE * tones.length)) chosen = centres;
  }
  return chosen;
}

function kmeans(xs: number[], k: number): number[] {
  const sorted = [...xs].sort((a, b) => a - b);
  let centres = Array.from({ length: k }, (_, i) => sorted[Math.floor(((i + 0.5) / k) * sorted.length)]);
  for (let iter = 0; iter < 30; iter++) {
    const sums = new Array<number>(k).fill(0);
    const counts = new Array<number>(k).fill(0);
    for (const x of xs) {
      const i = nearest(centres, x);
      sums[i] += x;
      counts[i]++;
    }
    const next = centres.map((c, i) => (counts[i] ? sums[i] / counts[i] : c));
    if (next.every((c, i) => Math.abs(c - centres[i]) < 1e-6)) break;
    centres = next;
  }
  return centres;
}

function nearest(centres: number[], x: number): number {
  let best = 0;
  for (let i = 1; i < centres.length; i++) if (Math.abs(centres[i] - x) < Math.abs(centres[best] - x)) best = i;
  return best;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** The speaker of a word, by the turn that holds its middle. */
export function speakerOf(turns: SpeakerTurn[], w: { start: number; end: number }): string | undefined {
  const mid = (w.start + w.end) / 2;
  return turns.find((t) => t.start - 0.05 <= mid && t.end + 0.05 >= mid)?.speaker;
}

/** Words with their speaker (unchanged without turns). */
export function withSpeakers<W extends { start: number; end: number; speaker?: string }>(words: W[], turns: SpeakerTurn[] | undefined): W[] {
  if (!turns?.length) return words;
  return words.map((w) => {
    const speaker = speakerOf(turns, w);
    return speaker ? { ...w, speaker } : w;
  });
}
