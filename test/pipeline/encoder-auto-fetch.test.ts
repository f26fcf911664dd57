// Meaning by default where the network allows: with a request and no sentence encoder, the
// recommended one is fetched once from the model hub (a loopback server here serving the tiny
// encoder fixtures/make-embedding-model.mjs writes), checked against its pinned SHA-256; a wrong
// hash is refused, a hub that is down or a setting that is off leave the heuristics, with one
// line that says what would improve them. Through a job: progress while it downloads, a warning
// that says so, and the encoder used for the request.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureEncoder, resetEncoderFetch, type EncoderFetchProgress } from '../../daemon/pipeline/embed/auto-fetch.js';
import { closeEncoder, findEmbedder } from '../../daemon/pipeline/embed/embedder.js';
import { describeStage } from '../../src/cli/clips/print.js';
import { makeEmbeddingModel } from './test-embed-model.js';

const tmp = mkdtempSync(join(tmpdir(), 'clipper-encoder-fetch-'));
const made = makeEmbeddingModel(tmp, 'tiny-encoder');
const files = { 'model.onnx': readFileSync(join(made, 'model.onnx')), 'vocab.txt': readFileSync(join(made, 'vocab.txt')) };
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
let server: Server;
let hub: string;
let requests: string[] = [];

/** A catalogue whose recommended encoder is the tiny one on the loopback hub (`wrong`: its model's SHA-256 altered). */
function catalogue(wrong = false): string {
  const path = join(tmp, `catalogue-${wrong ? 'wrong' : 'ok'}.json`);
  writeFileSync(path, JSON.stringify([{
    name: 'tiny-encoder', kind: 'embedding', recommended: true, languages: ['en'], speed: '-', licence: 'MIT',
    embedding: { pooling: 'mean' }, repo: 'test/encoder', revision: 'r1',
    files: Object.entries(files).map(([file, bytes]) => ({ role: file === 'vocab.txt' ? 'vocab' : 'model', file, size_bytes: bytes.length, sha256: wrong && file === 'model.onnx' ? sha(Buffer.from('other')) : sha(bytes), verified: true })),
  }]));
  return path;
}

const env = (over: Record<string, string> = {}) => ({ ...process.env, CLIPPER_MODEL_HUB: hub, CLIPPER_MODEL_CATALOGUE: catalogue(), CLIPPER_EMBEDDING_MODEL: '', ...over });

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    if (req.url === '/') return res.writeHead(200).end();
    const body = files[/^\/test\/encoder\/resolve\/r1\/(.+)$/.exec(req.url!)?.[1] as keyof typeof files];
    if (!body) return res.writeHead(404).end('Entry not found');
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(body.length) }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  hub = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  closeEncoder();
  rmSync(tmp, { recursive: true, force: true });
});
beforeEach(() => {
  requests = [];
  resetEncoderFetch();
});

describe('the sentence encoder fetched on the first request', () => {
  it('is fetched once, checked, with progress, and then used', async () => {
    const dataDir = join(tmp, 'ok');
    const seen: EncoderFetchProgress[] = [];
    const outcome = await ensureEncoder({ dataDir, env: env(), enabled: true, onProgress: (p) => seen.push(p) });
    expect(outcome).toMatchObject({ code: 'encoder_fetched', model: 'tiny-encoder', message: expect.stringMatching(/tiny-encoder .* fetched once .* SHA-256/) });
    const total = files['model.onnx'].length + files['vocab.txt'].length;
    expect(seen.at(-1)).toEqual({ model: 'tiny-encoder', received: total, total });
    expect(findEmbedder(dataDir, env())?.name).toBe('tiny-encoder');
    expect(requests.filter((r) => r.includes('/resolve/'))).toHaveLength(2);
    // Installed now: the next job has nothing to fetch and nothing to say.
    expect(await ensureEncoder({ dataDir, env: env(), enabled: true })).toBeUndefined();
    expect(requests.filter((r) => r.includes('/resolve/'))).toHaveLength(2);
  });

  it('refuses a file whose SHA-256 is not the pinned one, installs nothing and does not ask again', async () => {
    const dataDir = join(tmp, 'wrong');
    const wrong = env({ CLIPPER_MODEL_CATALOGUE: catalogue(true) });
    const outcome = await ensureEncoder({ dataDir, env: wrong, enabled: true });
    expect(outcome).toMatchObject({ code: 'no_sentence_encoder', message: expect.stringMatching(/fetching tiny-encoder failed .*SHA-256.*`clipper models add tiny-encoder`/) });
    expect(existsSync(join(dataDir, 'models', 'tiny-encoder'))).toBe(false);
    const asked = requests.length;
    expect(await ensureEncoder({ dataDir, env: wrong, enabled: true })).toEqual(outcome);
    expect(requests).toHaveLength(asked);
  });

  it('with the hub down, goes on and says what would improve the match', async () => {
    const down = createServer();
    await new Promise<void>((r) => down.listen(0, '127.0.0.1', () => r()));
    const port = (down.address() as AddressInfo).port;
    await new Promise((r) => down.close(r));
    const outcome = await ensureEncoder({ dataDir: join(tmp, 'down'), env: env({ CLIPPER_MODEL_HUB: `http://127.0.0.1:${port}` }), enabled: true });
    expect(outcome).toEqual({ code: 'no_sentence_encoder', message: expect.stringMatching(/could not be reached: the request was matched by word meanings alone; `clipper models add tiny-encoder`/) });
  });

  it('with models.auto_fetch_encoder off, never asks the hub', async () => {
    const outcome = await ensureEncoder({ dataDir: join(tmp, 'off'), env: env(), enabled: false });
    expect(outcome).toMatchObject({ code: 'no_sentence_encoder', message: expect.stringMatching(/auto_fetch_encoder is off/) });
    expect(requests).toEqual([]);
  });

  it('shows its progress in the CLI while it downloads', () => {
    expect(describeStage({ name: 'transcribing', done: 1, total: 3, download: { model: 'bge-small-en-v1.5', done: 12_000_000, total: 34_014_426 } }))
      .toBe('transcribing 1/3 chunks, fetching the sentence encoder bge-small-en-v1.5 12.0/34.0 MB');
  });
});
