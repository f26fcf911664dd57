// Issue 18, item 1: "a test validates real responses of a running daemon against" the document.
// A real daemon runs a real job on the spoken sample's first 42 s (upload, pipeline, drafts), and every answer
// met on the way, errors included, is checked against the schema the document gives for its
// operation and status, with ajv reading only the document (not the zod schemas). Objects are
// made closed here, so a field the daemon sends but the document does not name fails too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { request } from 'undici';
import { ClipperClient } from '../../src/client/client.js';
import { uploadFile } from '../../src/client/uploader.js';
import { startTestDaemon, type TestDaemon, type TestResponse } from '../helpers/daemon.js';
import { sampleStart } from '../jobs/helpers/sample-cut.js';
import { connect } from '../publish/helpers.js';

let d: TestDaemon;
let doc: any;
let ajv: Ajv2020;
const checked = new Set<string>();

/** Every object schema without its own additionalProperties becomes closed. */
function closed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closed);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, closed(v)]));
  if (out.type === 'object' && out.properties && !('additionalProperties' in out)) out.additionalProperties = false;
  return out;
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** Checks one answer against the document's response for (method, path template, status). */
function expectDocumented(method: string, template: string, res: TestResponse): void {
  const op = doc.paths[template]?.[method.toLowerCase()];
  expect(op, `${method} ${template} is documented`).toBeDefined();
  let response = op.responses[String(res.status)];
  expect(response, `${method} ${template} documents status ${res.status}`).toBeDefined();
  let at = `openapi.json#/${pointer('paths', template, method.toLowerCase(), 'responses', String(res.status))}`;
  if (response.$ref) {
    at = `openapi.json${response.$ref}`;
    response = doc.components.responses[response.$ref.split('/').pop()];
  }
  const validate = ajv.getSchema(`${at}/content/application~1json/schema`)!;
  expect(validate(res.body), `${method} ${template} ${res.status}: ${JSON.stringify(validate.errors)}\n${JSON.stringify(res.body).slice(0, 500)}`).toBe(true);
  for (const header of Object.keys(response.headers ?? {})) expect(res.headers[header.toLowerCase()], `${method} ${template} header ${header}`).toBeDefined();
  checked.add(`${method} ${template} ${res.status}`);
}

beforeAll(async () => {
  // Face tracking off: the answers' shapes are checked here; framing is proven in test/jobs/pipeline-real.
  d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 }, framing: { face_tracking: false } } });
  const served = await d.call('GET', '/v1/openapi.json');
  expect(served.status).toBe(200);
  doc = served.body;
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(closed(doc) as object, 'openapi.json');
}, 60_000);
afterAll(() => d?.stop());

