// Transcripts of the evaluation's chunks, cached by the WAV's bytes: the real recogniser runs
// once per chunk, ever, and every later `npm run eval` replays its exact output, so the figures
// measure clip choice and titles, not the recogniser's time.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Transcript, TranscriptionEngine } from '../daemon/pipeline/types.js';

export function cachedTranscriber(engine: TranscriptionEngine, dir: string, stats = { hits: 0, misses: 0 }): TranscriptionEngine {
  mkdirSync(dir, { recursive: true });
  return {
    name: engine.name,
    reason: engine.reason,
    async transcribe(wavPath, opts) {
      const key = createHash('sha1').update(engine.name).update(opts.language).update(readFileSync(wavPath)).digest('hex');
      const file = join(dir, `${key}.json`);
      if (existsSync(file)) {
        stats.hits++;
        opts.onProgress?.(1);
        return JSON.parse(readFileSync(file, 'utf8')) as Transcript;
      }
      stats.misses++;
      const t = await engine.transcribe(wavPath, opts);
      writeFileSync(`${file}.tmp`, JSON.stringify(t));
      renameSync(`${file}.tmp`, file);
      return t;
    },
  };
}
