import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli-io.js';
import { ClipperClient } from '../../src/client/client.js';
import { uploadFile, type UploaderEvent } from '../../src/client/uploader.js';
import type { TestDaemon } from '../helpers/daemon.js';
import { md5, readObject, startUploadDaemon, TEST_PART_SIZE } from './helpers.js';

let d: TestDaemon & { auth: string };
let key: string;
let work: string;
let stateDir: string;
/** Part numbers the daemon's object store received, in order (what the client really sent). */
let received: number[];

beforeAll(async () => {
  d = await startUploadDaemon();
  key = await d.apiKey();
  work = mkdtempSync(join(tmpdir(), 'clipper-uploader-'));
  const putPart = d.app.objects.putPart.bind(d.app.objects);
  d.app.objects.putPart = (k, id, n, body, o) => {
    received.push(n);
    return putPart(k, id, n, body, o);
  };
});
afterAll(async () => {
  await d.stop();
  rmSync(work, { recursive: true, force: true });
});
beforeEach(() => {
  received = [];
  stateDir = mkdtempSync(join(work, 'state-'));
});

const client = () => new ClipperClient({ baseUrl: d.url, apiKey: key });
const sourceFile = (name: string, parts: number) => {
  const data = randomBytes(parts * TEST_PART_SIZE - 1000);
  const path = join(work, name);
  writeFileSync(path, data);
  return { path, data };
};
const storedMd5 = async (uploadId: string) => md5(await readObject(d, await d.app.uploads.objectKeyOf(d.rootTeamId, uploadId)));

/** Starts a multipart upload of `path` and stops it through its signal once `lastPart` is in. */
async function interruptAfter(path: string, lastPart: number): Promise<string> {
  const stop = new AbortController();
  let id = '';
  const run = uploadFile(client(), path, {
    multipartThreshold: TEST_PART_SIZE, concurrency: 1, stateDir, signal: stop.signal,
    onEvent: (e) => {
      id = (e as { upload_id: string }).upload_id;
      if (e.type === 'part_done' && e.part_number === lastPart) stop.abort();
    },
  });
  await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  return id;
}

/** The CLI in-process, against the test daemon: its exit code, stdout and stderr. */
const cli = (...args: string[]) =>
  runCli(['--base-url', d.url, '--api-key', key, ...args], { env: { PATH: process.env.PATH, CLIPPER_STATE_DIR: stateDir, NO_COLOR: '1' } });

