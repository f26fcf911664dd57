import { spawn, type ChildProcess } from 'node:child_process';
import { basename } from 'node:path';

/**
 * The one place the pipeline starts external programs (ffmpeg, ffprobe, pocketsphinx,
 * whisper.cpp): line-wise output callbacks, stderr kept for error messages, and cancellation
 * through an AbortSignal that kills the child and waits for it to be gone.
 */
export interface RunOptions {
  signal?: AbortSignal;
  onStdoutLine?: (line: string) => void;
  onStderrLine?: (line: string) => void;
  /** Keep the whole stdout in the result (JSON answers such as ffprobe's). */
  captureStdout?: boolean;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Called once the child runs (tests use it to check that an abort really kills it). */
  onSpawn?: (child: ChildProcess) => void;
}

export interface RunResult {
  stdout: string;
  stderrTail: string;
}

/** A program that could not start or ended with a non-zero status. */
export class ProcessError extends Error {
  constructor(
    readonly command: string,
    readonly exitCode: number | null,
    readonly stderrTail: string,
    message: string,
  ) {
    super(message);
    this.name = 'ProcessError';
  }
}

/** What a run rejects with after its signal fired (the child is gone by then). */
export class AbortError extends Error {
  constructor(message = 'The operation was aborted') {
    super(message);
    this.name = 'AbortError';
  }
}

export const isAbortError = (e: unknown): boolean => e instanceof Error && e.name === 'AbortError';

const STDERR_TAIL_BYTES = 16 * 1024;
const KILL_GRACE_MS = 2000;

/** Splits a byte stream into lines (\n or \r endings) and hands each to `onLine`. */
export function lineSplitter(onLine: (line: string) => void): { push(chunk: Buffer | string): void; end(): void } {
  let rest = '';
  return {
    push(chunk) {
      const parts = (rest + chunk.toString()).split(/\r\n|\n|\r/);
      rest = parts.pop() ?? '';
      for (const p of parts) onLine(p);
    },
    end() {
      if (rest) onLine(rest);
      rest = '';
    },
  };
}

/** The last few non-empty lines of a program's stderr: what its error message is made of. */
export function lastLines(text: string, n = 4): string {
  return text.split(/\r?\n|\r/).map((l) => l.trim()).filter(Boolean).slice(-n).join(' | ');
}

export function runProcess(command: string, args: string[], opts: RunOptions = {}): Promise<RunResult> {
  const name = basename(command);
  return new Promise<RunResult>((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new AbortError(`${name} was not started: aborted`));
    const child = spawn(command, args, { env: opts.env ?? process.env, cwd: opts.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderrTail = '';
    let aborted = false;
    let killTimer: NodeJS.Timeout | undefined;

    const out = lineSplitter((l) => opts.onStdoutLine?.(l));
    const err = lineSplitter((l) => opts.onStderrLine?.(l));
    child.stdout!.on('data', (d: Buffer) => {
      if (opts.captureStdout) stdout += d.toString();
      out.push(d);
    });
    child.stderr!.on('data', (d: Buffer) => {
      stderrTail = (stderrTail + d.toString()).slice(-STDERR_TAIL_BYTES);
      err.push(d);
    });

    const onAbort = () => {
      aborted = true;
      child.kill('SIGTERM');
      // A child that ignores SIGTERM (or is stuck writing) is killed for good after a grace time.
      killTimer = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
    };
    opts.signal?.addEventListener('abort', onAbort, { once: true });

    child.on('error', (e: NodeJS.ErrnoException) => {
      opts.signal?.removeEventListener('abort', onAbort);
      const why = e.code === 'ENOENT' ? `${command} was not found` : e.message;
      reject(new ProcessError(name, null, stderrTail, `${name} could not be started: ${why}`));
    });
    child.on('spawn', () => opts.onSpawn?.(child));
    child.on('close', (code, sig) => {
      clearTimeout(killTimer);
      opts.signal?.removeEventListener('abort', onAbort);
      out.end();
      err.end();
      if (aborted) return reject(new AbortError(`${name} was stopped: aborted`));
      if (code === 0) return resolve({ stdout, stderrTail });
      const status = code === null ? `was killed by ${sig}` : `exited with status ${code}`;
      const detail = lastLines(stderrTail);
      reject(new ProcessError(name, code, stderrTail, `${name} ${status}${detail ? `: ${detail}` : ''}`));
    });
  });
}
