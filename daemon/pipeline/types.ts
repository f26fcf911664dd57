import type { SpeakerTurn } from './speakers/diarize.js';
import type { DiarizationUsed } from './speakers/model-diarization.js';
// The data that flows between pipeline stages (DESIGN.md, "The pipeline"). Each stage's result is
// stored (JSON) before the next stage starts, so these shapes are also the persisted format.

/** ffprobe summary of the source media. */
export interface ProbeResult {
  duration: number; // seconds
  width: number | null;
  height: number | null;
  fps: number | null;
  hasAudio: boolean;
  hasVideo: boolean;
  videoCodec: string | null;
  audioCodec: string | null;
}

// Words, segments and suggested clips live in ../domain (the store keeps them too; issue 27, item 9).
export type { Word, Segment } from '../domain/transcript.js';
export type { ScoreBreakdown, ClipScores, ClipCopy, SuggestedClip } from '../domain/clip.js';
import type { Segment } from '../domain/transcript.js';

export interface Transcript {
  engine: 'sherpa-onnx' | 'whisper.cpp' | 'pocketsphinx' | 'none';
  /** The speech model, for engines that load one (issue 14: jobs say what transcribed them). */
  model?: string;
  language: string;
  segments: Segment[];
}

/** What a transcription engine offers the pipeline. */
export interface TranscriptionEngine {
  readonly name: Transcript['engine'];
  /** Why this engine was chosen (shown by `clipper doctor`). */
  readonly reason: string;
  /** The model it runs, when it loads one (shown by `doctor` and on the job). */
  readonly modelName?: string;
  /**
   * Longest audio it takes at once and how much of each neighbouring chunk it should hear
   * (issue 14, item 4: overlap at the seams); absent: any length, no overlap.
   */
  readonly chunking?: { maxSeconds: number; overlapSeconds: number };
  /** Ends what the engine keeps running between jobs (recogniser processes). */
  close?(): void;
  /** Transcribes a 16 kHz mono 16-bit WAV file. `onProgress` gets 0..1. */
  transcribe(wavPath: string, opts: { language: string; signal?: AbortSignal; onProgress?: (p: number) => void }): Promise<Transcript>;
}

export interface Silence {
  start: number;
  end: number;
}

/** Cheap signal analysis of the source (silencedetect, loudness over time, scene changes). */
export interface Analysis {
  silences: Silence[];
  /** Short-term loudness in LUFS sampled every `loudnessStep` seconds from 0. */
  loudness: number[];
  loudnessStep: number;
  /** Issue 30, item 3: voice pitch (Hz, 0 unvoiced) every PITCH_STEP (0.05) s from 0, for the heuristic diarization. */
  pitch?: number[];
  /** Issue 30, item 3: who speaks when in the whole source, from sherpa-onnx's diarization when its models ran. */
  speakers?: SpeakerTurn[];
  /** Which diarization the job used, and why the heuristic stood in (`transcription.diarization` of the job). */
  diarization?: DiarizationUsed;
  /** Times (s) of scene changes. */
  scenes: number[];
}

export interface SuggestOptions {
  criteria?: string; // default: general highlights
  targetDuration?: number; // seconds
  language: string;
  /** Length of the whole video when suggesting for a section of it (s): short videos get a clip per topic. */
  sourceDuration?: number;
  /** The job's `clip_count` (issue 30, item 1): clips wanted from the whole video instead of the count by its length. */
  clipCount?: number;
  /** Clips the job's earlier sections gave: a last section without a moment gives clips only when none came before. */
  clipsBefore?: number;
  /** Seconds from the section's start that the section before saw as one topic and left to this one (no topic starts inside). */
  carried?: number;
  /** How like the request each passage is, by a sentence-embedding model (issue 28, item 3). */
  semantic?: SemanticMatch;
}

/** Passages of a section (s from its start) and their likeness to the request, 0..1, from a sentence encoder. */
export interface SemanticMatch {
  model: string;
  passages: { start: number; end: number; likeness: number }[];
}
