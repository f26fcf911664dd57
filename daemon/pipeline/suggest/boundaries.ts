// Where a clip may start or end. With speech: only between words (never inside one), graded by how
// natural a cut is there: sentence ends and long pauses best, short gaps between words worst. With
// no speech: in silences, at scene changes and in loudness dips (issue 4, "Suggestion").
import { SENTENCE_PAUSE } from '../language/sentences.js';
import type { SourceModel } from './source.js';

export type BoundaryKind = 'edge' | 'sentence' | 'pause' | 'gap' | 'silence' | 'scene' | 'valley' | 'grid';

export interface Boundary {
  /** Where a clip starting here begins (seconds, two decimals). */
  startAt: number;
  /** Where a clip ending here ends (seconds, two decimals). */
  endAt: number;
  /** How natural a cut is here, 0..1. */
  quality: number;
  kind: BoundaryKind;
  /** Index of the first word after the boundary (words.length after the last word). */
  word: number;
  /** Length of the pause cut in (s); EDGE_PAUSE at the ends of the source. */
  pause: number;
}

/** The pause credited to the start and the end of the source: longer than any real pause. */
export const EDGE_PAUSE = 60;

/** Air kept before a clip's first word and after its last one (seconds). */
const LEAD = 0.3;
const TAIL = 0.4;

/** A stretch longer than this (s) without any natural cut gets cut points every 5 s. */
const GRID_AFTER = 20;

export const round2 = (x: number): number => Math.round(x * 100) / 100;

/** `x` rounded to two decimals without leaving [lo, hi] (so a rounded cut never enters a word). */
function placeIn(x: number, lo: number, hi: number): number {
  const a = Math.ceil(lo * 100 - 1e-6) / 100;
  const b = Math.floor(hi * 100 + 1e-6) / 100;
  return a <= b ? Math.min(b, Math.max(a, round2(x))) : round2((lo + hi) / 2);
}

const overlaps = (a0: number, a1: number, b0: number, b1: number) => Math.min(a1, b1) - Math.max(a0, b0);

export function speechBoundaries(src: SourceModel): Boundary[] {
  const { words, duration } = src;
  const out: Boundary[] = [];
  let silence = 0;
  let scene = 0;
  let lastEnd = 0; // the latest end of any word so far: a long word can outlast the ones after it
  for (let i = 0; i <= words.length; i++) {
    if (i > 0) lastEnd = Math.max(lastEnd, words[i - 1].end);
    const g0 = lastEnd;
    const g1 = i < words.length ? words[i].start : Math.max(Math.min(duration, src.speechEnd), g0);
    if (g1 < g0) continue; // overlapping word timings: no clean place to cut
    const gap = g1 - g0;
    const edge = i === 0 || i === words.length;
    let kind: BoundaryKind;
    let quality: number;
    if (edge) [kind, quality] = ['edge', 1];
    else if (words[i - 1].sentenceEnd || gap >= SENTENCE_PAUSE) [kind, quality] = ['sentence', 0.75 + 0.25 * Math.min(1, gap / 1.5)];
    else if (gap >= 0.25) [kind, quality] = ['pause', 0.45];
    else [kind, quality] = ['gap', 0.15];
    while (silence < src.silences.length && src.silences[silence].end < g0) silence++;
    const s = src.silences[silence];
    if (s && overlaps(g0, g1, s.start, s.end) >= Math.min(0.2, gap / 2) && gap > 0) quality += 0.1;
    while (scene < src.scenes.length && src.scenes[scene] < g0 - 0.2) scene++;
    if (scene < src.scenes.length && src.scenes[scene] <= g1 + 0.2) quality += 0.05;
    out.push({
      startAt: placeIn(Math.max(g0, g1 - LEAD), g0, g1),
      endAt: placeIn(Math.min(g1, g0 + TAIL), g0, g1),
      quality: Math.min(1, quality),
      kind,
      word: i,
      pause: edge ? EDGE_PAUSE : gap,
    });
  }
  return out;
}

/** Boundaries for a source without words: silences, scene changes, loudness dips, then a grid. */
export function soundBoundaries(src: SourceModel): Boundary[] {
  const { duration } = src;
  const out: Boundary[] = [
    { startAt: 0, endAt: 0, quality: 1, kind: 'edge', word: 0, pause: EDGE_PAUSE },
    { startAt: round2(duration), endAt: round2(duration), quality: 1, kind: 'edge', word: 0, pause: EDGE_PAUSE },
  ];
  const add = (at: number, quality: number, kind: BoundaryKind, pause = 0, startAt = at, endAt = at) => {
    if (at > 0.5 && at < duration - 0.5) out.push({ startAt: placeIn(startAt, 0, duration), endAt: placeIn(endAt, 0, duration), quality, kind, word: 0, pause });
  };
  for (const s of src.silences) {
    const len = Math.min(s.end, duration) - s.start;
    add((s.start + s.end) / 2, 0.7 + 0.3 * Math.min(1, len / 1.5), 'silence', len, Math.max(s.start, s.end - LEAD), Math.min(s.end, s.start + TAIL));
  }
  for (const t of src.scenes) add(t, 0.6, 'scene');
  // Loudness dips are the weakest natural cut: only where no silence or other dip is within 1 s.
  for (const t of src.loudness.valleys()) if (!out.some((b) => Math.abs(b.startAt - t) < 1)) add(t, 0.45, 'valley');
  out.sort((a, b) => a.startAt - b.startAt);
  // Long stretches with no natural cut (continuous music, one long shot) still need places to cut.
  const grid: Boundary[] = [];
  for (let i = 1; i < out.length; i++) {
    if (out[i].startAt - out[i - 1].startAt <= GRID_AFTER) continue;
    for (let t = out[i - 1].startAt + 5; t < out[i].startAt - 2.5; t += 5) grid.push({ startAt: round2(t), endAt: round2(t), quality: 0.2, kind: 'grid', word: 0, pause: 0 });
  }
  return [...out, ...grid].sort((a, b) => a.startAt - b.startAt);
}
