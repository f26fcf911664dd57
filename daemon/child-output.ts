import type { Readable } from 'node:stream';
import { silentLogger, type Logger } from './log.js';

/**
 * What a child process prints reaches the daemon's log only as records of that log's format, one
 * a line, each naming the child (`child: "recogniser"`): never as raw text between JSON lines.
 * The log is the running daemon's (set when it starts; silent until then, as in unit tests).
 */
let target: Logger = silentLogger;

export function setChildOutputLog(log: Logger): void {
  target = log;
}

/**
 * Reads a child's output stream line by line into the log (`warn`: a child engine prints only
 * what went wrong) and hands each line to `onLine` (the engines keep the last few for their
 * error messages). A line split across chunks is put together first.
 */
export function logChildOutput(child: string, stream: Readable, onLine?: (line: string) => void): void {
  let partial = '';
  const emit = (line: string) => {
    if (!line.trim()) return;
    target.warn(line.trimEnd(), { child });
    onLine?.(line.trimEnd());
  };
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop()!;
    lines.forEach(emit);
  });
  stream.on('end', () => {
    emit(partial);
    partial = '';
  });
}
