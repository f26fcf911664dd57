import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/built-cli.js';
import { Tmpfs } from '../helpers/tmpfs.js';

// A daemon started with `daemon start` logs to DATA_DIR/daemon.log, on the data dir's disk. With
// that disk full to the last byte, every request is still answered (reads 200, writes 500
// INTERNAL_ERROR), the lines that cannot be written are counted on /metrics, and once space
// returns writes and logging work again; every line of the log stays one whole JSON record.

const disk = new Tmpfs('16m', 'log-full');
const dataDir = join(disk.base, 'data');
const clipper = builtCli({ PATH: process.env.PATH, HOME: disk.base, CLIPPER_STATE_DIR: join(disk.base, 'state'), CLIPPER_CONFIG_DIR: join(disk.base, 'cfg'), NO_COLOR: '1' });
let url = '';
let jwt = '';

beforeAll(async () => {
  if (!disk.mounted) return;
  mkdirSync(dataDir, { recursive: true });
  const settings = { log: { format: 'json' }, transcription: { engine: 'none' }, limits: { requests_per_minute: 100_000 } };
  writeFileSync(join(dataDir, 'config.json'), JSON.stringify(settings));
  const started = await clipper(['daemon', 'start', '--data-dir', dataDir, '--port', '0', '--json']);
  expect(started.code, started.stderr).toBe(0);
  url = `http://127.0.0.1:${JSON.parse(started.stdout).port}`;
  jwt = (await clipper(['auth', 'token', '--data-dir', dataDir])).stdout.trim();
}, 120_000);
afterAll(async () => {
  if (disk.mounted) await clipper(['daemon', 'stop', '--data-dir', dataDir]);
  disk.unmount();
});

async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await request(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${jwt}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.body.text();
  return { status: res.statusCode, body: text.startsWith('{') ? JSON.parse(text) : text };
}
const dropped = async () => {
  const family = parsePrometheusTextFormat((await call('GET', '/metrics')).body as string).find((f) => f.name === 'clipper_log_writes_dropped_total');
  return Number(family?.metrics[0]?.value);
};
const logLines = () => readFileSync(join(dataDir, 'daemon.log'), 'utf8').split('\n').filter(Boolean);

describe.skipIf(!disk.mounted)('the disk of daemon.log full', () => {
  it('answers every request, counts the lines it could not write, and logs again once space returns', async () => {
    expect(await dropped()).toBe(0);
    disk.fill(0);
    // Far more request lines than the log file's last page holds.
    for (let i = 0; i < 60; i++) expect((await call('GET', '/v1/ping')).status, `read ${i}`).toBe(200);
    for (let i = 0; i < 3; i++) {
      const refused = await call('POST', '/v1/keys', { label: `when full ${i}` });
      expect(refused.status).toBe(500);
      expect(refused.body.error).toMatchObject({ code: 'INTERNAL_ERROR', message: expect.stringMatching(/disk is full/) });
    }
    expect(await dropped()).toBeGreaterThan(0);
    const status = await clipper(['daemon', 'status', '--data-dir', dataDir, '--json']);
    expect(JSON.parse(status.stdout)).toMatchObject({ running: true });

    disk.freeSpace();
    const made = await call('POST', '/v1/keys', { label: 'after' });
    expect(made.status).toBe(201);
    const stopped = await clipper(['daemon', 'stop', '--data-dir', dataDir]);
    expect(stopped.code).toBe(0);
    const records = logLines().map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(records.find((r) => r.route === '/v1/keys' && r.status === 201)).toBeDefined();
    expect(records.at(-1)).toMatchObject({ level: 'info', msg: 'clipper daemon stopping' });
  }, 120_000);
});
