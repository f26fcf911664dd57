import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../../daemon/pipeline/ffmpeg/run.js';
import { RateLimiter } from '../../daemon/server/rate-limit.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { LinkServer } from './helpers/link-server.js';

// DESIGN.md "The pipeline": "The job is `processing` with its `clips` while previews render
// (`preview_url` appears per clip) and `done` when all have one"; spec "Clip": preview_url "May be
// omitted while the preview is still rendering". Seen here from outside, through GET
// /v1/clips/:jobId, while the real pipeline runs (real ffmpeg, pocketsphinx, suggester).

interface Snapshot {
  status: string;
  clips: Array<{ id: string; preview_url?: string }>;
}

let d: TestDaemon;
let links: LinkServer;
let work: string;
let video: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'clipper-progressive-'));
  // The spoken sample three times over (about four minutes): a job of several clips.
  video = join(work, 'three-times.mp4');
  await runFfmpeg(['-stream_loop', '2', '-i', join(process.cwd(), 'fixtures', 'sample.mp4'), '-c', 'copy', video]);
  // Face tracking off: when previews appear is checked here; framing is proven in pipeline-real.
  d = await startTestDaemon({ settings: { framing: { face_tracking: false } } });
  // Poll as often as the test needs: the spec's status-check limits are tested elsewhere.
  d.app.limiter = new RateLimiter(d.clock, { perMinute: 1e9, statusPerResource: 1e9, statusPerTeam: 1e9, notFoundPerHour: 1e9 });
  links = await new LinkServer().start();
}, 120_000);
afterAll(async () => {
  await links.stop();
  await d.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('previews fill in progressively, seen through GET /v1/clips/:jobId', () => {
  it('shows processing with clips some of which have preview_url and some not, then done with all', async () => {
    const auth = `Key ${await d.apiKey()}`;
    const created = await d.call('POST', '/v1/clips', { auth, body: { source: { url: links.file('/media/three.mp4', video) }, target_duration: 20 } });
    expect(created.status).toBe(202);
    const id = created.body.job_id as string;

    const seen: Snapshot[] = [];
    const run = d.processAll();
    let finished = false;
    void run.finally(() => (finished = true));
    while (!finished) {
      const r = await d.call('GET', `/v1/clips/${id}`, { auth });
      expect(r.status).toBe(200);
      seen.push(r.body as Snapshot);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await run;
    const last = (await d.call('GET', `/v1/clips/${id}`, { auth })).body as Snapshot;

    const partial = seen.filter((s) => s.status === 'processing' && s.clips.some((c) => c.preview_url) && s.clips.some((c) => !c.preview_url));
    expect(partial.length, `snapshots: ${seen.map((s) => `${s.status}:${s.clips.map((c) => (c.preview_url ? 'P' : '-')).join('')}`).join(' ')}`).toBeGreaterThan(0);
    // Once a clip has its preview it keeps it, and the job is done only when every clip has one.
    for (const s of seen.filter((x) => x.status === 'done')) expect(s.clips.every((c) => c.preview_url)).toBe(true);
    expect(last.status).toBe('done');
    expect(last.clips.length).toBeGreaterThanOrEqual(2);
    expect(last.clips.every((c) => typeof c.preview_url === 'string')).toBe(true);
    const firstWithPreview = new Map<string, number>();
    seen.forEach((s, i) => s.clips.forEach((c) => c.preview_url && !firstWithPreview.has(c.id) && firstWithPreview.set(c.id, i)));
    for (const [clipId, from] of firstWithPreview) {
      for (const s of seen.slice(from)) expect(s.clips.find((c) => c.id === clipId)?.preview_url, clipId).toBeTruthy();
    }
  }, 600_000); // about 25 s on a quiet 2-core machine; a loaded one can take minutes
});
