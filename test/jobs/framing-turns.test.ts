import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centrePlan } from '../../daemon/pipeline/framing/index.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { LinkServer } from './helpers/link-server.js';
import { fakeStages } from './helpers/doubles.js';

// A clip's framing analysis (frame sampler and face detector) runs alone: never beside another
// clip's analysis or a preview encode, while previews still encode side by side on the two
// heavy slots. Seen through a job of several clips whose stages record when they run.

let d: TestDaemon;
let links: LinkServer;
const dir = mkdtempSync(join(tmpdir(), 'clipper-framing-turns-'));

beforeAll(async () => {
  d = await startTestDaemon({ settings: { pipeline: { chunk_seconds: 50, section_seconds: 100, heavy_concurrency: 2 } } });
  links = await new LinkServer().start();
});
afterAll(async () => {
  await links.stop();
  await d.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('framing analyses and preview encodes take turns', () => {
  it('never runs an analysis beside another analysis or an encode; encodes run two at once', async () => {
    const running = new Set<string>();
    const overlaps: string[] = [];
    let encodesAtOnce = 0;
    const during = async <T>(what: string, work: () => Promise<T>) => {
      if (what.startsWith('frame') ? running.size > 0 : [...running].some((r) => r.startsWith('frame'))) overlaps.push(`${what} beside ${[...running].join(', ')}`);
      running.add(what);
      encodesAtOnce = Math.max(encodesAtOnce, [...running].filter((r) => r.startsWith('preview')).length);
      try {
        // Long enough that the other heavy slot would start its own work meanwhile.
        await new Promise((r) => setTimeout(r, 40));
        return await work();
      } finally {
        running.delete(what);
      }
    };
    const base = fakeStages();
    d.app.stages.current = {
      ...base,
      transcriber: base.transcriber,
      frame: ({ probe: p, clip }) => during(`frame ${clip.start}`, async () => centrePlan({ width: p.width!, height: p.height! }, clip.end - clip.start, 'test double')),
      renderPreview: (input, out, signal) => during(`preview ${input.clip.start}`, () => base.renderPreview(input, out, signal)),
    };
    const file = join(dir, 'long.mp4');
    writeFileSync(file, 'FAKEVIDEO 400\n');
    const created = await d.call('POST', '/v1/clips', { auth: `Key ${await d.apiKey()}`, body: { source: { url: links.file('/long.mp4', file) } } });
    expect(created.status).toBe(202);
    await d.processAll();
    const job = await d.app.clipJobs.view(d.rootTeamId, created.body.job_id as string);
    expect(job.status).toBe('done');
    expect(job.clips.length).toBeGreaterThan(2);
    expect(overlaps).toEqual([]);
    expect(encodesAtOnce).toBe(2);
  }, 60_000);
});
