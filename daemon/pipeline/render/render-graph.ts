import { existsSync } from 'node:fs';
import type { Aspect } from '../../../src/api/looks.js';
import type { FramingPlan, Layout } from '../framing/types.js';
import type { Span } from './cuts.js';
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
  /** The output's aspect ratio (issue 29; default 9:16, 1080x1920). */
  aspect?: Aspect;
  /**
   * The parts of the clip kept (source seconds, in order) when fillers or pauses are cut
   * (issue 29, item 5; pipeline/render/cuts.ts); absent: the whole clip.
   */
  segments?: Span[];
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

/** The video filter graph of a full render: the framing in the aspect's size, then the burned-in captions. */
export function fullRenderFilter(spec: Pick<FullRenderSpec, 'start' | 'end' | 'assFile' | 'width' | 'height' | 'plan' | 'layout' | 'aspect'>): string {
  const fonts = existsSync(DEJAVU_DIR) ? `:fontsdir=${escapeFilterValue(DEJAVU_DIR)}` : '';
  const frame = framing({ source: { width: spec.width, height: spec.height }, start: spec.start, end: spec.end, plan: spec.plan, layout: spec.layout }, spec.aspect);
  return `[0:v]${frame},ass=${escapeFilterValue(spec.assFile)}${fonts}[v]`;
}

const sec = (n: number) => Math.max(0, n).toFixed(3);

/**
 * The filter graph of a render with cuts (issue 29, item 5: "audio and video stay in sync"): the
 * framing runs on the clip's own clock (its camera path is timed from the clip start), then each
 * kept part is trimmed from picture and sound alike and `concat` joins them pairwise, a segment's
 * picture and sound starting together; the captions, already on the cut clock, go on last.
 * Outputs [v] and [a].
 */
export function cutRenderFilter(spec: Pick<FullRenderSpec, 'start' | 'end' | 'assFile' | 'width' | 'height' | 'plan' | 'layout' | 'aspect' | 'segments'>, audio: string): string {
  const fonts = existsSync(DEJAVU_DIR) ? `:fontsdir=${escapeFilterValue(DEJAVU_DIR)}` : '';
  const frame = framing({ source: { width: spec.width, height: spec.height }, start: spec.start, end: spec.end, plan: spec.plan, layout: spec.layout }, spec.aspect);
  const parts = (spec.segments ?? []).map((s) => ({ from: sec(s.start - spec.start), to: sec(s.end - spec.start) }));
  const n = parts.length;
  const labels = (p: string) => parts.map((_, i) => `[${p}${i}]`).join('');
  const video = parts.map((p, i) => `[c${i}]trim=start=${p.from}:end=${p.to},setpts=PTS-STARTPTS[v${i}]`);
  const sound = parts.map((p, i) => `[d${i}]atrim=start=${p.from}:end=${p.to},asetpts=PTS-STARTPTS[a${i}]`);
  const pairs = parts.map((_, i) => `[v${i}][a${i}]`).join('');
  return [
    `[0:v]${frame},split=${n}${labels('c')}`,
    `[${audio}]asplit=${n}${labels('d')}`,
    ...video,
    ...sound,
    `${pairs}concat=n=${n}:v=1:a=1[vc][a]`,
    `[vc]ass=${escapeFilterValue(spec.assFile)}${fonts}[v]`,
  ].join(';');
}

/**
 * ffmpeg arguments of a full render (DESIGN.md: 1080x1920 H.264/AAC, or the aspect's size, cut on the clip's
 * boundaries, captions burned in). Input seeking puts the clip start at t=0, which is what the
 * captions script expects. The media module's runFfmpeg adds the common flags (no banner, no
 * stdin, overwrite, progress); the bench runs these same arguments bare to measure our overhead.
 */
export function fullRenderArgs(spec: FullRenderSpec): string[] {
  const duration = (spec.end - spec.start).toFixed(3);
  const audioInput = spec.hasAudio ? [] : ['-f', 'lavfi', '-t', duration, '-i', 'anullsrc=r=48000:cl=stereo'];
  const audio = spec.hasAudio ? '0:a:0' : '1:a:0';
  const cut = spec.segments !== undefined && spec.segments.length > 0;
  return [
    '-ss', spec.start.toFixed(3), '-t', duration, '-i', spec.source,
    ...audioInput,
    '-filter_complex', cut ? cutRenderFilter(spec, audio) : fullRenderFilter(spec),
    '-map', '[v]', '-map', cut ? '[a]' : audio,
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '21', '-pix_fmt', 'yuv420p', '-profile:v', 'high',
    '-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2',
    '-movflags', '+faststart',
    '-f', 'mp4', spec.output,
  ];
}
