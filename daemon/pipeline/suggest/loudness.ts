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
  /** The whole video's quiet (10th percentile) and loud (95th percentile) levels. */
  readonly low: number;
  readonly high: number;

  constructor(analysis: Pick<Analysis, 'loudness' | 'loudnessStep'>) {
    this.step = analysis.loudnessStep > 0 ? analysis.loudnessStep : 1;
    this.values = (analysis.loudness ?? []).map((v) => (Number.isFinite(v) ? Math.min(0, Math.max(FLOOR, v)) : FLOOR));
    this.available = this.values.length > 0;
    this.prefix = new Float64Array(this.values.length + 1);
    this.values.forEach((v, i) => (this.prefix[i + 1] = this.prefix[i] + v));
    this.peaks = new RangeMax(this.values);
    const sorted = Float64Array.from(this.values).sort();
    this.low = sorted.length ? sorted[Math.floor(0.1 * (sorted.length - 1))] : FLOOR;
    this.high = sorted.length ? sorted[Math.floor(0.95 * (sorted.length - 1))] : FLOOR;
  }

  private range(start: number, end: number): [number, number] | null {
    if (!this.available) return null;
    const a = Math.max(0, Math.min(this.values.length - 1, Math.floor(start / this.step)));
    const b = Math.max(a + 1, Math.min(this.values.length, Math.ceil(end / this.step)));
    return [a, b];
  }

  /** Mean loudness (LUFS) of [start, end) seconds. */
  mean(start: number, end: number): number {
    const r = this.range(start, end);
    return r ? (this.prefix[r[1]] - this.prefix[r[0]]) / (r[1] - r[0]) : FLOOR;
  }

  /** Peak loudness (LUFS) of [start, end) seconds. */
  peak(start: number, end: number): number {
    const r = this.range(start, end);
    return r ? this.peaks.max(r[0], r[1], FLOOR) : FLOOR;
  }

  /** A level placed in this video's range: 0 at its quiet level, 1 at its loud level. */
  relative(level: number): number {
    if (this.high - this.low < 1) return 0.5; // flat audio: nothing stands out
    return clamp01((level - this.low) / (this.high - this.low));
  }

  /** Energy of a window, 0..1: mostly its mean level, partly its peak, against the whole video. */
  energy(start: number, end: number): number {
    if (!this.available) return 0.5;
    return clamp01(0.65 * this.relative(this.mean(start, end)) + 0.35 * this.relative(this.peak(start, end)));
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
