// `clipper doctor` shows the llm setting and whether its endpoint answers (issue 20, item 5),
// against a local server speaking the OpenAI-compatible protocol (GET /v1/models).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageModel } from '../../src/cli/doctor/llm.js';
import { LlmServer } from '../helpers/llm-server.js';
import { testContext } from '../helpers/cli-io.js';

let server: LlmServer;
beforeAll(async () => {
  server = await new LlmServer().start();
});
afterAll(() => server.stop());

async function check(llm?: Record<string, unknown>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'clipper-doctor-llm-'));
  if (llm) writeFileSync(join(dataDir, 'config.json'), JSON.stringify({ llm }));
  const { ctx } = testContext({ env: {} });
  return languageModel.run({ ctx, target: ctx.target(), dataDir, local: true, results: new Map() });
}

describe('doctor: language model', () => {
  it('says when none is set', async () => {
    expect(await check()).toEqual({ status: 'ok', detail: 'not set (llm.base_url): clips are chosen and copy written by the heuristics' });
  });

  it('shows the setting and that the endpoint answers and lists the model', async () => {
    expect(await check({ base_url: server.url, model: 'test-model' })).toEqual({ status: 'ok', detail: `test-model at ${server.url} answers and lists the model` });
  });

  it('warns when the model is not on the server, or the server does not answer', async () => {
    expect(await check({ base_url: server.url, model: 'llama3.1' })).toMatchObject({ status: 'warn', detail: `llama3.1 at ${server.url} answers, but does not list the model (it has: test-model)`, fix: expect.stringContaining('ollama pull') });
    const s = createServer();
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    const port = (s.address() as AddressInfo).port;
    await new Promise((r) => s.close(r));
    expect(await check({ base_url: `http://127.0.0.1:${port}/v1`, model: 'm' })).toMatchObject({ status: 'warn', detail: `m at http://127.0.0.1:${port}/v1 does not answer (ECONNREFUSED); jobs fall back to the heuristics` });
  });

  it('fails on an llm section the daemon would refuse', async () => {
    expect(await check({ base_url: server.url })).toMatchObject({ status: 'fail', detail: expect.stringContaining('llm.base_url is set, but llm.model is not') });
  });
});
