import { copyFileSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunningDaemons } from '../../src/cli/running-daemons.js';
import { builtCli } from '../helpers/built-cli.js';

// A backup carries data, never the running daemon's runtime state. Backed up while a daemon runs
// and restored elsewhere, the restored data dir has no daemon: `daemon status` says so (exit 3)
// and `daemon stop` leaves the original serving, even when the original's daemon.json is put in
// the restored dir (an older release's backup, a copied folder): status and stop ask the daemon
// which data dir it serves. The record of started daemons does not lead the CLI to a daemon whose
// data dir was replaced by a restore either.

const root = mkdtempSync(join(tmpdir(), 'clipper-restore-runtime-'));
const original = join(root, 'original');
const backup = join(root, 'backup');
const restored = join(root, 'restored');
const env = { PATH: process.env.PATH, HOME: root, CLIPPER_STATE_DIR: join(root, 'state'), CLIPPER_CONFIG_DIR: join(root, 'cfg'), NO_COLOR: '1' };
const clipper = builtCli(env);
let started: { pid: number; port: number };
let running = [original];

beforeAll(async () => {
  const r = await clipper(['daemon', 'start', '--data-dir', original, '--port', '0', '--json']);
  expect(r.code, r.stderr).toBe(0);
  started = JSON.parse(r.stdout);
}, 60_000);
afterAll(async () => {
  for (const dir of running) await clipper(['daemon', 'stop', '--data-dir', dir]);
  rmSync(root, { recursive: true, force: true });
});

const status = async (dir: string) => {
  const r = await clipper(['daemon', 'status', '--data-dir', dir, '--json']);
  return { code: r.code, ...JSON.parse(r.stdout) };
};
const stop = async (dir: string) => {
  const r = await clipper(['daemon', 'stop', '--data-dir', dir, '--json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
};
const originalServes = async () => {
  expect((await request(`http://127.0.0.1:${started.port}/healthz`)).statusCode).toBe(200);
  expect(await status(original)).toEqual({ code: 0, running: true, pid: started.pid, port: started.port, data_dir: original });
};

describe('a restored data dir', () => {
  it('has no running daemon: status says so, stop leaves the original serving', async () => {
    const b = await clipper(['admin', 'backup', '--data-dir', original, '--to', backup, '--json']);
    expect(b.code, b.stderr).toBe(0);
    expect(existsSync(join(backup, 'daemon.json'))).toBe(false);
    expect(existsSync(join(backup, 'daemon.log'))).toBe(false);
    // As an older release's backup held it: restore leaves it behind.
    copyFileSync(join(original, 'daemon.json'), join(backup, 'daemon.json'));
    const r = await clipper(['admin', 'restore', '--from', backup, '--data-dir', restored, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(restored, 'daemon.json'))).toBe(false);

    expect(await status(restored)).toEqual({ code: 3, running: false, pid: null, port: null, data_dir: restored });
    expect(await stop(restored)).toEqual({ running: false, stopped: false, data_dir: restored });
    await originalServes();
  }, 120_000);

  it("is not taken for the original's daemon when the original's daemon.json is copied into it", async () => {
    copyFileSync(join(original, 'daemon.json'), join(restored, 'daemon.json'));
    expect(await status(restored)).toMatchObject({ code: 3, running: false });
    expect(await stop(restored)).toMatchObject({ stopped: false });
    await originalServes();
  }, 60_000);

  it('put in the place of a data dir whose daemon still runs, is not that daemon in the record of started daemons', async () => {
    const record = new RunningDaemons(env);
    expect(record.find({ dataDir: original })?.pid).toBe(started.pid);
    const aside = join(root, 'original-moved');
    renameSync(original, aside); // the daemon keeps serving the folder, now under another name
    running = [aside];
    const r = await clipper(['admin', 'restore', '--from', backup, '--data-dir', original, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(record.find({ dataDir: original })).toBeUndefined();
    expect(await status(original)).toMatchObject({ code: 3, running: false });
    // The moved folder's own record still names its daemon, which stops.
    expect(await stop(aside)).toMatchObject({ stopped: true, pid: started.pid });
    running = [];
  }, 120_000);
});
