import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { LinkServer } from './helpers/link-server.js';

let d: TestDaemon;
let links: LinkServer;
let auth: string;
beforeAll(async () => {
  d = await startTestDaemon();
  links = await new LinkServer().start();
  auth = `Key ${await d.apiKey()}`;
});
afterAll(async () => {
  await links.stop();
  await d.stop();
});
// Every test starts in a fresh minute window, so the request limit never interferes.
beforeEach(() => d.clock.set(Math.ceil(d.clock.now() / 3_600_000) * 3_600_000));

const count = (sql: string) => d.app.db.prepare(sql).pluck().get() as number;
const post = (body: unknown, a = auth) => d.call('POST', '/v1/clips', { auth: a, body });

describe('POST /v1/clips validation (spec "POST /v1/clips", errors)', () => {
  it.each([
    ['no source', {}, 'source'],
    ['an empty source', { source: {} }, 'source'],
    ['both url and upload_id', { source: { url: 'https://example.com/a.mp4', upload_id: 'upl_x' } }, 'source'],
    ['a source that is a string', { source: 'https://example.com/a.mp4' }, 'source'],
    ['a malformed URL', { source: { url: 'not a url' } }, 'source.url'],
    ['a URL without http(s)', { source: { url: 'ftp://example.com/a.mp4' } }, 'source.url'],
    ['an empty URL', { source: { url: '' } }, 'source.url'],
    ['a language that is no ISO 639-1 code', { source: { url: 'https://youtu.be/abc' }, language: 'english' }, 'language'],
    ['a two-letter language that does not exist', { source: { url: 'https://youtu.be/abc' }, language: 'xx' }, 'language'],
    ['a language tag with a region', { source: { url: 'https://youtu.be/abc' }, language: 'en-US' }, 'language'],
    ['a zero target_duration', { source: { url: 'https://youtu.be/abc' }, target_duration: 0 }, 'target_duration'],
    ['a negative target_duration', { source: { url: 'https://youtu.be/abc' }, target_duration: -30 }, 'target_duration'],
    ['a target_duration that is text', { source: { url: 'https://youtu.be/abc' }, target_duration: '30' }, 'target_duration'],
    ['a target_duration of a day', { source: { url: 'https://youtu.be/abc' }, target_duration: 86400 }, 'target_duration'],
    ['criteria that is not text', { source: { url: 'https://youtu.be/abc' }, criteria: 42 }, 'criteria'],
    ['criteria of 2000 characters', { source: { url: 'https://youtu.be/abc' }, criteria: 'x'.repeat(2000) }, 'criteria'],
    ['an unknown field', { source: { url: 'https://youtu.be/abc' }, webhook: 'x' }, null],
  ])('answers 400 BAD_REQUEST for %s, naming the field, and creates nothing', async (_name, body, field) => {
    const before = { jobs: count('SELECT COUNT(*) FROM clip_jobs'), events: count('SELECT COUNT(*) FROM events') };
    const r = await post(body);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'BAD_REQUEST', message: expect.any(String) });
    if (field) expect(r.body.error.details.field).toBe(field);
    expect({ jobs: count('SELECT COUNT(*) FROM clip_jobs'), events: count('SELECT COUNT(*) FROM events') }).toEqual(before);
  });

  it('answers 400 for a body that is not JSON, and 401 without a credential', async () => {
    const bad = await d.call('POST', '/v1/clips', { auth, rawBody: '{"source":', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    const anon = await d.call('POST', '/v1/clips', { body: { source: { url: 'https://youtu.be/abc' } } });
    expect(anon.status).toBe(401);
    expect(anon.body.error.code).toBe('UNAUTHORIZED');
  });
});

describe('accepting a job', () => {
  it('answers 202 {job_id, status: queued, created_at} and emits asset.analysis.started with it', async () => {
    const r = await post({ source: { url: 'https://www.youtube.com/watch?v=abc' }, criteria: 'pricing', target_duration: 30, language: 'EN' });
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ job_id: expect.stringMatching(/^job_[A-Za-z0-9]+$/), status: 'queued', created_at: d.clock.now() });
    const job = (await d.app.clipJobs.repo.byId(r.body.job_id))!;
    expect(job).toMatchObject({ status: 'queued', source_type: 'platform', language: 'en', criteria: 'pricing', target_duration: 30 });
    const events = (await d.app.store.events.readAfter(0, 1000)).filter((e) => (e.data as any).job_id === r.body.job_id);
    expect(events.map((e) => e.type)).toEqual(['asset.analysis.started']);
    expect(events[0].data).toEqual({ asset_id: job.asset_id, team_id: d.rootTeamId, job_id: job.id });
    expect((await d.app.tasks.repo.active('clip_job', job.id))?.status).toBe('pending');
  });

  it("defaults language to the team's preferred language and criteria to general highlights", async () => {
    const team = await d.app.store.teams.create('german team', d.clock.now(), { preferredLanguage: 'de' });
    const r = await post({ source: { url: 'https://vimeo.com/123' } }, `Key ${await d.apiKey(team.id)}`);
    expect(r.status).toBe(202);
    expect(await d.app.clipJobs.repo.byId(r.body.job_id)).toMatchObject({ language: 'de', criteria: null, target_duration: null });
  });

  it('names the folder after the file at the end of a link', async () => {
    const url = links.file('/media/Team%20Meeting%202024.mp4', 'package.json');
    const r = await post({ source: { url } });
    expect(r.status).toBe(202);
    expect((await d.app.clipJobs.repo.byId(r.body.job_id))!.folder_name).toBe('Team Meeting 2024.mp4');
  });
});

