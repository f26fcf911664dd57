import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { fakeStages } from '../jobs/helpers/doubles.js';
import { LinkServer } from '../jobs/helpers/link-server.js';

// Conformance of clip jobs and clips over HTTP (spec "Clip job", "Clip", "States and
// transitions: Clip job", "POST /v1/clips", "GET /v1/clips/:jobId", "Errors"). See AUDIT-A.md.
let d: TestDaemon;
let auth: string;
let links: LinkServer;
beforeAll(async () => {
  links = await new LinkServer().start();
  d = await startTestDaemon({ settings: { pipeline: { chunk_seconds: 50, section_seconds: 100 } } });
  auth = `Key ${await d.apiKey()}`;
});
afterAll(async () => {
  await links.stop();
  await d.stop();
});
// A fresh minute (and hour) window each test, so request and status-check limits stay out of the way.
beforeEach(() => d.clock.set(Math.ceil(d.clock.now() / 3_600_000) * 3_600_000));

const HOUR = 3_600_000;
const createJob = (body: unknown, a = auth, headers?: Record<string, string>) => d.call('POST', '/v1/clips', { auth: a, body, headers });
const getJob = (id: string, a = auth) => d.call('GET', `/v1/clips/${id}`, { auth: a });

/** A complete single-PUT upload of a fake video (`FAKEVIDEO <seconds>`) that fakeStages reads. */
async function fakeVideoUpload(seconds: number, a = auth): Promise<string> {
  const created = await d.call('POST', '/v1/uploads', { auth: a, body: { content_type: 'video/mp4', file_name: 'talk.mp4' } });
  const put = await request(created.body.upload_url, { method: 'PUT', body: `FAKEVIDEO ${seconds}\n`, headers: { 'content-type': 'video/mp4' } });
  await put.body.text();
  expect(put.statusCode).toBe(200);
  return created.body.upload_id;
}

/** The error body with the id taken out: what an unknown id and another team's id must share. */
const withoutId = (body: any, id: string) => JSON.parse(JSON.stringify(body).split(id).join('<id>'));

