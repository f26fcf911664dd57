import { createHash, randomBytes } from 'node:crypto';
import type { FakeRequest, Outcome } from './fake-server.js';

export interface Received {
  size: number;
  md5: string;
}

interface Session<M> {
  total: number;
  data: Buffer[];
  received: number;
  metadata: M;
  result?: Record<string, unknown>;
}

/**
 * The server side of Google's resumable upload protocol: sessions opened with metadata; PUTs
 * with `Content-Range: bytes A-B/TOTAL` answered 308 with `Range: bytes=0-N` until the last;
 * `bytes * /TOTAL` asks for the status; a finished session answers 200 with what was made. Faults:
 * drop the connection after storing the nth chunk, or store the last chunk and drop the answer.
 */
export class ResumableSessions<M> {
  opened = 0;
  chunkPuts = 0;
  /** Drop the connection (after storing the chunk) on the nth chunk PUT, counting from 1 over all sessions. */
  dropOnChunk?: number;
  /** Store the last chunk and make the resource, but drop the connection instead of answering. */
  loseFinalAnswer = false;
  private sessions = new Map<string, Session<M>>();

  constructor(private finish: (metadata: M, bytes: Buffer, received: Received) => Record<string, unknown>) {}

  open(metadata: M, total: number): string {
    const id = randomBytes(8).toString('hex');
    this.sessions.set(id, { total, data: [], received: 0, metadata });
    this.opened++;
    return id;
  }

  expire(id: string): void {
    this.sessions.delete(id);
  }

  put(id: string, r: FakeRequest): Outcome {
    const s = this.sessions.get(id);
    if (!s) return { status: 404, body: { error: 'no such upload session' } };
    const progress = s.received ? { range: `bytes=0-${s.received - 1}` } : undefined;
    const range = String(r.headers['content-range'] ?? '');
    if (/^bytes \*\/\d+$/.test(range)) return s.result ? { status: 200, body: s.result } : { status: 308, headers: progress };
    const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(range);
    if (!m || Number(m[1]) !== s.received || Number(m[2]) - Number(m[1]) + 1 !== r.body.length) return { status: 308, headers: progress };
    s.data.push(r.body);
    s.received += r.body.length;
    this.chunkPuts++;
    if (s.received === s.total) {
      const all = Buffer.concat(s.data);
      s.result = this.finish(s.metadata, all, { size: all.length, md5: createHash('md5').update(all).digest('hex') });
      if (this.loseFinalAnswer) {
        this.loseFinalAnswer = false;
        return 'drop';
      }
      return { status: 200, body: s.result };
    }
    if (this.dropOnChunk === this.chunkPuts) return 'drop';
    return { status: 308, headers: { range: `bytes=0-${s.received - 1}` } };
  }
}
