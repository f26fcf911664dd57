import type { Analysis, Silence } from '../types.js';

/** EBU R128's absolute gate: anything quieter counts as silence, so values stay finite. */
export const LOUDNESS_FLOOR_LUFS = -70;

const SILENCE_START = /silence_start:\s*(-?[\d.]+)/;
const SILENCE_END = /silence_end:\s*(-?[\d.]+)/;
const EBUR128 = /Parsed_ebur128.*\bt:\s*([\d.]+).*\bS:\s*(-?[\d.]+|-?inf|nan)/i;
const SHOWINFO = /Parsed_showinfo.*\bpts_time:\s*([\d.]+)/;

/**
 * Collects what one analysis pass of ffmpeg logs on stderr: silencedetect's start/end lines,
 * ebur128's 10-a-second `t: ... S: ...` lines (short-term loudness) and showinfo's line for each
 * frame that passed the scene-change select. Lines stream through; only the results are kept.
 */
export class AnalysisLog {
  private silences: Silence[] = [];
  private openSilence: number | undefined;
  private readings: { t: number; s: number }[] = [];
  private scenes: number[] = [];

  push(line: string): void {
    let m: RegExpExecArray | null;
    if ((m = EBUR128.exec(line))) {
      const s = Number(m[2]);
      this.readings.push({ t: Number(m[1]), s: Number.isFinite(s) ? Math.max(LOUDNESS_FLOOR_LUFS, s) : LOUDNESS_FLOOR_LUFS });
    } else if ((m = SILENCE_START.exec(line))) {
      this.openSilence = Math.max(0, Number(m[1]));
    } else if ((m = SILENCE_END.exec(line))) {
      this.silences.push({ start: this.openSilence ?? 0, end: Number(m[1]) });
      this.openSilence = undefined;
    } else if ((m = SHOWINFO.exec(line))) {
      this.scenes.push(Number(m[1]));
    }
  }

  /** The analysis of a source of `duration` seconds, loudness averaged into `step`-second bins. */
  result(duration: number, step: number): Analysis {
    const silences = [...this.silences];
    // A silence that runs to the end of the file is never closed by silencedetect.
    if (this.openSilence !== undefined && duration > this.openSilence) silences.push({ start: this.openSilence, end: duration });
    return {
      silences: silences.map((s) => ({ start: round(s.start), end: round(Math.min(s.end, duration)) })).filter((s) => s.end > s.start),
      loudness: binLoudness(this.readings, duration, step),
      loudnessStep: step,
      scenes: [...new Set(this.scenes.map(round))].sort((a, b) => a - b),
    };
  }
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** Mean short-term loudness per bin; a bin without readings repeats the previous value. */
export function binLoudness(readings: { t: number; s: number }[], duration: number, step: number): number[] {
  if (!readings.length) return [];
  const bins = Math.max(1, Math.ceil(duration / step - 1e-9));
  const sum = new Array<number>(bins).fill(0);
  const count = new Array<number>(bins).fill(0);
  for (const r of readings) {
    // ebur128 stamps a reading with the end of the 100 ms it closes, so t=0.1 belongs to bin 0.
    const i = Math.min(bins - 1, Math.max(0, Math.floor((r.t - 1e-6) / step)));
    sum[i] += r.s;
    count[i]++;
  }
  const out: number[] = [];
  for (let i = 0; i < bins; i++) {
    out.push(count[i] ? Math.round((sum[i] / count[i]) * 10) / 10 : (out[i - 1] ?? LOUDNESS_FLOOR_LUFS));
  }
  return out;
}