describe('links answered as web pages (spec behaviour 3)', () => {
  it('refuses a text/html link with 400 before accepting anything', async () => {
    const before = count('SELECT COUNT(*) FROM clip_jobs');
    const r = await post({ source: { url: links.page('/watch-page') } });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('BAD_REQUEST');
    expect(r.body.error.message).toMatch(/web page/);
    expect(r.body.error.details).toMatchObject({ field: 'source.url', content_type: 'text/html' });
    expect(count('SELECT COUNT(*) FROM clip_jobs')).toBe(before);
  });

  it('asks with a ranged GET when the server refuses HEAD, following redirects', async () => {
    links.on('/no-head', (req, res) => {
      if (req.method === 'HEAD') return void res.writeHead(405).end();
      res.writeHead(206, { 'content-type': 'text/html' }).end('<');
    });
    links.on('/moved', (_req, res) => res.writeHead(302, { location: '/no-head' }).end());
    links.hits.length = 0;
    const r = await post({ source: { url: `${links.url}/moved` } });
    expect(r.status).toBe(400);
    expect(links.hits.map((h) => `${h.method} ${h.path}`)).toEqual(['HEAD /moved', 'HEAD /no-head', 'GET /moved', 'GET /no-head']);
    expect(links.hits[3].range).toBe('bytes=0-0');
  });

  it('accepts a link that cannot be reached now (it fails later, in the background)', async () => {
    const r = await post({ source: { url: 'http://127.0.0.1:9/gone.mp4' } });
    expect(r.status).toBe(202);
  });

  it('refuses loopback and private links on a hosted deployment, up front', async () => {
    const hosted = await startTestDaemon({ settings: { server: { local: false } } });
    try {
      for (const url of ['http://127.0.0.1/a.mp4', 'https://10.1.2.3/a.mp4', 'https://192.168.0.9/a.mp4']) {
        const r = await hosted.call('POST', '/v1/clips', { auth: `Key ${await hosted.apiKey()}`, body: { source: { url } } });
        expect(r.status).toBe(400);
        expect(r.body.error.details.field).toBe('source.url');
      }
    } finally {
      await hosted.stop();
    }
  });

  it('does not ask video platforms (their pages are HTML by nature)', async () => {
    const r = await post({ source: { url: 'https://youtu.be/dQw4w9WgXcQ' } });
    expect(r.status).toBe(202);
  });
});

describe('uploads as the source (spec "Upload" states, "POST /v1/clips" 409s)', () => {
  const putUpload = async (fileName?: string) => {
    const created = await d.call('POST', '/v1/uploads', { auth, body: { content_type: 'video/mp4', ...(fileName ? { file_name: fileName } : {}) } });
    expect(created.status).toBe(201);
    return created.body as { upload_id: string; upload_url: string };
  };
  const send = (u: { upload_url: string }) => request(u.upload_url, { method: 'PUT', body: 'FAKEVIDEO 30\n', headers: { 'content-type': 'video/mp4' } }).then((r) => r.body.text());

  it('accepts a complete upload once, names the folder after its file_name, and 409s a second job on it', async () => {
    const u = await putUpload('Quarterly review.mp4');
    await send(u);
    const first = await post({ source: { upload_id: u.upload_id } });
    expect(first.status).toBe(202);
    expect(await d.app.clipJobs.repo.byId(first.body.job_id)).toMatchObject({ source_type: 'upload', folder_name: 'Quarterly review.mp4', upload_id: u.upload_id, media_key: expect.any(String) });
    const before = count('SELECT COUNT(*) FROM clip_jobs');
    const second = await post({ source: { upload_id: u.upload_id } });
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/another clip job/) });
    expect(count('SELECT COUNT(*) FROM clip_jobs')).toBe(before);
  });

  it('409s an upload whose file never came, and one that expired; 404s an unknown one', async () => {
    const empty = await putUpload();
    const early = await post({ source: { upload_id: empty.upload_id } });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('CONFLICT');
    d.clock.advance(2 * 3_600_000); // the PUT URL (1 hour) ran out
    const expired = await post({ source: { upload_id: empty.upload_id } });
    expect(expired.status).toBe(409);
    expect((await post({ source: { upload_id: 'upl_nothing' } })).status).toBe(404);
  });

  it("does not let a team use another team's upload", async () => {
    const u = await putUpload('mine.mp4');
    await send(u);
    const other = await d.createTeam('thief');
    const r = await post({ source: { upload_id: u.upload_id } }, `Key ${await d.apiKey(other)}`);
    expect(r.status).toBe(404);
  });
});

describe('GET /v1/clips/:jobId', () => {
  it('shows a queued job with an empty clips array, and is 404 to other teams', async () => {
    const created = (await post({ source: { url: 'https://youtu.be/abc' } })).body;
    const r = await d.call('GET', `/v1/clips/${created.job_id}`, { auth });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ job_id: created.job_id, status: 'queued', created_at: created.created_at, clips: [] });
    expect(r.body).not.toHaveProperty('error');
    const other = await d.createTeam('other');
    const theirs = await d.call('GET', `/v1/clips/${created.job_id}`, { auth: `Bearer ${await d.token(other)}` });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe('NOT_FOUND');
    expect((await d.call('GET', '/v1/clips/job_nothere', { auth })).status).toBe(404);
  });

  it('counts against the status-check limits: the 7th check of one job in a minute is 429', async () => {
    const created = (await post({ source: { url: 'https://youtu.be/abc' } })).body;
    for (let i = 0; i < 6; i++) expect((await d.call('GET', `/v1/clips/${created.job_id}`, { auth })).status).toBe(200);
    const limited = await d.call('GET', `/v1/clips/${created.job_id}`, { auth });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('STATUS_RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    d.clock.advance(60_000);
    expect((await d.call('GET', `/v1/clips/${created.job_id}`, { auth })).status).toBe(200);
  });
});
