// The shape of GET /app/clips/:clipId/state (daemon/web/editor-state.ts), as the page reads it.
import type { CaptionPreset } from '../../daemon/pipeline/render/caption-styles.js';
export interface Word {
  text: string;
  start: number;
  end: number;
}

/** The renderer's own preset (a type only: nothing of the daemon is bundled). */
export type Preset = CaptionPreset;

export interface Post {
  id: string;
  platform: string;
  status: string;
  caption: string;
  title?: string;
  scheduled_at?: number;
  published_url?: string;
  error?: string;
}

export interface EditorState {
  clip: { id: string; title: string; start: number; end: number; duration: number; preview_url?: string; score: number; reason: string };
  folder: string;
  source: { url: string; duration: number; has_audio: boolean };
  window: { start: number; end: number };
  words: Word[];
  window_words: Array<{ start: number; end: number }>;
  captions: Record<string, { preset: Preset; lines: Word[][] }>;
  posts: Post[];
  render: { status: string; progress: number; output_url?: string; error?: string; caption_style?: string; layout?: string; caption_speakers?: boolean } | null;
  framing: Framing;
  /** Per aspect ratio: the frame's size, the plan re-cut for it, the caption presets for it. */
  aspects: Record<string, { size: { width: number; height: number }; framing: Framing; presets: Record<string, Preset> }>;
  limits: { caption: Record<string, number>; hashtags: Record<string, number> };
  /** The event seq the state was read at (GET /app/events?after=). */
  events_after: number;
}

/** A crop window that moves along a path (daemon/pipeline/framing/types.ts, as JSON). */
export interface MovingWindow {
  w: number;
  h: number;
  x: { v0: number; keys: Array<{ t: number; v: number; cut?: boolean }> };
  y: { v0: number; keys: Array<{ t: number; v: number; cut?: boolean }> };
}

export interface Framing {
  layout: string;
  source: { width: number; height: number };
  fill: MovingWindow;
  split?: { top: MovingWindow; bottom: MovingWindow };
  reason: string;
}
