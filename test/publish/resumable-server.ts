import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback server speaking the resumable upload protocol (session opened by POST with the
 * metadata and a Location answer; chunks PUT with Content-Range; `bytes * /TOTAL` asks for the
 * status; 308 with Range while incomplete, 201 with the video when complete), with faults to
 * inject: a connection dropped after a chunk was stored, or the final answer lost.
 */
export interface FakeVideo {
  id: string;
  metadata: Record<string, unknown>;
  size: number;
  md5: string;
}

export class ResumableServer {
  readonly videos: FakeVideo[] = [];
  sessionsOpened = 0;
  /** Drop the connection (after storing the chunk) on the nth chunk PUT, counting from 1. */
  dropOnChunk?: number;
  /** Store the last chunk and create the video, but drop the connection instead of answering. */
  loseFinalAnswer = false;
  token = 'good-token';
  /** Chunk PUTs received so far (all sessions). */
  chunkPuts = 0;
  private sessions = new Map<string, { total: number; data: Buffer[]; received: number; metadata: Record<string, unknown>; video?: FakeVideo }>();
  private server!: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(
        (r) => {
          if (r === 'drop') return void req.socket.destroy();
          res.writeHead(r.status, r.headers ?? {});
          res.end(r.body === undefined ? undefined : JSON.stringify(r.body));
        },
        () => res.writeHead(500).end(),
      );
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((r) => {
      this.server.close(() => r());
      this.server.closeAllConnections();
    });
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; headers?: Record<string, string>; body?: unknown } | 'drop'> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    if (req.headers.authorization !== `Bearer ${this.token}`) return { status: 401, body: { error: 'invalid credentials' } };
    if (req.method === 'POST' && req.url === '/upload') {
      const metadata = JSON.parse(body.toString() || '{}') as Record<string, unknown>;
      if (!metadata.title) return { status: 400, body: { error: 'title is required' } };
      const id = randomBytes(6).toString('hex');
      this.sessions.set(id, { total: Number(req.headers['x-upload-content-length']), data: [], received: 0, metadata });
      this.sessionsOpened++;
      return { status: 200, headers: { location: `/sessions/${id}` } };
    }
    const session = req.method === 'PUT' && req.url?.startsWith('/sessions/') ? this.sessions.get(req.url.slice(10)) : undefined;
    if (!session) return { status: 404, body: { error: 'no such session' } };
    const progress = () => (session.received ? { range: `bytes=0-${session.received - 1}` } : undefined);
    const range = String(req.headers['content-range'] ?? '');
    if (/^bytes \*\/\d+$/.test(range)) return session.video ? { status: 201, body: { id: session.video.id } } : { status: 308, headers: progress() };
    const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(range);
    if (!m || Number(m[1]) !== session.received || Number(m[2]) - Number(m[1]) + 1 !== body.length) return { status: 308, headers: progress() };
    session.data.push(body);
    session.received += body.length;
    this.chunkPuts++;
    if (session.received === session.total) {
      const all = Buffer.concat(session.data);
      session.video = { id: `vid${randomBytes(4).toString('hex')}`, metadata: session.metadata, size: all.length, md5: createHash('md5').update(all).digest('hex') };
      this.videos.push(session.video);
      if (this.loseFinalAnswer) {
        this.loseFinalAnswer = false;
        return 'drop';
      }
      return { status: 201, body: { id: session.video.id } };
    }
    if (this.dropOnChunk === this.chunkPuts) return 'drop';
    return { status: 308, headers: progress() };
  }
}