describe('real answers of the daemon against GET /v1/openapi.json', () => {
  it('match the document through a whole job, its drafts, renders, uploads and credentials', async () => {
    const key = `Key ${await d.apiKey()}`;
    const jwt = `Bearer ${await d.token()}`;
    const call = async (method: string, template: string, path: string, o: { auth?: string; body?: unknown } = {}) => {
      const res = await d.call(method, path, { auth: key, ...o });
      expectDocumented(method, template, res);
      return res.body;
    };
    await call('GET', '/v1/ping', '/v1/ping');
    await call('GET', '/v1/team', '/v1/team');
    await call('GET', '/v1/transcription', '/v1/transcription'); // issue 27, item 10
    await call('GET', '/v1/ping', '/v1/ping', { auth: 'Key nope-team_x' });
    await call('POST', '/v1/clips', '/v1/clips', { body: { source: {} } });
    await call('GET', '/v1/clips/{id}', '/v1/clips/job_missing');

    for (const p of ['short_video', 'long_video']) await connect(d, p);
    await call('GET', '/v1/platforms', '/v1/platforms', { auth: jwt });
    const multipart = await call('POST', '/v1/uploads', '/v1/uploads', { body: { content_type: 'video/mp4', size_bytes: 12_000_000 } });
    await call('POST', '/v1/uploads/{id}/parts', `/v1/uploads/${multipart.upload_id}/parts`, { body: { part_numbers: [1] } });
    await call('GET', '/v1/uploads/{id}', `/v1/uploads/${multipart.upload_id}`);
    await call('DELETE', '/v1/uploads/{id}', `/v1/uploads/${multipart.upload_id}`);
    await call('POST', '/v1/uploads/{id}/complete', `/v1/uploads/${multipart.upload_id}/complete`, { body: { parts: [{ part_number: 1, etag: '"x"' }] } });

    const small = await call('POST', '/v1/uploads', '/v1/uploads', { body: { content_type: 'video/mp4', size_bytes: 1000 } });
    const put = await request(small.parts[0].upload_url, { method: 'PUT', body: Buffer.alloc(1000), headers: { 'content-type': 'video/mp4' } });
    await put.body.dump();
    await call('POST', '/v1/uploads/{id}/complete', `/v1/uploads/${small.upload_id}/complete`, { body: { parts: [{ part_number: 1, etag: put.headers.etag }] } });

    const client = new ClipperClient({ baseUrl: d.url, apiKey: key.slice(4) });
    const uploaded = await uploadFile(client, sampleStart(), { fileName: 'weekly update.mp4' });
    const job = await call('POST', '/v1/clips', '/v1/clips', { body: { source: { upload_id: uploaded.upload_id }, criteria: 'pricing' } });
    await call('GET', '/v1/clips/{id}', `/v1/clips/${job.job_id}`);
    await d.processAll();
    const done = await call('GET', '/v1/clips/{id}', `/v1/clips/${job.job_id}`);
    expect(done.status).toBe('done');
    await call('GET', '/v1/clips', '/v1/clips?limit=5');

    const clip = done.clips[0];
    // The editor's endpoints (issue 16), before any post of the clip is publishing.
    const transcript = await call('GET', '/v1/clips/{clipId}/transcript', `/v1/clips/${clip.id}/transcript`);
    await call('PUT', '/v1/clips/{clipId}/transcript', `/v1/clips/${clip.id}/transcript`, { body: { words: transcript.words } });
    await call('GET', '/v1/clips/{clipId}/cuts', `/v1/clips/${clip.id}/cuts`);
    await call('PATCH', '/v1/clips/{id}', `/v1/clips/${clip.id}`, { body: { title: 'Pricing, said plainly' } });
    await call('PATCH', '/v1/clips/{id}', `/v1/clips/${clip.id}`, { body: {} });
    const { posts } = await call('GET', '/v1/clips/{clipId}/posts', `/v1/clips/${clip.id}/posts`);
    const long = posts.find((p: any) => p.platform === 'long_video');
    const short = posts.find((p: any) => p.platform === 'short_video');
    await call('GET', '/v1/posts/{postId}', `/v1/posts/${long.id}`);
    await call('PUT', '/v1/posts/{postId}', `/v1/posts/${long.id}`, { body: { title: 'Pricing, plainly', long_video: { category_id: '27' } } });
    await call('PUT', '/v1/posts/{postId}', `/v1/posts/${short.id}`, { body: { title: 'not on this platform' } });
    await call('POST', '/v1/posts/{postId}/publish', `/v1/posts/${long.id}/publish`, { body: { scheduled_at: d.clock.now() + 3_600_000 } });
    await call('POST', '/v1/posts/{postId}/cancel', `/v1/posts/${short.id}/cancel`);
    await call('POST', '/v1/clips/{clipId}/posts', `/v1/clips/${clip.id}/posts`, { body: { platform: 'short_video' } });

    await call('POST', '/v1/clips/{clipId}/renders', `/v1/clips/${clip.id}/renders`);
    await call('GET', '/v1/renders/{renderId}', `/v1/renders/${clip.id}`);
    await call('GET', '/v1/renders', '/v1/renders');

    const created = await call('POST', '/v1/keys', '/v1/keys', { auth: jwt, body: { label: 'ci' } });
    await call('GET', '/v1/keys', '/v1/keys', { auth: jwt });
    await call('GET', '/v1/keys', '/v1/keys');
    await call('DELETE', '/v1/keys/{id}', `/v1/keys/${created.id}`, { auth: jwt });
    const hook = await call('POST', '/v1/webhooks', '/v1/webhooks', { auth: jwt, body: { url: 'http://127.0.0.1:9/hook', events: ['*'] } });
    await call('GET', '/v1/webhooks', '/v1/webhooks', { auth: jwt });
    await call('GET', '/v1/webhooks/{id}', `/v1/webhooks/${hook.id}`, { auth: jwt });
    await call('POST', '/v1/webhooks/trigger', '/v1/webhooks/trigger', { body: { type: 'post.published' } });
    await call('GET', '/v1/webhooks/{id}/deliveries', `/v1/webhooks/${hook.id}/deliveries`, { auth: jwt });
    await call('DELETE', '/v1/webhooks/{id}', `/v1/webhooks/${hook.id}`, { auth: jwt });
    await call('GET', '/v1/auth/session-link', `/v1/auth/session-link?clip_id=${clip.id}`, { auth: jwt });
    await call('DELETE', '/v1/platforms/{platform}', '/v1/platforms/short_video', { auth: jwt });

    // Spec "Status-check limits": the 7th check of one id in a minute is a 429 with Retry-After.
    let limited: TestResponse | undefined;
    for (let i = 0; i < 8 && !limited; i++) {
      const res = await d.call('GET', `/v1/renders/${clip.id}`, { auth: key });
      if (res.status === 429) limited = res;
    }
    expectDocumented('GET', '/v1/renders/{renderId}', limited!);
    expect(limited!.body.error.code).toBe('STATUS_RATE_LIMITED');
  }, 600_000);

  it('checked the success answer of every operation but those that need an outside party', () => {
    // OAuth needs a platform's server (test/platforms covers it); a resend needs a failed delivery.
    const skipped = ['POST /v1/platforms/authorize', 'POST /v1/platforms', 'POST /v1/webhooks/{id}/deliveries/{deliveryId}/resend', 'GET /v1/openapi.json'];
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const what = `${method.toUpperCase()} ${path}`;
        const ok = Object.keys(op.responses).find((s) => s.startsWith('2'));
        if (!skipped.includes(what)) expect(checked, what).toContain(`${what} ${ok}`);
      }
    }
    expect([...checked].filter((c) => / 4\d\d$/.test(c)).length).toBeGreaterThanOrEqual(5);
  });
});
