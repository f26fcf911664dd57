// Issue 30, item 1: the `clip_count` extension field of POST /v1/clips (DESIGN.md, third round).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';

let d: TestDaemon;
let auth: string;
beforeAll(async () => {
  d = await startTestDaemon();
  auth = `Key ${await d.apiKey()}`;
});
afterAll(async () => {
  await d.stop();
});
beforeEach(() => d.clock.set(Math.ceil(d.clock.now() / 3_600_000) * 3_600_000));

const count = (sql: string) => d.app.db.prepare(sql).pluck().get() as number;
const post = (body: unknown) => d.call('POST', '/v1/clips', { auth, body });
const source = { url: 'https://www.youtube.com/watch?v=abc' };

describe('clip_count on POST /v1/clips', () => {
  it.each([
    ['zero', 0], ['31', 31], ['a fraction', 2.5], ['text', '5'], ['negative', -3], ['null', null],
  ])('answers 400 BAD_REQUEST naming clip_count for %s, and creates nothing', async (_name, value) => {
    const before = count('SELECT COUNT(*) FROM clip_jobs');
    const r = await post({ source, clip_count: value });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/clip_count must be a whole number from 1 to 30/) });
    expect(r.body.error.details.field).toBe('clip_count');
    expect(count('SELECT COUNT(*) FROM clip_jobs')).toBe(before);
  });

  it('stores the count asked for, and null without one', async () => {
    const asked = await post({ source, clip_count: 12 });
    expect(asked.status).toBe(202);
    expect((await d.app.clipJobs.repo.byId(asked.body.job_id))!.requested_clips).toBe(12);
    const plain = await post({ source });
    expect((await d.app.clipJobs.repo.byId(plain.body.job_id))!.requested_clips).toBeNull();
  });
});
