// Shapes of issue 29's render fields and of GET /v1/clips/:clipId/cuts, as the page reads them.
export interface Span {
  start: number;
  end: number;
}

export interface ClipCuts {
  clip_id: string;
  language: string;
  duration: number;
  cut_duration: number;
  removed: Array<Span & { kind: 'filler' | 'silence'; text?: string }>;
}

/** The render request's issue 29 fields. */
export interface RenderOptions {
  aspect: string;
  remove_fillers: boolean;
  remove_silences: boolean;
  keep?: Span[];
  /** Issue 30, item 3. */
  caption_speakers?: boolean;
}
