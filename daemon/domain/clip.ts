// A suggested clip as the suggest stage hands it to the store: its scores, the copy a language model
// wrote. A leaf module like transcript.ts, so the store needs nothing of the pipeline.

export interface ScoreBreakdown {
  relevance: number; // 0..1, clip words against `criteria`
  hook: number; // 0..1, strength of the opening
  energy: number; // 0..1, loudness energy
  completeness: number; // 0..1, starts and ends on sentence / pause boundaries
}

/**
 * DESIGN.md, third round: a clip's `scores`, what makes a moment worth posting (issue 30, item
 * 2). The heuristics and a language model's judgement give the same names.
 */
export interface ClipScores {
  hook: number;
  payoff: number;
  self_contained: number;
  /** Only with criteria. */
  relevance?: number;
}

/** Copy a language model wrote for a clip; drafts use it instead of writing their own. */
export interface ClipCopy {
  title: string;
  captions: { short_video: string; long_video: string; photo_sharing: string; professional_network: string };
  hashtags: string[];
}

/** A suggested clip before it is stored (the suggest stage's output). */
export interface SuggestedClip {
  start: number; // seconds in the source, two decimals
  end: number;
  title: string; // from the clip's own words, at most 100 characters
  score: number; // 0..1 composite
  score_breakdown: ScoreBreakdown;
  reason: string; // one line
  /** The clip's transcript text (drafts and the editor page use it). */
  transcript: string;
  /** Title, captions per platform and hashtags written by the language model (issue 20, item 5). */
  copy?: ClipCopy;
  /**
   * Sub-scores (DESIGN.md third round: the clip's `scores`), each 0..1: the language model's when
   * one judged the clip (issue 28), else the heuristics' (issue 30, item 2); stored inside the
   * breakdown's JSON.
   */
  scores?: ClipScores;
}

