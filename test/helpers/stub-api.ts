import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback HTTP server that answers every request with one canned status and body, for the
 * answers a fresh daemon cannot be made to give on demand (409, 429 after retries, 500).
 */
export async function startStubApi(answer: (path: string) => { status: number; body: unknown; headers?: Record<string, string>; raw?: string }): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const a = answer(req.url ?? '/');
    res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
    res.end(a.raw ?? JSON.stringify(a.body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, requests, close: () => new Promise<void>((r) => server.close(() => r())) };
}
