import { readFileSync, writeFileSync } from 'node:fs';
import { centrePlan } from '../../../daemon/pipeline/framing/index.js';
import type { PipelineStages } from '../../../daemon/pipeline/stages.js';
import { writeSilentWav } from '../../../daemon/pipeline/media/silent-wav.js';
import type { ProbeResult } from '../../../daemon/pipeline/types.js';

// Test doubles of the media stages: fast and deterministic, for the job's state machine.
// The real stages are exercised by pipeline-real.test.ts and crash-resume.test.ts.

/** A "video" is a text file `FAKEVIDEO <seconds>`; each stage records its calls. */
export function fakeStages(calls: string[] = []): PipelineStages {
  const probe = (duration: number): ProbeResult => ({ duration, width: 1280, height: 720, fps: 25, hasAudio: true, hasVideo: true, videoCodec: 'h264', audioCodec: 'aac' });
  return {
    async probe(file) {
      calls.push('probe');
      const m = /^FAKEVIDEO (\d+(?:\.\d+)?)/.exec(readFileSync(file, 'utf8').slice(0, 40));
      if (!m) throw new Error('Invalid data found when processing input');
      return probe(Number(m[1]));
    },
    async extractAudio(file, wav) {
      calls.push('audio');
      await writeSilentWav(wav, Number(/FAKEVIDEO (\S+)/.exec(readFileSync(file, 'utf8'))![1]));
    },
    async analyse({ probe: p }) {
      calls.push('analyse');
      return { silences: [], loudness: new Array(Math.ceil(p.duration)).fill(-20), loudnessStep: 1, scenes: [] };
    },
    transcriber: {
      name: 'pocketsphinx',
      reason: 'test double',
      async transcribe(_wav, opts) {
        calls.push('transcribe');
        opts.onProgress?.(0.5);
        return { engine: 'pocketsphinx', language: opts.language, segments: [{ text: 'hello world', start: 1, end: 2, words: [{ text: 'hello', start: 1, end: 1.5 }, { text: 'world', start: 1.5, end: 2 }] }] };
      },
    },
    async suggest({ span }) {
      calls.push(`suggest ${span.start}-${span.end}`);
      await new Promise((r) => setTimeout(r, 10)); // the real one looks words up in WordNet
      const end = Math.min(span.end, span.start + 20);
      return { clips: [{ start: span.start, end, title: `clip at ${span.start}`, score: 0.5 + span.start / 10000, score_breakdown: { relevance: 0.5, hook: 0.5, energy: 0.5, completeness: 0.5 }, reason: 'test', transcript: 'hello world' }] };
    },
    async frame({ probe: p, clip }) {
      // No 'frame' call recorded: tests of the job's order of stages predate framing.
      return centrePlan({ width: p.width!, height: p.height! }, clip.end - clip.start, 'test double');
    },
    async renderPreview({ clip }, out) {
      calls.push(`preview ${clip.start}`);
      writeFileSync(out, `preview ${clip.start}`);
    },
  };
}
