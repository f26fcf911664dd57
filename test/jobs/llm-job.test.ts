// Issue 20, item 5 through the whole job: with `llm` in the settings, a local server speaking the
// chat-completions protocol ranks the committed sample's clips (in reverse of the heuristics'
// order here) and writes their titles and captions; the job's order, titles, reasons and drafts
// are the server's, and the job says who chose. A server that does not answer leaves the job to
// the heuristics, and the job says why.
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { LlmServer, type ChatRequest } from '../helpers/llm-server.js';
import { connect } from '../publish/helpers.js';
import { LinkServer } from './helpers/link-server.js';

const SAMPLE = join(process.cwd(), 'fixtures', 'sample.mp4');
let llm: LlmServer;
let links: LinkServer;
let withModel: TestDaemon;
let heuristicsOnly: TestDaemon;
let ranked: string[] = [];
// Face tracking off: this file is about the language model; framing a job's clips is proven in pipeline-real.
const NO_FRAMING = { framing: { face_tracking: false } };

const ids = (req: ChatRequest) => [...req.messages[1].content.matchAll(/\[(c\d+)\]/g)].map((m) => m[1]);

async function runJob(d: TestDaemon): Promise<any> {
  await connect(d, 'short_video');
  const auth = `Key ${await d.apiKey()}`;
  const jobId = (await d.call('POST', '/v1/clips', { auth, body: { source: { url: links.file('/sample.mp4', SAMPLE) }, criteria: 'the office dog' } })).body.job_id;
  await d.processAll();
  return (await d.call('GET', `/v1/clips/${jobId}`, { auth })).body;
}

beforeAll(async () => {
  llm = await new LlmServer().start();
  links = await new LinkServer().start();
  llm.behaviour = {
    chunkBytes: 100,
    // Issue 28's three calls: judge (the candidates in reverse of the heuristics' order), rank
    // the finalists (as judged), write the copy.
    content: (req) => {
      const name = req.response_format?.json_schema?.name;
      if (name === 'clip_copy') {
        return { clips: Object.fromEntries(ids(req).map((id) => [id, { title: `Model headline for clip ${id}`, hashtags: ['OfficeLife'], caption: `Model caption ${id}` }])) };
      }
      if (name === 'clip_ranking') return { order: ids(req) };
      ranked = ids(req).reverse();
      // A section with nothing to choose is judged and given its copy in one call.
      const copy = (id: string) => (req.messages[1].content.startsWith('Task "judge" and task "copy"') ? { title: `Model headline for clip ${id}`, hashtags: ['OfficeLife'], caption: `Model caption ${id}` } : {});
      return { clips: Object.fromEntries(ranked.map((id, i) => [id, { reason: `rank ${i + 1} by the model`, hook: 8, payoff: 8, self_contained: 8, relevance: 10 - i, end: 0, ...copy(id) }])) };
    },
  };
  withModel = await startTestDaemon({ settings: { llm: { base_url: llm.url, model: 'test-model', timeout_ms: 20_000 }, ...NO_FRAMING } });
  const closed = createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  const port = (closed.address() as AddressInfo).port;
  await new Promise((r) => closed.close(r));
  heuristicsOnly = await startTestDaemon({ settings: { llm: { base_url: `http://127.0.0.1:${port}/v1`, model: 'test-model', timeout_ms: 2_000, stream: false }, ...NO_FRAMING } });
}, 60_000);
afterAll(async () => {
  await withModel.stop();
  await heuristicsOnly.stop();
  await links.stop();
  await llm.stop();
});

describe('a clip job with a language model', () => {
  it('orders, titles and explains the clips as the server says, and drafts use its captions', async () => {
    const job = await runJob(withModel);
    expect(job.status).toBe('done');
    expect(job.ranking).toEqual({ by: 'llm', model: 'test-model' });
    expect(llm.requests.some((r) => r.stream === true)).toBe(true);
    expect(job.clips.length).toBeGreaterThanOrEqual(2);
    // The server ranked the candidates in reverse; the clips come in its order, with its words.
    job.clips.forEach((c: any, i: number) => {
      expect(c.reason).toBe(`Language model: rank ${i + 1} by the model`);
      expect(c.title).toMatch(/^Model headline for clip c\d+$/);
      expect(c.scores).toMatchObject({ hook: 0.8, payoff: 0.8, self_contained: 0.8 });
    });
    for (let i = 1; i < job.clips.length; i++) expect(job.clips[i].score).toBeLessThan(job.clips[i - 1].score);
    // Issue 28, item 2a: every clip of the job ranked against the others, once, after the last section.
    const rankings = llm.requests.filter((r) => r.response_format?.json_schema?.name === 'clip_ranking');
    expect(rankings).toHaveLength(1);
    expect(ids(rankings[0])).toHaveLength(job.clips.length);
    expect(llm.requests.at(-1)).toBe(rankings[0]);
    const posts = (await withModel.call('GET', `/v1/clips/${job.clips[0].id}/posts`, { auth: `Key ${await withModel.apiKey()}` })).body.posts;
    expect(posts[0].caption).toMatch(/^Model caption c\d+\n\n#OfficeLife$/);
  }, 300_000);

  it('falls back to the heuristics when the server cannot be reached, and says so', async () => {
    const job = await runJob(heuristicsOnly);
    expect(job.status).toBe('done');
    expect(job.ranking).toMatchObject({ by: 'heuristics', note: expect.stringMatching(/could not be reached \(connection refused\); clips were chosen by the heuristics$/) });
    expect(job.clips.length).toBeGreaterThanOrEqual(1);
    for (const c of job.clips) expect(c.reason).not.toMatch(/^Language model/);
  }, 300_000);
});
