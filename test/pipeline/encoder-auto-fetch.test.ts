// Meaning by default where the network allows: with a request and no sentence encoder, the
// recommended one is fetched once from the model hub (a loopback server here serving the tiny
// encoder fixtures/make-embedding-model.mjs writes), checked against its pinned SHA-256; a wrong
// hash is refused, a hub that is down or a setting that is off leave the heuristics, with one
// line that says what would improve them. Through a job: progress while it downloads, a warning
// that says so, and the encoder used for the request.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureEncoder, resetEncoderFetch, type EncoderFetchProgress } from '../../daemon/pipeline/embed/auto-fetch.js';
import { closeEncoder, findEmbedder } from '../../daemon/pipeline/embed/embedder.js';
import { describeStage } from '../../src/cli/clips/print.js';
import { startEncoderHub, type EncoderHub } from './encoder-hub.js';

const tmp = mkdtempSync(join(tmpdir(), 'clipper-encoder-fetch-'));
let hub: EncoderHub;
let requests: string[];

const env = (over: Record<string, string> = {}) => ({ ...process.env, CLIPPER_MODEL_HUB: hub.url, CLIPPER_MODEL_CATALOGUE: hub.catalogue(), CLIPPER_EMBEDDING_MODEL: '', ...over });

beforeAll(async () => {
  hub = await startEncoderHub(tmp);
  requests = hub.requests;
});
afterAll(async () => {
  await hub.stop();
  closeEncoder();
  rmSync(tmp, { recursive: true, force: true });
});
beforeEach(() => {
  requests.length = 0;
  resetEncoderFetch();
});

describe('the sentence encoder fetched on the first request', () => {
  it('is fetched once, checked, with progress, and then used', async () => {
    const dataDir = join(tmp, 'ok');
    const seen: EncoderFetchProgress[] = [];
    const outcome = await ensureEncoder({ dataDir, env: env(), enabled: true, onProgress: (p) => seen.push(p) });
    expect(outcome).toMatchObject({ code: 'encoder_fetched', model: 'tiny-encoder', message: expect.stringMatching(/tiny-encoder .* fetched once .* SHA-256/) });
    const total = hub.total;
    expect(seen.at(-1)).toEqual({ model: 'tiny-encoder', received: total, total });
    expect(findEmbedder(dataDir, env())?.name).toBe('tiny-encoder');
    expect(requests.filter((r) => r.includes('/resolve/'))).toHaveLength(2);
    // Installed now: the next job has nothing to fetch and nothing to say.
    expect(await ensureEncoder({ dataDir, env: env(), enabled: true })).toBeUndefined();
    expect(requests.filter((r) => r.includes('/resolve/'))).toHaveLength(2);
  });

  it('refuses a file whose SHA-256 is not the pinned one, installs nothing and does not ask again', async () => {
    const dataDir = join(tmp, 'wrong');
    const wrong = env({ CLIPPER_MODEL_CATALOGUE: hub.catalogue(true) });
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
