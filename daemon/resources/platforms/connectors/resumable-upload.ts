import { open, stat } from 'node:fs/promises';
import { request } from 'undici';
import type { Connector, PublishRequest, PublishResult } from './connector.js';
import { ConnectorError } from './connector.js';

/**
 * A connector for upload APIs of the resumable kind long-video platforms use (a session is
 * opened with the metadata, the file is PUT in chunks with Content-Range, and a status query
 * `Content-Range: bytes * /TOTAL` tells how much arrived or returns the finished video).
 *
 * Connection settings: `upload_url` (the session-opening endpoint), `access_token`, optional
 * `watch_url` (a template with `{id}`) and `chunk_bytes`. This is the protocol skeleton a real
 * platform connector builds on (field names of its metadata, OAuth refresh and quota errors are
 * the platform's own); it is tested against a local server speaking the protocol.
 *
 * Never twice: the session URI is saved (saveResumeState) before a byte is sent; after a crash
 * or a dropped connection the next try asks the session how far it got, and a session that has
 * already finished answers with the video it made instead of a second upload.
 */
export class ResumableUploadConnector implements Connector {
  readonly name = 'resumable_upload';
  readonly platforms = ['long_video', 'short_video', 'photo_sharing', 'professional_network'] as const;

  async publish(req: PublishRequest): Promise<PublishResult> {
    const s = req.connection.settings as { upload_url?: string; access_token?: string; watch_url?: string; chunk_bytes?: number | string };
    if (!s.upload_url || !s.access_token) throw new ConnectorError('The connection needs upload_url and access_token settings', false);
    const total = (await stat(req.file)).size;
    const auth = { authorization: `Bearer ${s.access_token}` };
    let session = req.resumeState;
    let offset = 0;
    if (session) {
      const status = await this.put(session, auth, `bytes */${total}`, undefined, req.signal);
      if (status.done) return this.result(status.id!, s.watch_url);
      if (status.gone) session = null; // expired before it finished: nothing was published
      else offset = status.received;
    }
    if (!session) {
      session = await this.open(s.upload_url, auth, req, total);
      req.saveResumeState(session);
    }
    const chunk = Math.max(256 * 1024, Number(s.chunk_bytes ?? 8 * 1024 * 1024));
    const file = await open(req.file, 'r');
    try {
      for (;;) {
        const size = Math.min(chunk, total - offset);
        const body = Buffer.alloc(size);
        await file.read(body, 0, size, offset);
        const status = await this.put(session, auth, `bytes ${offset}-${offset + size - 1}/${total}`, body, req.signal);
        if (status.done) return this.result(status.id!, s.watch_url);
        if (status.gone) throw new ConnectorError('The upload session expired; a new one starts on retry', true);
        if (status.received <= offset) throw new ConnectorError(`The platform kept no bytes of the chunk at ${offset}`, true);
        offset = status.received;
      }
    } finally {
      await file.close();
    }
  }

  private async open(url: string, auth: Record<string, string>, req: PublishRequest, total: number): Promise<string> {
    const metadata = { title: req.title ?? req.caption.split('\n')[0].slice(0, 100), description: req.caption, settings: req.settings, client_ref: req.postId };
    const res = await this.send(url, { method: 'POST', headers: { ...auth, 'content-type': 'application/json', 'x-upload-content-length': String(total), 'x-upload-content-type': 'video/mp4' }, body: JSON.stringify(metadata), signal: req.signal });
    const text = await res.body.text();
    const location = res.headers.location;
    if (res.statusCode >= 200 && res.statusCode < 300 && typeof location === 'string') return new URL(location, url).href;
    throw classify(res.statusCode, `opening the upload session: ${text.slice(0, 200)}`);
  }

  /** One PUT to the session: a chunk, or (no body) a status query. */
  private async put(session: string, auth: Record<string, string>, range: string, body: Buffer | undefined, signal: AbortSignal) {
    const res = await this.send(session, { method: 'PUT', headers: { ...auth, 'content-range': range, 'content-length': String(body?.length ?? 0) }, body, signal });
    const text = await res.body.text();
    if (res.statusCode === 200 || res.statusCode === 201) {
      const id = (JSON.parse(text) as { id?: string }).id;
      if (!id) throw new ConnectorError('The platform finished the upload without a video id', false);
      return { done: true, id, received: 0, gone: false };
    }
    if (res.statusCode === 308) {
      const m = /bytes=0-(\d+)/.exec(String(res.headers.range ?? ''));
      return { done: false, received: m ? Number(m[1]) + 1 : 0, gone: false };
    }
    if (res.statusCode === 404 || res.statusCode === 410) return { done: false, received: 0, gone: true };
    throw classify(res.statusCode, `uploading: ${text.slice(0, 200)}`);
  }

  private async send(url: string, opts: Parameters<typeof request>[1]) {
    try {
      return await request(url, opts);
    } catch (e) {
      if ((opts?.signal as AbortSignal | undefined)?.aborted) throw e;
      throw new ConnectorError(`The platform could not be reached: ${(e as Error).message}`, true);
    }
  }

  private result(id: string, watchUrl: string | undefined): PublishResult {
    return { externalId: id, url: (watchUrl ?? 'https://video.example/watch?v={id}').replace('{id}', encodeURIComponent(id)) };
  }
}

/** 429 and 5xx are worth retrying; other refusals (bad metadata, no permission) are final. */
function classify(status: number, what: string): ConnectorError {
  return new ConnectorError(`The platform answered ${status} ${what}`, status === 429 || status >= 500);
}
