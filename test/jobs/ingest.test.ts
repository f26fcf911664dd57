import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { LinkServer } from './helpers/link-server.js';
import { fakeStages } from './helpers/doubles.js';

// Getting the source in (DESIGN.md "ingest"): file links streamed into the object store with the
// size cap, video-platform links through the real yt-dlp, and the failures a person must read.
let d: TestDaemon;
let noYtDlp: TestDaemon;
let links: LinkServer;
const dir = mkdtempSync(join(tmpdir(), 'clipper-ingest-'));
const video = join(dir, 'talk.mp4');
writeFileSync(video, 'FAKEVIDEO 30\n');

beforeAll(async () => {
  links = await new LinkServer().start();
  // The loopback server plays a video platform here; yt-dlp's generic extractor reads it.
  const pipeline = { video_platform_hosts: ['localhost'] };
  const limits = { max_download_bytes: 2048 };
  d = await startTestDaemon({ settings: { pipeline, limits } });
  noYtDlp = await startTestDaemon({ settings: { limits, pipeline: { ...pipeline, yt_dlp_path: join(dir, 'no-such-yt-dlp') } } });
  for (const t of [d, noYtDlp]) t.app.stages.current = fakeStages();
});
afterAll(async () => {
  await links.stop();
  await d.stop();
  await noYtDlp.stop();
});

async function run(t: TestDaemon, url: string) {
  const r = await t.call('POST', '/v1/clips', { auth: `Key ${await t.apiKey()}`, body: { source: { url } } });
  expect(r.status).toBe(202);
  await t.processAll();
  return await t.app.clipJobs.view(t.rootTeamId, r.body.job_id);
}

describe('file links', () => {
  it('stops a download over the size cap announced by Content-Length', async () => {
    const big = join(dir, 'big.mp4');
    writeFileSync(big, 'FAKEVIDEO 30\n'.padEnd(5000, ' '));
    const job = await run(d, links.file('/big.mp4', big));
    expect(job.status).toBe('error');
    expect(job.error).toBe(`The file at ${links.url}/big.mp4 is 5 KB, over the 2 KB limit for source links`);
  });

  it('stops a download that grows over the cap without announcing its size', async () => {
    links.on('/endless.mp4', (req, res) => {
      res.writeHead(200, { 'content-type': 'video/mp4' }); // chunked: no Content-Length
      if (req.method === 'HEAD') return void res.end();
      const timer = setInterval(() => res.write(Buffer.alloc(500, 32)), 5);
      res.on('close', () => clearInterval(timer));
    });
    const job = await run(d, `${links.url}/endless.mp4`);
    expect(job.status).toBe('error');
    expect(job.error).toMatch(/over the .* limit for source links; the download was stopped/);
    expect(await d.app.objects.stat(`jobs/${job.job_id}/source.mp4`)).toBeUndefined();
  });

  it('retries a link that cannot be reached a bounded number of times, then ends in error', async () => {
    const r = await d.call('POST', '/v1/clips', { auth: `Key ${await d.apiKey()}`, body: { source: { url: 'http://127.0.0.1:9/video.mp4' } } });
    await d.processAll();
    expect((await d.app.clipJobs.view(d.rootTeamId, r.body.job_id)).status).toBe('processing');
    d.clock.advance(5_000);
    await d.processAll();
    d.clock.advance(30_000);
    await d.processAll();
    const job = await d.app.clipJobs.view(d.rootTeamId, r.body.job_id);
    expect(job.status).toBe('error');
    expect(job.error).toBe('Could not download http://127.0.0.1:9/video.mp4: the server refused the connection');
  });
});

describe('video-platform links (yt-dlp)', () => {
  it('imports with yt-dlp and names the folder after the title', async () => {
    links.file('/watch/talk.mp4', video);
    const job = await run(d, `${links.url.replace('127.0.0.1', 'localhost')}/watch/talk.mp4`);
    expect(job.status).toBe('done');
    expect(job.folder_name).toBe('talk');
    expect(job.clips).toHaveLength(1);
  });

  it('ends in error saying what to install when yt-dlp is missing', async () => {
    const job = await run(noYtDlp, 'https://www.youtube.com/watch?v=abc');
    expect(job.status).toBe('error');
    expect(job.error).toMatch(/imported with yt-dlp, but ".*no-such-yt-dlp" is not installed\. Install it \(Debian: apt-get install yt-dlp/);
  });

  it('ends in error with what yt-dlp said when the platform cannot be reached', async () => {
    const job = await run(d, 'http://localhost:9/watch?v=gone');
    expect(job.status).toBe('processing'); // a platform may be down for a moment: retried
    d.clock.advance(5_000);
    await d.processAll();
    d.clock.advance(30_000);
    await d.processAll();
    const failed = await d.app.clipJobs.view(d.rootTeamId, job.job_id);
    expect(failed.status).toBe('error');
    expect(failed.error).toMatch(/^yt-dlp could not import http:\/\/localhost:9\/watch\?v=gone: .*refused/i);
  }, 120_000);
});