describe('clipper uploads create', () => {
  it('sends a small file in one PUT and prints its upload_id', async () => {
    const { path, data } = sourceFile('small.mp4', 2);
    const r = await cli('uploads', 'create', path);
    expect(r.code).toBe(0);
    const id = r.stdout.trim();
    expect(id).toMatch(/^upl_/);
    expect(r.stderr).not.toContain('\r'); // no progress bar off a terminal
    expect(await storedMd5(id)).toBe(md5(data));
    expect((await client().uploads.get(id))).toMatchObject({ status: 'complete', file_name: 'small.mp4', content_type: 'video/mp4', size_bytes: data.length });
  });

  it('sends a larger file as parallel parts, completes it and forgets its resume record', async () => {
    const { path, data } = sourceFile('big.mov', 9);
    const r = await cli('uploads', 'create', path, '--multipart-threshold', String(TEST_PART_SIZE), '--concurrency', '3', '--json');
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(result).toMatchObject({ multipart: true, resumed: false, parts_sent: 9, parts_skipped: 0, content_type: 'video/quicktime' });
    expect(received.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await storedMd5(result.upload_id)).toBe(md5(data));
    expect(readdirSync(join(stateDir, 'uploads'))).toEqual([]);
  });

  it('draws the transfer bar on a terminal\'s stderr, resuming from the bytes already sent', async () => {
    const { path } = sourceFile('tty.mp4', 4);
    await interruptAfter(path, 2);
    const env = { PATH: process.env.PATH, CLIPPER_STATE_DIR: stateDir };
    const r = await runCli(['--base-url', d.url, '--api-key', key, 'uploads', 'create', path, '--multipart-threshold', String(TEST_PART_SIZE)], { env, tty: true });
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toMatch(/^upl_/);
    expect(r.stderr).toContain('resuming upload');
    expect(r.stderr).toMatch(/tty\.mp4 \[#+-*\] +\d+%/);
    expect(r.stderr).toContain('tty.mp4 [####################] 100%');
  });

  it('refuses bad flags with the usage exit code', async () => {
    const { path } = sourceFile('flags.mp4', 1);
    expect((await cli('uploads', 'create', path, '--concurrency', '0')).code).toBe(2);
    expect((await cli('uploads', 'create', join(work, 'missing.mp4'))).code).toBe(2);
  });
});

describe('resuming an interrupted multipart upload', () => {
  it('aborted through its signal, a second run sends only the missing parts', async () => {
    const { path, data } = sourceFile('resume.mp4', 8);
    const uploadId = await interruptAfter(path, 3);
    expect((await client().uploads.get(uploadId)).parts_received.map((p) => p.part_number)).toEqual([1, 2, 3]);
    received = [];
    const r = await cli('uploads', 'create', path, '--multipart-threshold', String(TEST_PART_SIZE), '--json');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`resuming upload ${uploadId}: 3 of 8 parts already sent`);
    expect(JSON.parse(r.stdout)).toMatchObject({ upload_id: uploadId, resumed: true, parts_sent: 5, parts_skipped: 3 });
    expect(received.sort((a, b) => a - b)).toEqual([4, 5, 6, 7, 8]);
    expect(await storedMd5(uploadId)).toBe(md5(data));
  });

  it('killed mid-way (the built CLI, SIGKILL), a second run sends only the missing parts', async () => {
    const { path, data } = sourceFile('killed.mp4', 6);
    // Parts after the third hang in the daemon until the CLI has been killed.
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    const putPart = d.app.objects.putPart;
    let calls = 0;
    let held: Promise<unknown> | undefined;
    d.app.objects.putPart = (k, id, n, body, o) => {
      if (++calls <= 3) return putPart(k, id, n, body, o);
      const call = hold.then(() => putPart(k, id, n, body, o));
      held ??= call.catch(() => {}); // its client is gone by then: it fails
      return call;
    };
    const env = { ...process.env, CLIPPER_STATE_DIR: stateDir, NO_COLOR: '1' };
    const args = ['--base-url', d.url, '--api-key', key, 'uploads', 'create', path, '--multipart-threshold', String(TEST_PART_SIZE), '--concurrency', '1'];
    const child = execFile(join(process.cwd(), 'bin', 'clipper'), args, { env });
    const exited = new Promise((r) => child.on('exit', r));
    // Killed once part 4 is on its way and the record of parts 1 to 3 is on disk.
    const recorded = () => readdirSync(join(stateDir, 'uploads')).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(join(stateDir, 'uploads', f), 'utf8')));
    while (!held || !existsSync(join(stateDir, 'uploads')) || Object.keys(recorded()[0]?.etags ?? {}).length < 3) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGKILL');
    await exited;
    release();
    await held;
    d.app.objects.putPart = putPart;
    received = [];
    const r = await cli('uploads', 'create', path, '--multipart-threshold', String(TEST_PART_SIZE), '--json');
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(result).toMatchObject({ resumed: true, parts_skipped: 3, parts_sent: 3 });
    expect(received.sort((a, b) => a - b)).toEqual([4, 5, 6]);
    expect(await storedMd5(result.upload_id)).toBe(md5(data));
  });

  it('finishes at once when the interrupted run had already completed the upload', async () => {
    const { path } = sourceFile('done.mp4', 3);
    const id = await interruptAfter(path, 3);
    // As if the complete call went through and the CLI died before forgetting the upload.
    const view = await client().uploads.get(id);
    await client().uploads.complete(id, view.parts_received.map(({ part_number, etag }) => ({ part_number, etag })));
    received = [];
    const again = await uploadFile(client(), path, { multipartThreshold: TEST_PART_SIZE, stateDir });
    expect(again).toMatchObject({ upload_id: id, resumed: true, parts_sent: 0, parts_skipped: 3 });
    expect(received).toEqual([]);
    expect(readdirSync(join(stateDir, 'uploads'))).toEqual([]);
  });

  it('starts afresh when the file changed since the interrupted run', async () => {
    const { path } = sourceFile('changed.mp4', 4);
    const firstId = await interruptAfter(path, 1);
    const changed = randomBytes(4 * TEST_PART_SIZE - 1000);
    writeFileSync(path, changed);
    const again = await uploadFile(client(), path, { multipartThreshold: TEST_PART_SIZE, stateDir });
    expect(again.upload_id).not.toBe(firstId);
    expect(again.resumed).toBe(false);
    expect(await storedMd5(again.upload_id)).toBe(md5(changed));
  });
});

