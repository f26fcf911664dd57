import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../daemon/store/db.js';
import { startTestDaemon } from '../helpers/daemon.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';

// Issue 21, item 1: "database.url in config.json (or CLIPPER_DATABASE_URL) selects a PostgreSQL
// implementation of every repository". A daemon given one keeps its rows there, not in the data
// dir's SQLite file, and finds them again after a restart.
let pg: TestPostgres;
beforeAll(async () => {
  pg = await startPostgres();
});
afterAll(async () => {
  await pg?.stop();
});

describe('the daemon on PostgreSQL (database.url)', () => {
  it('keeps teams, webhooks, uploads and events in PostgreSQL and finds them after a restart', async () => {
    const url = await pg.createDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'clipper-pg-daemon-'));
    const settings = { database: { url } };
    const a = await startTestDaemon({ dataDir, settings });
    const auth = `Bearer ${await a.token()}`;
    const hook = await a.call('POST', '/v1/webhooks', { auth, body: { url: 'https://example.com/hook', events: ['*'] } });
    expect(hook.status).toBe(201);
    const upload = await a.call('POST', '/v1/uploads', { auth, body: { content_type: 'video/mp4' } });
    expect(upload.status).toBe(201);
    expect((await a.call('POST', '/v1/webhooks/trigger', { auth, body: { type: 'post.published' } })).status).toBe(201);
    await a.stop();

    const local = openDb(join(dataDir, 'clipper.db'));
    expect(local.prepare('SELECT COUNT(*) FROM webhooks').pluck().get()).toBe(0);
    expect(local.prepare('SELECT COUNT(*) FROM uploads').pluck().get()).toBe(0);
    local.close();

    const b = await startTestDaemon({ dataDir, settings });
    try {
      expect(b.rootTeamId).toBe(a.rootTeamId);
      const auth2 = `Bearer ${await b.token()}`;
      expect((await b.call('GET', '/v1/webhooks', { auth: auth2 })).body.webhooks.map((w: { id: string }) => w.id)).toEqual([hook.body.id]);
      expect((await b.call('GET', `/v1/uploads/${upload.body.upload_id}`, { auth: auth2 })).status).toBe(200);
      expect((await b.app.store.events.readAfter(0)).map((e) => e.type)).toContain('post.published');
    } finally {
      await b.stop();
    }
  });
});
