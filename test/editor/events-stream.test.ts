import { request, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';

// Issue 29, item 1: GET /app/events, the pages' live state as server-sent events read forward
// from the durable event log: signed in like the pages' other state routes, one team's events
// only, resumed after Last-Event-ID, with a heartbeat; the page states carry the seq to start at.

let d: TestDaemon;
let auth: string;
beforeAll(async () => {
  d = await startTestDaemon({ settings: { server: { event_heartbeat_ms: 150 } } });
  auth = `Bearer ${await d.token()}`;
});
afterAll(async () => {
  await d?.stop();
});

interface Stream {
  res: IncomingMessage;
  /** Everything read so far. */
  text: () => string;
  until: (pattern: RegExp, ms?: number) => Promise<string>;
  close: () => void;
}

function open(headers: Record<string, string>, query = ''): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = request(`${d.url}/app/events${query}`, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('error', () => undefined);
      const until = async (pattern: RegExp, ms = 5000) => {
        const end = Date.now() + ms;
        while (!pattern.test(text)) {
          if (Date.now() > end) throw new Error(`no ${pattern} in ${JSON.stringify(text)}`);
          await new Promise((r) => setTimeout(r, 20));
        }
        return text;
      };
      resolve({ res, text: () => text, until, close: () => req.destroy() });
    });
    req.on('error', reject);
    req.end();
  });
}

const messages = (text: string) => [...text.matchAll(/^id: (\d+)\ndata: (.*)$/gm)].map((m) => ({ seq: Number(m[1]), ...JSON.parse(m[2]) as { id: string; type: string; data: Record<string, unknown> } }));
const emitProgress = (teamId: string, progress: number) => d.app.store.events.emit('project.render.progress', { project_id: 'clip_x', team_id: teamId, progress });

describe('GET /app/events', () => {
  it('streams the signed-in team\'s events as they are logged, not another team\'s, with a heartbeat', async () => {
    const s = await open({ authorization: auth });
    expect(s.res.statusCode).toBe(200);
    expect(s.res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(s.res.headers['cache-control']).toBe('no-store');
    await s.until(/retry: \d+/);
    const other = await d.createTeam('other');
    await emitProgress(other, 0.5);
    const mine = await emitProgress(d.rootTeamId, 0.25);
    const text = await s.until(/"progress":0\.25/);
    const got = messages(text);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ id: mine.id, type: 'project.render.progress', data: { project_id: 'clip_x', team_id: d.rootTeamId, progress: 0.25 } });
    await s.until(/: heartbeat\n\n/, 3000);
    s.close();
  });

  it('resumes after Last-Event-ID (or ?after=) from the log: events logged while away are sent', async () => {
    const first = await emitProgress(d.rootTeamId, 0.1);
    const [row] = (await d.app.store.events.readAfter(0, 1000, d.rootTeamId)).filter((e) => e.id === first.id);
    const missed = [await emitProgress(d.rootTeamId, 0.2), await emitProgress(d.rootTeamId, 0.3)];
    const s = await open({ authorization: auth, 'last-event-id': String(row.seq) }, '?after=0');
    const got = messages(await s.until(/"progress":0\.3/));
    expect(got.map((e) => e.id)).toEqual(missed.map((e) => e.id));
    expect(got[0].seq).toBeGreaterThan(row.seq);
    s.close();
    const q = await open({ authorization: auth }, `?after=${row.seq}`);
    expect(messages(await q.until(/"progress":0\.3/)).map((e) => e.id)).toEqual(missed.map((e) => e.id));
    q.close();
  });

  it('the editor\'s and the dashboard\'s states say which seq to follow from', async () => {
    const last = await d.app.store.events.lastSeq();
    const dash = await d.call('GET', '/app/dashboard/state', { auth });
    expect(dash.status).toBe(200);
    expect(dash.body.events_after).toBe(last);
  });

  it('refuses a request without sign-in (401 envelope) and a cursor that is not an event number (400), changing nothing', async () => {
    const none = await d.call('GET', '/app/events', { headers: { accept: 'text/event-stream' } });
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('UNAUTHORIZED');
    const bad = await d.call('GET', '/app/events?after=-1', { auth, headers: { accept: 'text/event-stream' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/after/);
  });

  it('ends when the session that opened it is signed out', async () => {
    const cookie = (await d.app.sessions.start(d.rootTeamId)).split(';')[0];
    const s = await open({ cookie });
    expect(s.res.statusCode).toBe(200);
    const ended = new Promise<void>((r) => s.res.on('end', () => r()));
    const out = await d.call('POST', '/app/logout', { headers: { cookie, 'x-csrf-token': (await d.app.sessions.session({ headers: { cookie } } as never))!.csrf_token } });
    expect(out.status).toBe(200);
    await ended;
  });
});
