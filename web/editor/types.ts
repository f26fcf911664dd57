// The shape of GET /app/clips/:clipId/state (daemon/web/editor-state.ts), as the page reads it.
export interface Word {
  text: string;
  start: number;
  end: number;
}

export interface Preset {
  upper: boolean;
  events: 'word' | 'line' | 'pop';
  mark?: { before: string; after: string };
  font: number;
  primary: string;
  secondary: string;
  back: string;
  bold: boolean;
  borderStyle: 1 | 3;
  alignment: 1 | 2 | 5;
  marginL: number;
  marginV: number;
}

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
  render: { status: string; progress: number; output_url?: string; error?: string; caption_style?: string } | null;
  limits: { caption: Record<string, number>; hashtags: Record<string, number> };
}
