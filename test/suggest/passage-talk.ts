// A talk made of written passages for the request tests: words at a steady pace, a pause after
// each sentence and a longer one between passages, `loud` passages 8 dB louder; with each
// passage's span in seconds and in words.
import type { Analysis, ProbeResult, Transcript } from '../../daemon/pipeline/types.js';

export interface Pace {
  /** Seconds a word; pause after a sentence and the extra pause after a passage (s). */
  word: number;
  sentence: number;
  passage: number;
}

export const STEADY: Pace = { word: 0.38, sentence: 0.6, passage: 1.5 };

export function passageTalk<N extends string>(passages: Record<N, string>, order: N[], loud: N[] = [], pace: Pace = STEADY) {
  const segments: Transcript['segments'] = [];
  const silences: Analysis['silences'] = [];
  const spans = {} as Record<N, { start: number; end: number; firstWord: number; endWord: number }>;
  const level: { end: number; db: number }[] = [];
  let [t, n] = [1, 0];
  for (const name of order) {
    const [start, firstWord] = [t, n];
    for (const sentence of passages[name].match(/[^.?]+[.?]/g)!.map((s) => s.trim())) {
      const words = sentence.split(' ').map((text) => ({ text, start: t, end: (t += pace.word), confidence: 0.9 }));
      n += words.length;
      segments.push({ text: sentence, start: words[0].start, end: t, words });
      silences.push({ start: t + 0.05, end: t + pace.sentence - 0.05 });
      t += pace.sentence;
    }
    spans[name] = { start, end: t - pace.sentence, firstWord, endWord: n };
    level.push({ end: t, db: loud.includes(name) ? -12 : -20 });
    silences[silences.length - 1].end += pace.passage;
    t += pace.passage;
  }
  const duration = t + 1;
  const loudness = Array.from({ length: Math.ceil(duration) }, (_, s) => level.find((l) => s < l.end)?.db ?? -60);
  const analysis: Analysis = { silences, loudness, loudnessStep: 1, scenes: [] };
  const probe: ProbeResult = { duration, width: 1280, height: 720, fps: 25, hasAudio: true, hasVideo: true, videoCodec: 'h264', audioCodec: 'aac' };
  return { transcript: { engine: 'none', language: 'en', segments } as Transcript, analysis, probe, spans };
}

/** Share of clip `c` inside span `s`. */
export const shareIn = (c: { start: number; end: number }, s: { start: number; end: number }): number => Math.max(0, Math.min(c.end, s.end) - Math.max(c.start, s.start)) / (c.end - c.start);
