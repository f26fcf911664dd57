// Loudness over time (short-term LUFS every `loudnessStep` seconds) as O(1) range queries: mean
// and peak of any window, judged against the whole video's own range (a quiet lecture and a loud
// stream are each measured against themselves).
import type { Analysis } from '../types.js';
import { RangeMax } from './range-max.js';

/** Quieter than this counts as silence (LUFS); -inf and NaN readings become this. */
const FLOOR = -70;

export class LoudnessProfile {
  readonly available: boolean;
  private readonly step: number;
  private readonly values: number[];
  private readonly prefix: Float64Array;
  private readonly peaks: RangeMax;
  /** The whole video's typical (median) and loud (95th percentile) levels. */
  readonly typical: number;
  readonly high: number;

  constructor(analysis: Pick<Analysis, 'loudness' | 'loudnessStep'>) {
    this.step = analysis.loudnessStep > 0 ? analysis.loudnessStep : 1;
    this.values = (analysis.loudness ?? []).map((v) => (Number.isFinite(v) ? Math.min(0, Math.max(FLOOR, v)) : FLOOR));
    this.available = this.values.length > 0;
    // Means are taken over power, not decibels, as loudness meters integrate: a pause inside a
    // passage barely lowers its level instead of pulling it towards the silence floor.
    this.prefix = new Float64Array(this.values.length + 1);
    this.values.forEach((v, i) => (this.prefix[i + 1] = this.prefix[i] + 10 ** (v / 10)));
    this.peaks = new RangeMax(this.values);
    const sorted = Float64Array.from(this.values).sort();
    this.typical = sorted.length ? sorted[Math.floor(0.5 * (sorted.length - 1))] : FLOOR;
    this.high = sorted.length ? sorted[Math.floor(0.95 * (sorted.length - 1))] : FLOOR;
  }

  private range(start: number, end: number): [number, number] | null {
    if (!this.available) return null;
    const a = Math.max(0, Math.min(this.values.length - 1, Math.floor(start / this.step)));
    const b = Math.max(a + 1, Math.min(this.values.length, Math.ceil(end / this.step)));
    return [a, b];
  }

  /** Mean loudness (LUFS, power mean) of [start, end) seconds. */
  mean(start: number, end: number): number {
    const r = this.range(start, end);
    if (!r) return FLOOR;
    const power = (this.prefix[r[1]] - this.prefix[r[0]]) / (r[1] - r[0]);
    return power > 0 ? Math.max(FLOOR, 10 * Math.log10(power)) : FLOOR;
  }

  /** Peak loudness (LUFS) of [start, end) seconds. */
  peak(start: number, end: number): number {
    const r = this.range(start, end);
    return r ? this.peaks.max(r[0], r[1], FLOOR) : FLOOR;
  }

  /**
   * A level placed in this video's own range: 0.5 at its typical level, 1 at its loud level (95th
   * percentile), 0 as far below typical as loud is above it (pauses and silence).
   */
  relative(level: number): number {
    const spread = Math.max(3, this.high - this.typical); // flat audio: a few LU make no difference
    return clamp01(0.5 + (level - this.typical) / (2 * spread));
  }

  /** Energy of a window, 0..1: mostly its mean level, partly its peak, against the whole video. */
  energy(start: number, end: number): number {
    if (!this.available) return 0.5;
    return clamp01(0.8 * this.relative(this.mean(start, end)) + 0.2 * this.relative(this.peak(start, end)));
  }

  /** How much louder the 3 s after `t` are than the 3 s before, 0..1 (0.5: no change). */
  onset(t: number): number {
    if (!this.available) return 0.5;
    return clamp01(0.5 + (this.mean(t, t + 3) - this.mean(Math.max(0, t - 3), t)) / 20);
  }

  /** Local minima of loudness (1 s smoothing) at least `depth` LU under their +-5 s surroundings. */
  valleys(depth = 6): number[] {
    const out: number[] = [];
    const half = Math.max(1, Math.round(0.5 / this.step));
    const wide = Math.max(2, Math.round(5 / this.step));
    for (let i = half; i < this.values.length - half; i += half) {
      const t = i * this.step;
      const here = this.mean(t - 0.5, t + 0.5);
      const around = this.mean(t - wide * this.step, t + wide * this.step);
      if (around - here >= depth && here <= this.mean(t - 1.5, t - 0.5) && here <= this.mean(t + 0.5, t + 1.5)) out.push(t);
    }
    return out;
  }
}

export function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : Number.isFinite(x) ? x : 0;
}
