import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/**
 * For a test file: a model hub on loopback (started before all tests, closed after) that answers
 * every file with the same bytes; `requests` lists the paths asked, `url` is CLIPPER_MODEL_HUB.
 */
export function useHubServing(body: () => Buffer | string): { readonly url: string; requests: string[] } {
  let server: Server;
  let url = '';
  const requests: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(req.url!);
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body());
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));
  return {
    get url() {
      return url;
    },
    requests,
  };
}
