import { fstatSync, ftruncateSync, writeSync } from 'node:fs';
import { metrics } from './metrics/instruments.js';

/**
 * Where the daemon's log lines go: its stderr, which `daemon start` points at DATA_DIR/daemon.log.
 * Logging never ends the daemon: a line that cannot be written (a full disk, a closed pipe, a
 * closed descriptor) is dropped and counted (`clipper_log_writes_dropped_total`), never thrown.
 *
 * A file is written with write(2) directly: Node's stream over a file turns ENOSPC into an
 * 'error' event that ends the process, and stays broken once space returns. A line the disk took
 * only part of is cut off again, so every line of the file stays whole. A pipe or terminal goes
 * through process.stderr, which keeps the order of what else the process prints.
 */
export type LineWriter = (line: string) => void;

const dropped = (): void => metrics.logWritesDropped.inc();

/** Writes each line to `fd` if it is a regular file, else to `stream`; see above. */
export function lineSink(fd = 2, stream: NodeJS.WriteStream = process.stderr): LineWriter {
  let isFile: boolean;
  try {
    isFile = fstatSync(fd).isFile();
  } catch {
    isFile = false;
  }
  if (isFile) return (line) => writeWhole(fd, line);
  guardStream(stream);
  return (line) => {
    if (stream.destroyed || stream.writableEnded) return dropped();
    try {
      stream.write(line);
    } catch {
      dropped();
    }
  };
}

/** One write of the whole line; a partial one is cut off again (O_APPEND: the file's end). */
function writeWhole(fd: number, line: string): void {
  const bytes = Buffer.from(line);
  let written: number;
  try {
    written = writeSync(fd, bytes);
  } catch {
    return dropped();
  }
  if (written === bytes.length) return;
  try {
    ftruncateSync(fd, Math.max(0, fstatSync(fd).size - written));
  } catch {
    /* the file stays as it is: the next line starts after the fragment */
  }
  dropped();
}

const guarded = new WeakSet<object>();
/**
 * An 'error' on stdout or stderr (EPIPE, ENOSPC through Node's own writes: a warning, a line of
 * the CLI) is counted instead of ending the process as an unhandled 'error' event would.
 */
export function guardStream(stream: NodeJS.WritableStream): void {
  if (guarded.has(stream)) return;
  guarded.add(stream);
  stream.on('error', dropped);
}

/** The process's stderr sink, made once (its kind is read at the first line). */
let stderrSink: LineWriter | undefined;
export function stderrLine(line: string): void {
  if (!stderrSink) {
    guardStream(process.stdout);
    guardStream(process.stderr);
    stderrSink = lineSink();
  }
  stderrSink(line);
}
