import { createReadStream, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Route = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A loopback HTTP server playing the far side of `source.url`: web pages, video files, servers
 * that refuse HEAD, missing files. `file(path)` serves a real file with ranges left out.
 */
export class LinkServer {
  private routes = new Map<string, Route>();
  readonly hits: Array<{ method: string; path: string; range?: string }> = [];
  private server: Server;
  url = '';

  constructor() {
    this.server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      this.hits.push({ method: req.method ?? 'GET', path, range: req.headers.range });
      const route = this.routes.get(path);
      if (!route) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      route(req, res);
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  on(path: string, route: Route): string {
    this.routes.set(path, route);
    return this.url + path;
  }

  page(path: string): string {
    return this.on(path, (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html><body>a page</body></html>'));
  }

  file(path: string, file: string, type = 'video/mp4'): string {
    return this.on(path, (req, res) => {
      res.writeHead(200, { 'content-type': type, 'content-length': statSync(file).size });
      if (req.method === 'HEAD') return void res.end();
      createReadStream(file).pipe(res);
    });
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}
