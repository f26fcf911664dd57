import type { FramingPlan } from './framing/types.js';
import type { Analysis, ProbeResult, SuggestedClip, SuggestOptions, Transcript, TranscriptionEngine, Word } from './types.js';
import type { Ranking } from './llm/choose.js';
import type { JobRanking, RankCandidate } from './llm/rank.js';
import type { EncoderFetch, EncoderFetchProgress } from './embed/auto-fetch.js';
import type { SpeakerTurn } from './speakers/diarize.js';

/** A section's clips, best first, and where the next section takes over (issue 20: a topic is never cut by a section's end). */
export interface SectionClips {
  clips: SuggestedClip[];
  /** Who ranked the clips and wrote their copy, when a language model is configured (issue 20, item 5). */
  ranking?: Ranking;
  /** Seconds in the source: a topic still going on at the section's end starts here; the next section's clips may start from it. */
  carryFrom?: number;
  /** Issue 30, item 3: who speaks when in the section (seconds in the source). */
  speakers?: SpeakerTurn[];
}

/** A part of the source in seconds. */
export interface Span {
  start: number;
  end: number;
}

/**
 * What the clip job needs from the media and suggestion modules (DESIGN.md, "The pipeline").
 * The job orchestration only sees this interface; `realStages()` wires the real ffmpeg,
 * speech and suggestion code into it. Every method that spawns a process takes the job's
 * abort signal so a stopping daemon kills its children.
 */
/**
 * The stages in use, one holder read at call time by the clip job, the framing and the preview
 * task (app.ts builds it first; tests swap `current` for stages that fail or are fakes).
 */
export interface StagesInUse {
  current: PipelineStages;
}

export interface PipelineStages {
  probe(mediaPath: string, signal: AbortSignal): Promise<ProbeResult>;
  /** Writes the source's audio as 16 kHz mono 16-bit WAV to `wavPath`. */
  extractAudio(mediaPath: string, wavPath: string, signal: AbortSignal): Promise<void>;
  /** Silences, loudness and scene changes of the whole source. */
  analyse(input: { mediaPath: string; wavPath: string; probe: ProbeResult }, signal: AbortSignal): Promise<Analysis>;
  /** The speech engine new jobs use now (sherpa-onnx, whisper.cpp, pocketsphinx or none). */
  readonly transcriber: TranscriptionEngine;
  /**
   * The engine a job that started with `used` goes on with (its chunks were planned for it),
   * when it can still run; undefined when it cannot (its model was removed). Absent: the
   * current engine is the only one.
   */
  engineFor?(used: { engine: Transcript['engine']; model?: string }): TranscriptionEngine | undefined;
  /** Ends what the stages keep running between jobs (recogniser processes). */
  close?(): void;
  /**
   * Clips inside `span` of the source, best first. The transcript and analysis cover the span
   * (the job suggests part by part so previews start while later parts are still transcribed),
   * from `carryFrom` when the previous section left its last topic to this one. Unless `last`,
   * the span's own last topic is left to the next section (`carryFrom` of the result).
   */
  suggest(input: { transcript: Transcript; analysis: Analysis; probe: ProbeResult; span: Span; carryFrom?: number; last?: boolean }, opts: SuggestOptions): Promise<SectionClips>;
  /**
   * Issue 28, item 2a: the job's clips (best first by score) ranked against each other in one
   * call once every section is suggested; undefined when no language model is in use (the
   * clips keep their order). Absent: sections' orders are final.
   */
  rank?(input: { clips: RankCandidate[] }, opts: Pick<SuggestOptions, 'criteria'>, signal?: AbortSignal): Promise<JobRanking | undefined>;
  /**
   * Before a request's clips are chosen: the recommended sentence encoder fetched once when none
   * is installed and the model hub answers (embed/auto-fetch.ts); what the job should report, or
   * undefined. Never rejects for a failed fetch. Absent: nothing is fetched.
   */
  prepareEncoder?(criteria: string, language: string, onProgress: (p: EncoderFetchProgress) => void): Promise<EncoderFetch | undefined>;
  /**
   * The clip's framing (issue 17): faces sampled a few times a second, the speaker followed on a
   * smooth path, the layout chosen. `words` (absolute times) say when somebody speaks.
   */
  frame(input: { mediaPath: string; probe: ProbeResult; clip: Span; words: Word[] }, signal: AbortSignal): Promise<FramingPlan>;
  /** Ends what the stages keep running between jobs (the embedded language model's process, issue 28). */
  close?(): void;
  /** Renders the low-resolution 9:16 preview of `clip` to `outPath` (MP4), framed by `plan` (else the centre crop). */
  renderPreview(input: { mediaPath: string; probe: ProbeResult; clip: Span; plan?: FramingPlan }, outPath: string, signal: AbortSignal): Promise<void>;
}