describe('POST /v1/clips', () => {
  it('answers 202 with exactly job_id (string), status "queued" and created_at (Unix ms), with the rate headers', async () => {
    const r = await createJob({ source: { url: 'https://youtu.be/abc' } });
    expect(r.status).toBe(202);
    expect(Object.keys(r.body).sort()).toEqual(['created_at', 'job_id', 'status']);
    expect(r.body).toEqual({ job_id: expect.any(String), status: 'queued', created_at: d.clock.now() });
    expect(Number.isInteger(r.body.created_at)).toBe(true);
    expect(r.headers['x-ratelimit-limit']).toBe('60');
    expect(r.headers['x-ratelimit-remaining']).toBe('59');
  });

  it('ignores an Idempotency-Key header: every call allocates a new job (spec "Errors", rules 2 and 3)', async () => {
    const body = { source: { url: 'https://youtu.be/abc' } };
    const a = await createJob(body, auth, { 'idempotency-key': 'same-key' });
    const b = await createJob(body, auth, { 'idempotency-key': 'same-key' });
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(a.body.job_id).not.toBe(b.body.job_id);
  });

  it('checks in order: credential (401), then the body (400), then the upload (404, then 409)', async () => {
    const bad = { source: { url: 'https://youtu.be/abc', upload_id: 'upl_none' } };
    expect((await d.call('POST', '/v1/clips', { body: bad })).body.error.code).toBe('UNAUTHORIZED');
    expect((await createJob(bad)).status).toBe(400);
    expect((await createJob({ source: { upload_id: 'upl_none' }, language: 'english' })).status).toBe(400);
    const unknown = await createJob({ source: { upload_id: 'upl_none' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');
    const pending = await d.call('POST', '/v1/uploads', { auth, body: { content_type: 'video/mp4' } });
    expect((await createJob({ source: { upload_id: pending.body.upload_id } })).status).toBe(409);
  });

  it("answers another team's upload exactly as an unknown one", async () => {
    const theirs = await fakeVideoUpload(30, `Key ${await d.apiKey(await d.createTeam('owner'))}`);
    const other = await createJob({ source: { upload_id: theirs } });
    const unknown = await createJob({ source: { upload_id: 'upl_none' } });
    expect(other.status).toBe(404);
    expect(withoutId(other.body, theirs)).toEqual(withoutId(unknown.body, 'upl_none'));
  });
});

describe('GET /v1/clips/:jobId', () => {
  it("answers another team's job exactly as an unknown one (404, same body but the id)", async () => {
    const mine = (await createJob({ source: { url: 'https://youtu.be/abc' } })).body.job_id;
    const intruder = `Key ${await d.apiKey(await d.createTeam('intruder'))}`;
    const theirs = await getJob(mine, intruder);
    const unknown = await getJob('job_none', intruder);
    expect(theirs.status).toBe(404);
    expect(withoutId(theirs.body, mine)).toEqual(withoutId(unknown.body, 'job_none'));
  });

  it('shows processing with a populated clips array while a preview is still missing, then done with every preview_url', async () => {
    const base = fakeStages();
    let previews = 0;
    d.app.stages.current = {
      ...base,
      transcriber: base.transcriber,
      renderPreview: async (input, out, signal) => {
        if (++previews === 2) throw new Error('disk full'); // one preview fails once, then is retried
        return base.renderPreview(input, out, signal);
      },
    };
    const jobId = (await createJob({ source: { upload_id: await fakeVideoUpload(400) } })).body.job_id;
    await d.processAll();

    const midway = await getJob(jobId);
    expect(midway.status).toBe(200);
    const missing = midway.body.clips.filter((c: any) => !('preview_url' in c)).length;
    // Extensions of a running job besides folder_name and progress: `stage` (issue 13, item 9)
    // and the engine and model that transcribe it (issue 14).
    expect(Object.keys(midway.body).sort()).toEqual(['clips', 'created_at', 'folder_name', 'job_id', 'progress', 'stage', 'status', 'transcription']);
    expect(midway.body.transcription).toEqual({ engine: expect.any(String) });
    expect(midway.body.stage.name).toMatch(/^(transcribing|finding_clips|rendering_previews)$/);
    const shown = midway.body.stage.name === 'rendering_previews' ? midway.body.stage : midway.body.stage.previews;
    expect(shown).toEqual({ ...(shown.name ? { name: 'rendering_previews' } : {}), done: midway.body.clips.length - missing, total: midway.body.clips.length });
    expect(midway.body.status).toBe('processing');
    expect(midway.body.clips.length).toBeGreaterThan(1);
    expect(missing).toBeGreaterThanOrEqual(1);
    expect(missing).toBeLessThan(midway.body.clips.length);

    d.clock.advance(5_000);
    await d.processAll();
    const done = await getJob(jobId);
    expect(done.body.status).toBe('done');
    expect(done.body).not.toHaveProperty('error');
    expect(done.body.clips.length).toBeGreaterThanOrEqual(midway.body.clips.length);
    for (const clip of done.body.clips) {
      // The spec's fields with their types, plus DESIGN.md's extensions and nothing else.
      expect(Object.keys(clip).sort()).toEqual(['duration', 'editor_url', 'end', 'id', 'preview_url', 'reason', 'score', 'score_breakdown', 'start', 'title']);
      expect(clip).toMatchObject({ id: expect.any(String), title: expect.any(String), editor_url: `${d.url}/app/clips/${clip.id}` });
      expect(clip.duration).toBe(Math.round((clip.end - clip.start) * 100) / 100);
      expect(Math.round(clip.duration * 100)).toBeCloseTo(clip.duration * 100, 9); // two decimals at most
      expect(clip.score).toBeGreaterThanOrEqual(0);
      expect(clip.score).toBeLessThanOrEqual(1);
      // preview_url: signed for one hour from this answer (spec "Sizes, times and counts").
      expect(Number(new URL(clip.preview_url).searchParams.get('expires'))).toBe(d.clock.now() + HOUR);
    }
  });

  it('serves preview_url for one hour, then refuses it', async () => {
    d.app.stages.current = fakeStages();
    const jobId = (await createJob({ source: { upload_id: await fakeVideoUpload(60) } })).body.job_id;
    await d.processAll();
    const url = (await getJob(jobId)).body.clips[0].preview_url as string;
    const fetch = async () => {
      const r = await request(url);
      await r.body.text();
      return r.statusCode;
    };
    expect(await fetch()).toBe(200);
    d.clock.advance(HOUR - 1000);
    expect(await fetch()).toBe(200);
    d.clock.advance(1000);
    expect(await fetch()).toBe(403);
  });

  it('sets error (a string) exactly when the status is error', async () => {
    d.app.stages.current = { ...fakeStages(), probe: async () => Promise.reject(new Error('Invalid data found when processing input')) };
    const jobId = (await createJob({ source: { upload_id: await fakeVideoUpload(60) } })).body.job_id;
    expect(await getJob(jobId).then((r) => r.body)).not.toHaveProperty('error');
    await d.processAll();
    const failed = (await getJob(jobId)).body;
    expect(failed.status).toBe('error');
    expect(typeof failed.error).toBe('string');
    expect(failed.error.length).toBeGreaterThan(0);
  });
});

describe('source.url size (spec "Sizes, times and counts": up to 8 GB)', () => {
  /** A link that announces `size` bytes (the daemon must refuse it on the announcement alone). */
  const announcing = (size: number) =>
    links.on(`/big-${size}.mp4`, (req, res) => {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': size });
      if (req.method === 'HEAD') return void res.end();
      res.write(Buffer.alloc(1024));
      setTimeout(() => res.destroy(), 50);
    });

  it.each([8_000_000_001, 8_500_000_000])('ends the job in error for a file of %i bytes: the spec counts 8 GB as 8,000,000,000 bytes', async (size) => {
    d.app.stages.current = fakeStages();
    const r = await createJob({ source: { url: announcing(size) } });
    expect(r.status).toBe(202);
    await d.processAll();
    const job = (await getJob(r.body.job_id)).body;
    expect(job.status).toBe('error');
    expect(job.error).toMatch(/over the 8\.0 GB limit for source links/);
  });
});
