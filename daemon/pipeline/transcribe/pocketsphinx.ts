import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, devNull } from 'node:os';
import { dirname, join } from 'node:path';
import PQueue from 'p-queue';
import type { Transcript, TranscriptionEngine } from '../types.js';
import { AbortError, isAbortError, runProcess } from '../process.js';
import { frameEnergies, planChunks, type Chunk } from './chunking.js';
import { PocketsphinxOutput } from './pocketsphinx-output.js';
import type { PocketsphinxSetup } from './pocketsphinx-setup.js';
import { readWavInfo, writeWavSlice } from './wav.js';

export interface PocketsphinxOptions {
  /** A JSGF grammar that replaces the language model (tests use it for exact sentences). */
  grammar?: string;
  /** Recognisers running at once; the cores by default (one recogniser uses one core). */
  parallel?: number;
  maxChunk?: number;
  minChunk?: number;
}

type TranscribeOpts = Parameters<TranscriptionEngine['transcribe']>[1];

/**
 * The default engine: Debian's `pocketsphinx_continuous` with its English model (no JSON mode;
 * one recogniser uses one core, about 15 s of CPU per minute of speech here). Long audio is cut at
 * quiet points into chunks that run side by side, one recogniser per core, and their times are
 * put back on the source's clock.
 */
export class PocketsphinxEngine implements TranscriptionEngine {
  readonly name = 'pocketsphinx' as const;

  constructor(
    readonly reason: string,
    private setup: PocketsphinxSetup,
    private opts: PocketsphinxOptions = {},
  ) {}

  async transcribe(wavPath: string, opts: TranscribeOpts): Promise<Transcript> {
    // The shipped model is English; another language would come out as English-sounding noise,
    // so the job falls back to pauses, loudness and scenes (the no-speech mode).
    if (!/^en\b/i.test(opts.language)) return { engine: 'none', language: opts.language, segments: [] };
    const info = await readWavInfo(wavPath);
    if (info.sampleRate !== 16000 || info.channels !== 1) throw new Error(`${wavPath} must be 16 kHz mono (extractAudio makes it so)`);
    const parallel = this.opts.parallel ?? availableParallelism();
    const chunks = planChunks(await frameEnergies(info, wavPath), info.duration, { parallel, maxChunk: this.opts.maxChunk, minChunk: this.opts.minChunk });

    const progress = new ChunkProgress(chunks, opts.onProgress);
    const stop = new AbortController();
    const onAbort = () => stop.abort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const dir = chunks.length > 1 ? await mkdtemp(join(dirname(wavPath), '.chunks-')) : undefined;
    try {
      const queue = new PQueue({ concurrency: parallel });
      const runs = chunks.map((chunk, i) =>
        queue.add(async () => {
          if (stop.signal.aborted) throw new AbortError();
          const file = dir ? join(dir, `${i}.wav`) : wavPath;
          if (dir) await writeWavSlice(info, wavPath, chunk.start, chunk.end, file);
          const segments = await this.recognise(file, chunk, stop.signal, (reached) => progress.update(i, reached));
          progress.update(i, chunk.end - chunk.start);
          return segments;
        }),
      );
      const settled = await Promise.allSettled(runs.map((r) => r.catch((e) => (stop.abort(), Promise.reject(e)))));
      const failed = settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected').map((s) => s.reason);
      if (opts.signal?.aborted) throw new AbortError('transcription was aborted');
      if (failed.length) throw failed.find((e) => !isAbortError(e)) ?? failed[0];
      progress.finish();
      const segments = settled.flatMap((s) => (s.status === 'fulfilled' ? s.value! : []));
      return { engine: 'pocketsphinx', language: opts.language, segments };
    } finally {
      opts.signal?.removeEventListener('abort', onAbort);
      if (dir) await rm(dir, { recursive: true, force: true });
    }
  }

  private async recognise(file: string, chunk: Chunk, signal: AbortSignal, onReached: (seconds: number) => void) {
    const out = new PocketsphinxOutput(chunk.start);
    const s = this.setup;
    const model = this.opts.grammar ? ['-jsgf', this.opts.grammar] : ['-lm', s.lm];
    // CMU's speed tuning (-maxhmmpf 3000, one pass with -fwdflat no, -topn 2): about half the CPU
    // time of the defaults on these machines, with the same share of the sample's words recognised.
    const args = ['-infile', file, '-time', 'yes', '-logfn', devNull, '-hmm', s.hmm, '-dict', s.dict, '-maxhmmpf', '3000', '-fwdflat', 'no', '-topn', '2', ...model];
    await runProcess(s.binary, args, {
      signal,
      onStdoutLine: (line) => {
        out.push(line);
        onReached(out.reached);
      },
    });
    out.flush();
    return out.segments;
  }
}

/** Overall 0..1 progress from how far each chunk's recogniser has got, reported when it grows. */
class ChunkProgress {
  private reached: number[];
  private total: number;
  private last = 0;

  constructor(private chunks: Chunk[], private report?: (p: number) => void) {
    this.reached = chunks.map(() => 0);
    this.total = chunks.reduce((sum, c) => sum + (c.end - c.start), 0) || 1;
  }

  update(i: number, seconds: number): void {
    const c = this.chunks[i];
    this.reached[i] = Math.min(c.end - c.start, Math.max(this.reached[i], seconds));
    const p = Math.min(0.99, this.reached.reduce((a, b) => a + b, 0) / this.total);
    if (p >= this.last + 0.005) {
      this.last = p;
      this.report?.(p);
    }
  }

  finish(): void {
    this.report?.(1);
  }
}
