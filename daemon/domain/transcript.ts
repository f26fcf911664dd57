// A transcript's words and stretches of speech: what the pipeline writes and the store keeps
// (DESIGN.md, "The pipeline"). A leaf module: the store and the pipeline both read these shapes and
// neither imports the other (issue 27, item 9).

/** One recognised word with absolute times in seconds. */
export interface Word {
  text: string;
  start: number;
  end: number;
  /** 0..1 when the engine gives one. */
  confidence?: number;
  /** Issue 30, item 3: who says it (`S1`, `S2`, ...), when the speakers were told apart. */
  speaker?: string;
}

/** A stretch of speech (an utterance or sentence) with its words. */
export interface Segment {
  text: string;
  start: number;
  end: number;
  words: Word[];
}
