// Who speaks each word, for the units of talk (units.ts): the transcript's own `speaker` when the
// engine or a diarization model gave one, else the pitch diarization (no model needed) of the
// source's words. Turns and words are both in time order, so labelling is one pass.
import { diarize, voicesOf } from '../speakers/diarize.js';
import type { Analysis, Transcript } from '../types.js';

export function withVoices(transcript: Transcript, analysis: Analysis): Transcript {
  const pitch = analysis.pitch;
  if (!pitch?.length || transcript.segments.some((s) => s.words.some((w) => w.speaker !== undefined))) return transcript;
  const words = transcript.segments.flatMap((s) => s.words).sort((a, b) => a.start - b.start);
  const turns = diarize(words, pitch, voicesOf(pitch));
  if (new Set(turns.map((t) => t.speaker)).size < 2) return transcript;
  let k = 0;
  const label = (w: { start: number; end: number }) => {
    const mid = (w.start + w.end) / 2;
    while (k > 0 && turns[k].start - 0.05 > mid) k--;
    while (k + 1 < turns.length && turns[k].end + 0.05 < mid) k++;
    return turns[k] && turns[k].start - 0.05 <= mid && turns[k].end + 0.05 >= mid ? turns[k].speaker : undefined;
  };
  const segments = [...transcript.segments].sort((a, b) => a.start - b.start).map((s) => ({
    ...s,
    words: [...s.words].sort((a, b) => a.start - b.start).map((w) => {
      const speaker = label(w);
      return speaker ? { ...w, speaker } : w;
    }),
  }));
  return { ...transcript, segments };
}
