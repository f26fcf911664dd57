import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpClient } from '../../src/client/http.js';
import { ClientError } from '../../src/client/errors.js';
import { exchange } from '../../src/client/transport.js';
import { Agent, type Dispatcher } from 'undici';

let server: Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

/** A loopback server answering from a script of responses, recording what it received. */
async function scripted(responses: Array<{ status: number; body?: unknown; headers?: Record<string, string> }>) {
  const seen: Array<{ method: string; url: string; auth?: string }> = [];
  server = createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, auth: req.headers.authorization });
    req.resume();
    const r = responses[Math.min(seen.length - 1, responses.length - 1)];
    res.writeHead(r.status, { 'content-type': 'application/json', ...r.headers });
    res.end(JSON.stringify(r.body ?? {}));
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, seen };
}

const sleeps: number[] = [];
const fakeSleep = async (ms: number) => void sleeps.push(ms);
const envelope = (code: string, extra: object = {}) => ({ error: { code, message: code.toLowerCase(), details: null, ...extra } });

describe('HttpClient', () => {
  it('sends the credential as the spec says', async () => {
    const s = await scripted([{ status: 200, body: { ok: true } }]);
    await new HttpClient({ baseUrl: s.url, apiKey: 'sec-team' }).call('GET', '/v1/ping');
    await new HttpClient({ baseUrl: s.url, token: 'jwt' }).call('GET', '/v1/ping');
    expect(s.seen.map((x) => x.auth)).toEqual(['Key sec-team', 'Bearer jwt']);
  });

  it('retries 5xx with exponential backoff and then succeeds', async () => {
    sleeps.length = 0;
    const s = await scripted([{ status: 503, body: envelope('INTERNAL_ERROR') }, { status: 500, body: envelope('INTERNAL_ERROR') }, { status: 200, body: { ok: 1 } }]);
    const body = await new HttpClient({ baseUrl: s.url, sleep: fakeSleep, backoffMs: 100 }).call('GET', '/v1/clips/job_1');
    expect(body).toEqual({ ok: 1 });
    expect(sleeps).toEqual([100, 200]);
  });

  it('honours Retry-After on 429', async () => {
    sleeps.length = 0;
    const s = await scripted([{ status: 429, body: envelope('RATE_LIMITED', { retry_after_seconds: 7 }), headers: { 'retry-after': '7' } }, { status: 200, body: {} }]);
    await new HttpClient({ baseUrl: s.url, sleep: fakeSleep }).call('GET', '/v1/ping');
    expect(sleeps).toEqual([7000]);
  });

  it('never retries a non-idempotent call on 5xx (POST /v1/clips would create a second job)', async () => {
    const s = await scripted([{ status: 502, body: envelope('INTERNAL_ERROR') }, { status: 202, body: {} }]);
    const err = (await new HttpClient({ baseUrl: s.url, sleep: fakeSleep }).call('POST', '/v1/clips', { body: {}, idempotent: false }).catch((e: unknown) => e)) as ClientError;
    expect(err).toBeInstanceOf(ClientError);
    expect(err.status).toBe(502);
    expect(s.seen).toHaveLength(1);
  });

  it('does not retry 4xx and surfaces the envelope', async () => {
    const s = await scripted([{ status: 409, body: { error: { code: 'CONFLICT', message: 'upload not complete', details: { upload_id: 'u' } } } }]);
    const err = await new HttpClient({ baseUrl: s.url, sleep: fakeSleep }).call('POST', '/v1/clips', { body: {} }).catch((e) => e);
    expect(err).toMatchObject({ status: 409, code: 'CONFLICT', message: 'upload not complete', details: { upload_id: 'u' } });
    expect(s.seen).toHaveLength(1);
  });

  it('gives up after the retry budget with the last error', async () => {
    const s = await scripted([{ status: 429, body: envelope('RATE_LIMITED', { retry_after_seconds: 1 }) }]);
    const err = await new HttpClient({ baseUrl: s.url, sleep: fakeSleep, maxRetries: 2 }).call('GET', '/v1/ping').catch((e) => e);
    expect(err).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(s.seen).toHaveLength(3);
  });

  it('reports an unreachable server as NETWORK_ERROR', async () => {
    const err = await new HttpClient({ baseUrl: 'http://127.0.0.1:9', sleep: fakeSleep, maxRetries: 1 }).call('GET', '/v1/ping').catch((e) => e);
    expect(err).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('sends a JSON body with its length and decodes a UTF-8 answer however it is split', async () => {
    let seen: { length?: string; body: string } = { body: '' };
    server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      const answer = async () => {
        seen = { length: req.headers['content-length'], body };
        res.writeHead(200, { 'content-type': 'application/json' });
        const bytes = Buffer.from(JSON.stringify({ title: 'prix élevé ✓' }));
        for (const b of bytes) {
          res.write(Buffer.from([b])); // every byte its own chunk: multi-byte characters are split
          await new Promise((r) => setImmediate(r));
        }
        res.end();
      };
      req.on('end', () => void answer());
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
    const body = await new HttpClient({ baseUrl: url }).call('POST', '/v1/x', { body: { caption: 'café' } });
    expect(body).toEqual({ title: 'prix élevé ✓' });
    expect(seen).toEqual({ length: String(Buffer.byteLength('{"caption":"café"}')), body: '{"caption":"café"}' });
  });

  it('gives up on a server that never answers (NETWORK_ERROR)', async () => {
    server = createServer(() => {}); // accepts, reads, never answers
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
    const url = new URL(`http://127.0.0.1:${(server!.address() as AddressInfo).port}/v1/ping`);
    await expect(exchange(url, { method: 'GET', headers: {}, idleTimeoutMs: 100 })).rejects.toThrow('no answer within');
    server.closeAllConnections();
  });

  it('goes through an undici dispatcher when one is given', async () => {
    const s = await scripted([{ status: 200, body: { ok: true } }]);
    let dispatched = 0;
    class Counting extends Agent {
      override dispatch(opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
        dispatched++;
        return super.dispatch(opts, handler);
      }
    }
    const dispatcher = new Counting();
    expect(await new HttpClient({ baseUrl: s.url, dispatcher, apiKey: 'sec-team' }).call('GET', '/v1/ping')).toEqual({ ok: true });
    expect(dispatched).toBe(1);
    expect(s.seen).toEqual([{ method: 'GET', url: '/v1/ping', auth: 'Key sec-team' }]);
    await dispatcher.close();
  });
});
