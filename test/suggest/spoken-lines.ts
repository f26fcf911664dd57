// A talk from lines of text, as a recogniser gives it: no punctuation, words 0.34 s apart, each
// line `gap` seconds after the last, every word carrying its line's speaker label.
import type { Analysis, ProbeResult, Segment, Transcript } from '../../daemon/pipeline/types.js';

export function spokenLines(lines: [speaker: string, text: string][], gap: number): { transcript: Transcript; analysis: Analysis; probe: ProbeResult } {
  const segments: Segment[] = [];
  let t = 1;
  for (const [speaker, text] of lines) {
    const words = text.split(' ').map((w) => {
      const word = { text: w, start: Math.round(t * 100) / 100, end: Math.round((t + 0.3) * 100) / 100, confidence: 0.9, speaker };
      t += 0.34;
      return word;
    });
    segments.push({ start: words[0].start, end: words[words.length - 1].end, text, words });
    t += gap;
  }
  const duration = Math.ceil(t + 1);
  const analysis: Analysis = { silences: [], loudness: Array.from({ length: duration }, () => -20), loudnessStep: 1, scenes: [] };
  const probe = { duration, width: 640, height: 360, fps: 25, hasAudio: true, hasVideo: true } as ProbeResult;
  return { transcript: { engine: 'pocketsphinx', language: 'en', segments }, analysis, probe };
}
