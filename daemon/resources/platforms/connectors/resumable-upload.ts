import { stat } from 'node:fs/promises';
import type { Connector, PublishRequest, PublishResult } from './connector.js';
import { ConnectorError } from './connector.js';
import { classify } from './http.js';
import { openSession, resumableUpload, type SessionPlatform } from './resumable-session.js';

/**
 * A connector for upload APIs of the resumable kind long-video platforms use (resumable-session.ts:
 * a session is opened with the metadata, the file is PUT in chunks with Content-Range, and a
 * status query `Content-Range: bytes * /TOTAL` tells how much arrived or returns the finished
 * video).
 *
 * Connection settings: `upload_url` (the session-opening endpoint), `access_token` (kept sealed
 * with the connection's credentials, not in its settings), optional `watch_url` (a template with
 * `{id}`) and `chunk_bytes`. It is the protocol skeleton the YouTube connector shares; tested
 * against a local server speaking the protocol.
 */
export class ResumableUploadConnector implements Connector {
  readonly name = 'resumable_upload';
  readonly platforms = ['long_video', 'short_video', 'photo_sharing', 'professional_network'] as const;

  async publish(req: PublishRequest): Promise<PublishResult> {
    const s = req.connection.settings as { upload_url?: string; watch_url?: string; chunk_bytes?: number | string };
    if (!s.upload_url) throw new ConnectorError('The connection needs an upload_url setting', false);
    const p: SessionPlatform = { name: 'The platform', auth: req.auth, signal: req.signal, now: req.now, refusal: (a, what) => classify('The platform', a, what, req.now()) };
    const total = (await stat(req.file)).size;
    const metadata = { title: req.title ?? req.caption.split('\n')[0].slice(0, 100), description: req.caption, settings: req.settings, client_ref: req.postId };
    const video = await resumableUpload(p, req, () => openSession(p, s.upload_url!, metadata, total), Number(s.chunk_bytes ?? 8 * 1024 * 1024));
    const id = String(video.id);
    return { externalId: id, url: (s.watch_url ?? 'https://video.example/watch?v={id}').replace('{id}', encodeURIComponent(id)) };
  }
}
