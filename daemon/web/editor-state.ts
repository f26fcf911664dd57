import { CAPTION_LIMITS, HASHTAG_LIMITS } from '../../src/api/posts.js';
import { ASPECTS, ASPECT_SIZES, CAPTION_STYLES, type Aspect, type CaptionStyle } from '../../src/api/looks.js';
import type { ClipView } from '../../src/api/clips.js';
import type { TranscriptWord } from '../../src/api/clip-edits.js';
import type { Post } from '../../src/api/posts.js';
import type { Render } from '../../src/api/renders.js';
import { MEDIA_URL_TTL_MS } from '../../src/api/limits.js';
import { CAPTION_PRESETS, presetFor, type CaptionPreset } from '../pipeline/render/caption-styles.js';
import { planForFrame } from '../pipeline/framing/aspect.js';
import { captionLines } from '../pipeline/render/captions-ass.js';
import { centrePlan } from '../pipeline/framing/plan.js';
import type { FramingPlan } from '../pipeline/framing/types.js';
import { readStage, stageKey } from '../resources/clip-jobs/stage-results.js';
import type { Store } from '../store/index.js';
import type { ClipRow } from '../store/clips.js';

/** Seconds of the source shown on each side of the clip on the timeline. */
export const CONTEXT_SECONDS = 10;

/**
 * Everything the editor page shows of one clip (issue 16), read in one request so that opening
 * the page costs no status checks: the clip, its source around it, its words (corrected and
 * written as sentences) and the recognised words around it for snapping, the caption lines of
 * every preset (grouped by the renderer's own code, daemon/pipeline/render), its drafts and render.
 */
export interface EditorState {
  clip: ClipView;
  folder: string;
  source: { url: string; duration: number; has_audio: boolean };
  /** The stretch of the source the timeline shows. */
  window: { start: number; end: number };
  words: TranscriptWord[];
  /** Recognised words of the window (times in the source): where the handles snap. */
  window_words: Array<{ start: number; end: number }>;
  captions: Record<CaptionStyle, { preset: CaptionPreset; lines: Array<Array<{ text: string; start: number; end: number }>> }>;
  posts: Post[];
  render: Render | null;
  /**
   * How the clip will be framed (issue 29, item 2: "the player shows the clip as it will be
   * posted"): the stored plan's layout and windows (source pixels, clip-relative times), or the
   * centre crop when the clip has no plan (yet) or its plan is of another span.
   */
  framing: Framing;
  /**
   * The clip in each aspect ratio (issue 29, items 2 and 4: the editor "switches between them"
   * and the player shows the clip as it will be posted): the frame's size, the plan re-cut for
   * it (framing/aspect.ts, what the render uses) and the caption presets scaled to its safe zone.
   */
  aspects: Record<Aspect, { size: { width: number; height: number }; framing: Framing; presets: Record<CaptionStyle, CaptionPreset> }>;
  limits: { caption: typeof CAPTION_LIMITS; hashtags: typeof HASHTAG_LIMITS };
  /** The event log's seq when this was read: the page follows GET /app/events?after= from it. */
  events_after: number;
}

type Framing = Pick<FramingPlan, 'layout' | 'source' | 'fill' | 'split' | 'reason'>;

export interface EditorStateDeps {
  store: Pick<Store, 'clips' | 'clipJobs' | 'renders' | 'framings' | 'events'>;
  clipView: (clip: ClipRow) => ClipView;
  transcript: (teamId: string, clipId: string) => Promise<{ words: TranscriptWord[] }>;
  posts: (teamId: string, clipId: string) => Promise<Post[]>;
  renderView: (row: NonNullable<Awaited<ReturnType<Store['renders']['get']>>>) => Render;
  signedSourceUrl: (key: string, ttlMs: number) => string;
}

/** The clip's stored source and the stretch of it the timeline shows; undefined when it is gone. */
export async function sourceWindow(store: Pick<Store, 'clipJobs'>, teamId: string, clip: ClipRow) {
  const job = await store.clipJobs.get(teamId, clip.job_id);
  const probe = await readStage(store.clipJobs, clip.job_id, stageKey('probe'));
  if (!job?.media_key || !probe) return undefined;
  const window = { start: Math.max(0, clip.start - CONTEXT_SECONDS), end: Math.min(probe.duration, clip.end + CONTEXT_SECONDS) };
  return { job, probe, mediaKey: job.media_key, window };
}

export async function editorState(d: EditorStateDeps, teamId: string, clip: ClipRow): Promise<EditorState | undefined> {
  // Read first: an event logged while the rest is read is then sent again, never missed.
  const eventsAfter = await d.store.events.lastSeq();
  const src = await sourceWindow(d.store, teamId, clip);
  if (!src) return undefined;
  const { job, probe, window } = src;
  const { words } = await d.transcript(teamId, clip.id);
  const recognised = (await d.store.clipJobs.transcriptOf(clip.job_id)).flatMap((s) => s.words);
  const around = (recognised.length ? recognised : words).filter((w) => w.end >= window.start && w.start <= window.end);
  const captions = Object.fromEntries(
    CAPTION_STYLES.map((style) => {
      const preset = CAPTION_PRESETS[style];
      return [style, { preset, lines: captionLines(words, clip.start, clip.end, preset) }];
    }),
  ) as EditorState['captions'];
  const render = await d.store.renders.get(clip.id);
  const stored = await d.store.framings.get(clip.id);
  const source = { width: probe.width ?? 1920, height: probe.height ?? 1080 };
  const plan = stored && Math.abs(stored.start - clip.start) < 0.01 && Math.abs(stored.end - clip.end) < 0.01 ? JSON.parse(stored.plan) as FramingPlan : centrePlan(source, clip.end - clip.start, 'centre crop');
  const framing: Framing = { layout: render?.layout ?? plan.layout, source: plan.source, fill: plan.fill, split: plan.split, reason: plan.reason };
  const aspects = Object.fromEntries(ASPECTS.map((aspect) => {
    const size = ASPECT_SIZES[aspect];
    const recut = planForFrame(plan, size);
    const presets = Object.fromEntries(CAPTION_STYLES.map((style) => [style, presetFor(style, aspect)])) as Record<CaptionStyle, CaptionPreset>;
    return [aspect, { size, framing: { ...framing, fill: recut.fill, split: recut.split }, presets }];
  })) as EditorState['aspects'];
  return {
    clip: d.clipView(clip),
    folder: job.folder_name,
    source: { url: d.signedSourceUrl(src.mediaKey, MEDIA_URL_TTL_MS), duration: probe.duration, has_audio: probe.hasAudio },
    window,
    words,
    window_words: around.map((w) => ({ start: w.start, end: w.end })),
    captions,
    posts: await d.posts(teamId, clip.id),
    render: render ? d.renderView(render) : null,
    framing,
    aspects,
    limits: { caption: CAPTION_LIMITS, hashtags: HASHTAG_LIMITS },
    events_after: eventsAfter,
  };
}
