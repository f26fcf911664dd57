import { basename } from 'node:path';
import type { ProbeResult } from '../types.js';
import { runFfprobe } from '../ffmpeg/run.js';
import { lastLines, ProcessError } from '../process.js';
import { MediaError } from './errors.js';

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
  disposition?: { attached_pic?: number; still_image?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
}

interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { duration?: string };
}

/** "30000/1001" -> 29.97; "0/0" and nonsense -> null. */
export function parseRate(rate: string | undefined): number | null {
  if (!rate) return null;
  const [num, den] = rate.split('/').map(Number);
  const fps = den === undefined ? num : num / den;
  return Number.isFinite(fps) && fps > 0 && fps < 1000 ? Math.round(fps * 1000) / 1000 : null;
}

/** Degrees a player turns the picture (phones record portrait video as rotated landscape). */
function rotation(s: FfprobeStream): number {
  const fromMatrix = s.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation;
  const deg = fromMatrix ?? Number(s.tags?.rotate ?? 0);
  return Number.isFinite(deg) ? ((Math.round(deg) % 360) + 360) % 360 : 0;
}

/** Turns ffprobe's JSON into the pipeline's summary; width and height as displayed. */
export function summariseProbe(json: FfprobeOutput, file = 'the file'): ProbeResult {
  const streams = json.streams ?? [];
  // Cover art in audio files is a "video" stream too; it is not the video.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && !s.disposition?.still_image);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const durations = [json.format?.duration, ...streams.map((s) => s.duration)].map(Number).filter((d) => Number.isFinite(d) && d > 0);
  const duration = Math.max(0, ...durations);
  if (!video && !audio) throw new MediaError(`${file} has no video or audio stream`);
  if (!(duration > 0)) throw new MediaError(`${file} has no duration: it is not a video or audio recording`);
  const turned = video ? rotation(video) % 180 === 90 : false;
  const width = video?.width ?? null;
  const height = video?.height ?? null;
  return {
    duration: Math.round(duration * 1000) / 1000,
    width: turned ? height : width,
    height: turned ? width : height,
    fps: video ? (parseRate(video.avg_frame_rate) ?? parseRate(video.r_frame_rate)) : null,
    hasAudio: !!audio,
    hasVideo: !!video,
    videoCodec: video?.codec_name ?? null,
    audioCodec: audio?.codec_name ?? null,
  };
}

/** Stage "probe" (ffprobe): what the source is, or a MediaError saying why it cannot be used. */
export async function probe(file: string, opts: { signal?: AbortSignal } = {}): Promise<ProbeResult> {
  let stdout: string;
  try {
    stdout = await runFfprobe(['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], opts);
  } catch (e) {
    // Issue 13, item 11: ffprobe names the file by its path in the object store; the person
    // only needs to know what is wrong with their file.
    if (e instanceof ProcessError && e.exitCode !== null) {
      const why = lastLines(e.stderrTail.split(file).join('the file')).replace(/^the file:\s*/, '');
      throw new MediaError(`cannot read the media${why ? `: ${why}` : ''}`);
    }
    throw e;
  }
  return summariseProbe(JSON.parse(stdout) as FfprobeOutput, basename(file));
}