describe('recovering from failures', () => {
  it('retries a failed part, re-signs expired URLs, and re-sends a part complete says is missing', async () => {
    const { path, data } = sourceFile('flaky.mp4', 5);
    const putPart = d.app.objects.putPart;
    let failed = false;
    d.app.objects.putPart = async (k, id, n, body, o) => {
      if (n === 2 && !failed) {
        failed = true;
        throw new Error('disk hiccup'); // answered as 500 INTERNAL_ERROR
      }
      return putPart(k, id, n, body, o);
    };
    const events: UploaderEvent[] = [];
    let lost: Promise<void> | undefined;
    const result = await uploadFile(client(), path, {
      multipartThreshold: TEST_PART_SIZE, concurrency: 1, stateDir,
      onEvent: (e) => {
        events.push(e);
        if (e.type === 'part_done' && e.part_number === 3) d.clock.advance(5 * 3600_000); // URLs expire
        if (e.type === 'part_done' && e.part_number === 5 && events.filter((x) => x.type === 'part_done' && x.part_number === 5).length === 1) {
          lost = d.app.store.uploads.deletePart(e.upload_id, 1); // the server lost part 1 (SQLite writes at the call)
        }
      },
    });
    await lost;
    d.app.objects.putPart = putPart;
    expect(events).toContainEqual(expect.objectContaining({ type: 'part_retry', part_number: 2, reason: expect.stringContaining('INTERNAL_ERROR') }));
    expect(events).toContainEqual(expect.objectContaining({ type: 'resigned' }));
    expect(events.filter((e) => e.type === 'part_done').map((e) => (e as { part_number: number }).part_number)).toEqual([1, 2, 3, 4, 5, 1]);
    expect(await storedMd5(result.upload_id)).toBe(md5(data));
  });
});

describe('clipper uploads get|complete|cancel', () => {
  it('completes parts PUT by other means, shows an upload and cancels another', async () => {
    const { path, data } = sourceFile('manual.mp4', 3);
    const id = await interruptAfter(path, 3);
    const shown = await cli('uploads', 'get', id);
    expect(shown.stdout).toContain('pending');
    expect(shown.stdout).toContain('received: 3 of 3 parts');
    const done = await cli('uploads', 'complete', id, '--json');
    expect(JSON.parse(done.stdout)).toEqual({ upload_id: id, status: 'complete' });
    expect(await storedMd5(id)).toBe(md5(data));
    expect((await cli('uploads', 'cancel', id)).code).toBe(5); // complete: 409 CONFLICT
    const other = await client().uploads.create({ content_type: 'video/mp4', size_bytes: 10 });
    const cancelled = await cli('uploads', 'cancel', other.upload_id, '--json');
    expect(JSON.parse(cancelled.stdout)).toEqual({ upload_id: other.upload_id, status: 'aborted' });
    expect((await cli('uploads', 'get', 'upl_nope')).code).toBe(3);
    expect(existsSync(path)).toBe(true);
  });
});
