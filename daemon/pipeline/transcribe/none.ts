import type { Transcript, TranscriptionEngine } from '../types.js';

/**
 * The no-speech mode: no transcript at all. The suggestion stage then cuts clips from pauses,
 * loudness and scene changes alone.
 */
export class NoSpeechEngine implements TranscriptionEngine {
  readonly name = 'none' as const;

  constructor(readonly reason: string) {}

  async transcribe(_wavPath: string, opts: Parameters<TranscriptionEngine['transcribe']>[1]): Promise<Transcript> {
    opts.onProgress?.(1);
    return { engine: 'none', language: opts.language, segments: [] };
  }
}
