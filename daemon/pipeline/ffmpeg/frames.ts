import { spawn } from 'node:child_process';
import { AbortError, lastLines, ProcessError } from '../process.js';
import { mediaTool } from './binaries.js';
import { bytesRead } from '../../../src/util/release-buffers.js';

/**
 * Raw video frames from ffmpeg, one Buffer of `frameBytes` each, as an async iterator. The
 * reader pulls: while the consumer is busy with a frame (face detection takes ~100 ms) nothing
 * more is read, the pipe fills and ffmpeg waits, so memory stays at a few frames whatever the
 * clip's length. `args` must write `-f rawvideo` to `pipe:1`. An abort kills ffmpeg; a failure
 * rejects with ffmpeg's last stderr lines, like every other run (process.ts).
 */
export async function* ffmpegFrames(args: string[], frameBytes: number, opts: { signal?: AbortSignal; env?: NodeJS.ProcessEnv } = {}): AsyncGenerator<Buffer> {
  opts.signal?.throwIfAborted();
  const tool = await mediaTool('ffmpeg', opts.env);
  const child = spawn(tool.path, ['-hide_banner', '-nostdin', '-nostats', ...args], { env: opts.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderrTail = '';
  child.stderr!.on('data', (d: Buffer) => (stderrTail = (stderrTail + d.toString()).slice(-8192)));
  const exited = new Promise<{ code: number | null; error?: Error }>((resolve) => {
    child.on('error', (error) => resolve({ code: null, error }));
    child.on('close', (code) => resolve({ code }));
  });
  const onAbort = () => child.kill('SIGKILL');
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  // Each frame is copied once, chunk by chunk, into its own buffer (the stream may reuse its chunks).
  let frame = Buffer.allocUnsafe(frameBytes);
  let have = 0;
  let finished = false;
  try {
    for await (const chunk of child.stdout! as AsyncIterable<Buffer>) {
      let at = 0;
      while (at < chunk.length) {
        const n = Math.min(frameBytes - have, chunk.length - at);
        chunk.copy(frame, have, at, at + n);
        have += n;
        at += n;
        if (have === frameBytes) {
          // Each frame is a fresh off-heap buffer: freed by a young collection every few MB read, not tens.
          bytesRead(frameBytes);
          yield frame;
          frame = Buffer.allocUnsafe(frameBytes);
          have = 0;
        }
      }
    }
    const { code, error } = await exited;
    if (opts.signal?.aborted) throw new AbortError('ffmpeg was stopped: aborted');
    if (error) throw new ProcessError('ffmpeg', null, stderrTail, `ffmpeg could not be started: ${error.message}`);
    if (code !== 0) throw new ProcessError('ffmpeg', code, stderrTail, `ffmpeg exited with status ${code}: ${lastLines(stderrTail)}`);
    finished = true;
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
    if (!finished && child.exitCode === null) {
      child.kill('SIGKILL'); // the consumer stopped early (or failed): no orphan keeps decoding
      await exited;
    }
  }
}

/**
 * Pulls up to `n` items of `source` ahead of its consumer, so a producer (ffmpeg decoding) keeps
 * working while the consumer awaits something else (the face detector thread). Stopping early
 * stops the source (ffmpegFrames then kills ffmpeg).
 */
export async function* readAhead<T>(source: AsyncGenerator<T>, n: number): AsyncGenerator<T> {
  const queue: Promise<IteratorResult<T>>[] = [];
  try {
    for (;;) {
      while (queue.length < n) {
        const next = source.next();
        next.catch(() => undefined); // rejected before its turn: reported when awaited below
        queue.push(next);
      }
      const item = await queue.shift()!;
      if (item.done) return;
      yield item.value;
    }
  } finally {
    await source.return(undefined);
  }
}
