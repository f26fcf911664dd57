import { runFfmpeg } from '../ffmpeg/run.js';
import type { Analysis, ProbeResult } from '../types.js';
import { AnalysisLog } from './analysis-log.js';

export interface AnalyseOptions {
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
  /** Quieter than this counts as a pause (dBFS). */
  silenceDb?: number;
  /** Shortest pause reported, in seconds (pauses between sentences are about 0.3 s and up). */
  minSilence?: number;
  /** select's scene score above which a frame starts a new scene. */
  sceneThreshold?: number;
  /** Seconds per loudness value. */
  loudnessStep?: number;
}

/**
 * Stage "analyse": pauses (silencedetect), loudness over time (ebur128's short-term loudness) and
 * scene changes, in ONE ffmpeg pass that demuxes the source once. Scenes are looked for on key
 * frames only (`-skip_frame nokey`, FACTS.md): encoders start a new group of pictures at a cut,
 * and decoding key frames alone, scaled down, makes this far cheaper than transcription.
 */
export async function analyse(file: string, probe: ProbeResult, opts: AnalyseOptions = {}): Promise<Analysis> {
  const step = opts.loudnessStep ?? 0.5;
  const chains: string[] = [];
  const outputs: string[] = [];
  if (probe.hasAudio) {
    const db = opts.silenceDb ?? -35;
    const d = opts.minSilence ?? 0.3;
    chains.push(`[0:a:0]silencedetect=noise=${db}dB:duration=${d},ebur128[aout]`);
    outputs.push('-map', '[aout]', '-f', 'null', '-');
  }
  if (probe.hasVideo) {
    const threshold = opts.sceneThreshold ?? 0.3;
    chains.push(`[0:v:0]scale=160:-2,select='gt(scene,${threshold})',showinfo[vout]`);
    outputs.push('-map', '[vout]', '-f', 'null', '-');
  }
  const log = new AnalysisLog();
  if (chains.length) {
    const input = probe.hasVideo ? ['-skip_frame', 'nokey', '-i', file] : ['-i', file];
    await runFfmpeg([...input, '-filter_complex', chains.join(';'), ...outputs], {
      signal: opts.signal,
      onProgress: opts.onProgress,
      duration: probe.duration,
      onStderrLine: (line) => log.push(line),
    });
  }
  return log.result(probe.duration, step);
}
