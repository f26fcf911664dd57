import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClipperClient } from '../../src/client/client.js';
import { uploadFile } from '../../src/client/uploader.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { connect } from './helpers.js';

// The whole way on the committed spoken sample: upload, the real pipeline (ffmpeg, pocketsphinx,
// the suggester, previews), and drafts written from real recognised words when each preview is
// ready. (Publishing a draft is covered by publishing.test.ts; it is left out here for speed.)
const SAMPLE = join(process.cwd(), 'fixtures', 'sample.mp4');

let d: TestDaemon;
let auth: string;
let jobId: string;
beforeAll(async () => {
  d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 } } });
  auth = `Key ${await d.apiKey()}`;
  for (const p of ['short_video', 'long_video', 'professional_network']) await connect(d, p);
  const client = new ClipperClient({ baseUrl: d.url, apiKey: await d.apiKey() });
  const uploaded = await uploadFile(client, SAMPLE, { fileName: 'weekly update.mp4' });
  jobId = (await d.call('POST', '/v1/clips', { auth, body: { source: { upload_id: uploaded.upload_id }, criteria: 'pricing and costs' } })).body.job_id;
  await d.processAll();
}, 300_000);
afterAll(() => d.stop());

const words = (s: string) => new Set(s.toLowerCase().match(/[a-z']+/g) ?? []);

describe('from a spoken video to drafts', () => {
  it('writes one draft per connected platform for every clip, from that clip\'s own words', async () => {
    const job = (await d.call('GET', `/v1/clips/${jobId}`, { auth })).body;
    expect(job.status).toBe('done');
    const drafted = (await d.app.store.events.readAfter(0, 100_000)).filter((e) => e.type === 'post.draft.created');
    expect(drafted).toHaveLength(job.clips.length * 3);
    const best = job.clips[0];
    const posts = (await d.call('GET', `/v1/clips/${best.id}/posts`, { auth })).body.posts;
    expect(posts.map((p: any) => p.platform).sort()).toEqual(['long_video', 'professional_network', 'short_video']);
    const spoken = words((await d.app.store.clips.byId(best.id))!.transcript);
    for (const p of posts) {
      const hook = p.caption.split('\n')[0];
      const hookWords = [...words(hook)];
      expect(hookWords.length).toBeGreaterThan(3);
      expect(hookWords.filter((w) => spoken.has(w)).length).toBe(hookWords.length);
      expect(p.caption).toMatch(/#[A-Z]/);
    }
    const title = posts.find((p: any) => p.platform === 'long_video').title;
    expect(title.length).toBeGreaterThan(5);
    expect(title.length).toBeLessThanOrEqual(100);
  });
});
