import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The exact bytes received. */
  raw: Buffer;
  body: any;
}

/** What to do with request number `n` (1-based) on a path: answer a status, or hang. */
export type Reply = number | 'hang';

/**
 * A real HTTP receiver on loopback. Records every request; `reply` decides the answer. Hanging
 * requests are held until release() or close(), so a test can prove they block nothing else.
 */
export class TestReceiver {
  readonly requests: Received[] = [];
  private held: ServerResponse[] = [];
  private waiters: Array<() => void> = [];
  private server: Server;
  url = '';

  constructor(public reply: (req: Received, n: number) => Reply = () => 200) {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        let body: unknown;
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          body = undefined;
        }
        const received: Received = { method: req.method ?? '', path: req.url ?? '/', headers: req.headers, raw, body };
        this.requests.push(received);
        const n = this.requests.filter((r) => r.path === received.path).length;
        const answer = this.reply(received, n);
        if (answer === 'hang') this.held.push(res);
        else res.writeHead(answer, { 'content-type': 'text/plain' }).end('ok');
        this.waiters.splice(0).forEach((w) => w());
      });
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  on(path: string): Received[] {
    return this.requests.filter((r) => r.path === path);
  }

  /** Resolves once `predicate` holds (checked after every request); no fixed sleeps. */
  async until(predicate: () => boolean, what = 'requests'): Promise<void> {
    const deadline = Date.now() + 20_000;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error(`receiver: gave up waiting for ${what} (${this.requests.length} received)`);
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 200);
      });
    }
  }

  get heldCount(): number {
    return this.held.filter((r) => !r.writableEnded && !r.destroyed).length;
  }

  release(status = 200): void {
    for (const res of this.held.splice(0)) if (!res.writableEnded) res.writeHead(status).end();
  }

  async close(): Promise<void> {
    this.held.splice(0).forEach((r) => r.destroy());
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}
