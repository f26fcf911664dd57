import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lineSink } from '../../daemon/log-sink.js';
import { processRegistry } from '../../daemon/metrics/instruments.js';

// Logging never ends the daemon: a line that cannot be written (a closed descriptor, a pipe whose
// reader is gone; a full disk in log-disk-full.test.ts) is dropped and counted, never thrown.

const dir = mkdtempSync(join(tmpdir(), 'clipper-log-sink-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const droppedLines = async () => Number(/^clipper_log_writes_dropped_total (\d+)$/m.exec(await processRegistry.expose())?.[1]);

describe('the log sink', () => {
  it('writes whole lines to a file, and drops and counts them once its descriptor is closed (EBADF)', async () => {
    const file = join(dir, 'daemon.log');
    const fd = openSync(file, 'a');
    const write = lineSink(fd);
    write('{"msg":"one"}\n');
    closeSync(fd);
    const before = await droppedLines();
    expect(() => write('{"msg":"two"}\n')).not.toThrow();
    expect(await droppedLines()).toBe(before + 1);
    expect(readFileSync(file, 'utf8')).toBe('{"msg":"one"}\n');
  });

  it("drops and counts lines to a pipe whose reader has gone (EPIPE) instead of an unhandled 'error'", async () => {
    const reader = spawn(process.execPath, ['-e', ''], { stdio: ['pipe', 'ignore', 'ignore'] });
    await new Promise((r) => reader.once('exit', r));
    const stream = reader.stdin! as unknown as NodeJS.WriteStream;
    const write = lineSink(-1, stream); // -1: no file behind it, so the stream is written
    const before = await droppedLines();
    for (let i = 0; i < 5; i++) write(`{"msg":"line ${i}"}\n`);
    // The pipe's error arrives after the write returned; the stream closes after it.
    if (!stream.closed) await new Promise((r) => stream.once('close', r));
    expect(await droppedLines()).toBeGreaterThan(before);
  });
});
