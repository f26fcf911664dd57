import { existsSync } from 'node:fs';
import type { FramingPlan, Layout } from '../framing/types.js';
import { framing } from './framing.js';

/** Where fonts-dejavu puts its files (Debian); libass finds the font there or via fontconfig. */
const DEJAVU_DIR = '/usr/share/fonts/truetype/dejavu';

export interface FullRenderSpec {
  source: string;
  /** Clip boundaries in the source, seconds. */
  start: number;
  end: number;
  /** ASS captions script (already written). */
  assFile: string;
  /** Picture size of the source (the framing needs it). */
  width: number;
  height: number;
  /** The clip's stored framing and the layout asked for (absent: the plan's own, or the centre crop). */
  plan?: FramingPlan;
  layout?: Layout;
  /** Whether the source has an audio stream; silence is added when it has none (AAC always). */
  hasAudio: boolean;
  output: string;
}

/**
 * Escapes a value for an ffmpeg filter option inside a filter graph: once for the option parser
 * (`\ ' :`), once for the graph parser (`\ ' [ ] , ;`), as ffmpeg-filters(1) "Notes on filtergraph
 * escaping" describes.
 */
export function escapeFilterValue(value: string): string {
  const option = value.replace(/[\\':]/g, '\\$&');
  return option.replace(/[\\'[\],;]/g, '\\$&');
}

/** The video filter graph of a full render: 9:16 framing, then the burned-in captions. */
export function fullRenderFilter(spec: Pick<FullRenderSpec, 'start' | 'end' | 'assFile' | 'width' | 'height' | 'plan' | 'layout'>): string {
  const fonts = existsSync(DEJAVU_DIR) ? `:fontsdir=${escapeFilterValue(DEJAVU_DIR)}` : '';
  const frame = framing({ source: { width: spec.width, height: spec.height }, start: spec.start, end: spec.end, plan: spec.plan, layout: spec.layout });
  return `[0:v]${frame},ass=${escapeFilterValue(spec.assFile)}${fonts}[v]`;
}

/**
 * ffmpeg arguments of a full render (DESIGN.md: 1080x1920 H.264/AAC, cut on the clip's
 * boundaries, captions burned in). Input seeking puts the clip start at t=0, which is what the
 * captions script expects. The media module's runFfmpeg adds the common flags (no banner, no
 * stdin, overwrite, progress); the bench runs these same arguments bare to measure our overhead.
 */
export function fullRenderArgs(spec: FullRenderSpec): string[] {
  const duration = (spec.end - spec.start).toFixed(3);
  const audioInput = spec.hasAudio ? [] : ['-f', 'lavfi', '-t', duration, '-i', 'anullsrc=r=48000:cl=stereo'];
  return [
    '-ss', spec.start.toFixed(3), '-t', duration, '-i', spec.source,
    ...audioInput,
    '-filter_complex', fullRenderFilter(spec),
    '-map', '[v]', '-map', spec.hasAudio ? '0:a:0' : '1:a:0',
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '21', '-pix_fmt', 'yuv420p', '-profile:v', 'high',
    '-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2',
    '-movflags', '+faststart',
    '-f', 'mp4', spec.output,
  ];
}
