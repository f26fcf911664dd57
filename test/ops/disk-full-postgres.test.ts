import { spawnSync } from 'node:child_process';
import { chmodSync, closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgSql } from '../../daemon/store/postgres/pg-sql.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';

// Issue 31, item 4, PostgreSQL: the disk under the database fills up (the cluster lives on a
// 120 MB tmpfs; the data dir with the objects does not). A write that needs a new page meets
// PostgreSQL's 53100 disk_full: INTERNAL_ERROR naming the database's disk, nothing of it kept,
// what was stored still read, and writes work again once space returns.

const base = mkdtempSync(join(tmpdir(), 'clipper-pg-full-'));
const mounted = process.platform === 'linux' && spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=120m', 'tmpfs', base]).status === 0;
if (!mounted) console.warn(`PostgreSQL disk-full test skipped: cannot mount a tmpfs on ${base} (needs root and mount(8))`);
const filler = join(base, 'filler');
let pg: TestPostgres | undefined;
let d: TestDaemon | undefined;
let sql: PgSql | undefined;
beforeAll(async () => {
  if (!mounted) return;
  chmodSync(base, 0o755); // the `postgres` user reaches its cluster inside
  pg = await startPostgres({ under: base });
  const url = await pg.createDatabase();
  sql = PgSql.connect(url, 1);
  d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 }, database: { url } } });
}, 120_000);
afterAll(async () => {
  await d?.stop();
  await sql?.close();
  await pg?.stop();
  if (mounted) spawnSync('umount', [base]);
  rmSync(base, { recursive: true, force: true });
});

describe.skipIf(!mounted)("PostgreSQL's disk full", () => {
  it("answers INTERNAL_ERROR naming the database's disk, keeps nothing of the refused write, then works again", async () => {
    const jwt = `Bearer ${await d!.token()}`;
    const auth = `Key ${await d!.apiKey()}`;
    const hook = await d!.call('POST', '/v1/webhooks', { auth: jwt, body: { url: 'http://127.0.0.1:9/hook', events: ['post.published'] } });
    expect(hook.status).toBe(201);
    const fd = openSync(filler, 'w');
    try {
      for (;;) writeSync(fd, Buffer.alloc(1 << 16, 1));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
    } finally {
      closeSync(fd);
    }
    // Rows go into pages that still have room until one needs a new page.
    const keys = async () => Number(await sql!.value('SELECT COUNT(*) FROM api_keys'));
    const stored = await keys();
    let refused: { status: number; body: any } | undefined;
    let made = 0;
    for (let i = 0; i < 400 && !refused; i++) {
      const r = await d!.call('POST', '/v1/keys', { auth: jwt, body: { label: `key ${i}` } });
      if (r.status === 201) made++;
      else refused = r;
    }
    expect(refused, 'no write met the full disk').toBeDefined();
    expect(refused!.status).toBe(500);
    expect(refused!.body.error).toEqual({ code: 'INTERNAL_ERROR', message: expect.stringMatching(/^The database's disk is full: /), details: null });
    const before = await keys();
    expect(before).toBe(stored + made); // every key answered 201 is there, the refused one is not
    expect((await d!.call('GET', `/v1/webhooks/${hook.body.id}`, { auth: jwt })).status).toBe(200); // reads go on
    expect((await d!.call('GET', '/v1/ping', { auth })).status).toBe(200);

    rmSync(filler);
    expect(await keys()).toBe(before);
    expect((await d!.call('POST', '/v1/keys', { auth: jwt, body: { label: 'after' } })).status).toBe(201);
    expect(await keys()).toBe(before + 1);
  });
});
