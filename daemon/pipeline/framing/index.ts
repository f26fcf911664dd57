// Subject-following framing (issue 17): sample the clip, find and follow faces, choose the
// speaker and the layout, and plan a smooth camera path; then turn the stored plan into the
// ffmpeg filter of a preview or a render. Pure: files and values in, a plan out.
import type { Word } from '../types.js';
import { faceDetectionDone, faceDetector, FaceDetectorUnavailable, type FaceDetector } from './detector.js';
import { centrePlan, planFraming } from './plan.js';
import { sampleFaces } from './sample.js';
import type { Span } from './speaker.js';
import { speakerTurns } from './turns.js';
import type { FramingPlan } from './types.js';

export { framingFilter, type FrameSize } from './filter.js';
export { centrePlan } from './plan.js';
export { LAYOUTS, type FramingPlan, type Layout } from './types.js';
export { FaceDetectorUnavailable, type FaceDetector } from './detector.js';

export interface FramingInput {
  /** Clip boundaries in the source (s). */
  start: number;
  end: number;
  /** The source picture size (from the probe). */
  source: { width: number; height: number };
  /** The clip's words (absolute times): when somebody speaks, and who (`speaker`), for choosing the face to follow. */
  words?: Word[];
  signal?: AbortSignal;
  /** Tests hand in their own; default the daemon's face detector thread. */
  detector?: FaceDetector;
  /** Samples a second and seconds between detections (sample.ts defaults: 4 and 0.5). */
  fps?: number;
  detectEvery?: number;
}

/** Words closer than this (s) belong to one stretch of speech. */
const SPEECH_GAP = 0.6;

/** The clip's stretches of speech, from the clip start; undefined without a transcript. */
export function speechSpans(words: Word[] | undefined, start: number, end: number): Span[] | undefined {
  const inside = (words ?? []).filter((w) => w.end > start && w.start < end && !/^[<[]/.test(w.text)).sort((a, b) => a.start - b.start);
  if (!inside.length) return undefined;
  const spans: Span[] = [];
  for (const w of inside) {
    const s = { start: Math.max(0, w.start - start), end: Math.min(end, w.end) - start };
    const last = spans[spans.length - 1];
    if (last && s.start - last.end < SPEECH_GAP) last.end = Math.max(last.end, s.end);
    else spans.push(s);
  }
  return spans;
}

/**
 * The framing of one clip (computed once and stored by the caller). Without the face detector
 * (its npm packages missing) the plan is today's centre crop, saying why.
 */
export async function analyseFraming(file: string, input: FramingInput): Promise<FramingPlan> {
  const duration = Math.round((input.end - input.start) * 1000) / 1000;
  try {
    const timeline = await sampleFaces(file, {
      start: input.start,
      end: input.end,
      source: input.source,
      detector: input.detector ?? faceDetector(),
      signal: input.signal,
      fps: input.fps,
      detectEvery: input.detectEvery,
    });
    return planFraming(timeline, input.source, duration, speechSpans(input.words, input.start, input.end), speakerTurns(input.words, input.start, input.end));
  } catch (e) {
    if (e instanceof FaceDetectorUnavailable) return centrePlan(input.source, duration, e.message);
    if (input.signal?.aborted) throw e;
    // A detector that fails on this clip costs the clip its speaker-following, not the job
    // (issue 17: the centre crop is the fallback); the reason names no path of this machine.
    return centrePlan(input.source, duration, 'face detection failed on this clip; centre crop used');
  } finally {
    // The preview encode that follows should not share the machine's memory with an idle detector:
    // the framing is over once the detector's memory is given back.
    if (!input.detector) await faceDetectionDone();
  }
}
