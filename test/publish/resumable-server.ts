import { randomBytes } from 'node:crypto';
import { FakeServer } from '../platforms/fakes/fake-server.js';
import { ResumableSessions } from '../platforms/fakes/resumable-sessions.js';

/**
 * A loopback server speaking the resumable upload protocol (session opened by POST with the
 * metadata and a Location answer; chunks PUT with Content-Range; `bytes * /TOTAL` asks for the
 * status; 308 with Range while incomplete, 200 with the video when complete), with faults to
 * inject: a connection dropped after a chunk was stored, or the final answer lost
 * (test/platforms/fakes/resumable-sessions.ts holds the protocol, which the fake YouTube shares).
 */
export interface FakeVideo {
  id: string;
  metadata: Record<string, unknown>;
  size: number;
  md5: string;
}

export class ResumableServer extends FakeServer {
  readonly videos: FakeVideo[] = [];
  token = 'good-token';
  private sessions = new ResumableSessions<Record<string, unknown>>((metadata, _bytes, received) => {
    const video = { id: `vid${randomBytes(4).toString('hex')}`, metadata, ...received };
    this.videos.push(video);
    return { id: video.id };
  });

  constructor() {
    super();
    this.route('POST', /^\/upload$/, (r) => {
      if (r.bearer() !== this.token) return { status: 401, body: { error: 'invalid credentials' } };
      const metadata = r.json();
      if (!metadata.title) return { status: 400, body: { error: 'title is required' } };
      return { status: 200, headers: { location: `/sessions/${this.sessions.open(metadata, Number(r.headers['x-upload-content-length']))}` } };
    });
    this.route('PUT', /^\/sessions\/\w+$/, (r) => (r.bearer() === this.token ? this.sessions.put(r.path.slice(10), r) : { status: 401, body: { error: 'invalid credentials' } }));
  }

  get sessionsOpened(): number {
    return this.sessions.opened;
  }
  get chunkPuts(): number {
    return this.sessions.chunkPuts;
  }
  /** Drop the connection (after storing the chunk) on the nth chunk PUT, counting from 1. */
  set dropOnChunk(n: number | undefined) {
    this.sessions.dropOnChunk = n;
  }
  /** Store the last chunk and create the video, but drop the connection instead of answering. */
  set loseFinalAnswer(on: boolean) {
    this.sessions.loseFinalAnswer = on;
  }
}
