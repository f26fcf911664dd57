import { open, stat } from 'node:fs/promises';
import type { ConnectionAuth } from '../credentials.js';
import { ConnectorError } from './connector.js';
import { header, send, withToken, type PlatformAnswer } from './http.js';

/**
 * The resumable upload protocol of Google's APIs (developers.google.com/youtube/v3/guides/
 * using_resumable_upload_protocol), which YouTube and the `resumable_upload` skeleton speak:
 * a POST with the metadata opens a session (its URI in `Location`); the file goes up in PUTs
 * with `Content-Range: bytes FIRST-LAST/TOTAL` (every chunk but the last a multiple of 256 KiB),
 * each answered 308 with `Range: bytes=0-N` until the last, answered 200/201 with the resource;
 * a PUT of no bytes with `Content-Range: bytes * /TOTAL` asks how far it got.
 *
 * Never twice: the session URI is saved (saveResumeState) before a byte is sent; after a crash or
 * a dropped connection the next try asks the session how far it got, and a session that already
 * finished answers with the resource it made instead of a second upload.
 */
export interface SessionPlatform {
  /** The platform's name in messages. */
  name: string;
  auth: ConnectionAuth;
  signal: AbortSignal;
  now(): number;
  /** The platform's own reading of a refusal (quota, bad metadata...): the error to throw. */
  refusal(a: PlatformAnswer, what: string): ConnectorError;
}

/** 256 KiB: "chunk size must be a multiple of 256 KB" (the guide's step 4). */
export const CHUNK_GRANULE = 256 * 1024;

type Progress = { done: true; resource: Record<string, unknown> } | { done: false; received: number; gone: boolean };

export async function openSession(p: SessionPlatform, url: string, metadata: unknown, total: number): Promise<string> {
  const a = await withToken(p.auth, p.name, (token) =>
    send(p.name, url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=UTF-8', 'x-upload-content-length': String(total), 'x-upload-content-type': 'video/mp4' },
      body: JSON.stringify(metadata),
      signal: p.signal,
    }),
  );
  const location = header(a, 'location');
  if (a.status >= 200 && a.status < 300 && location) return new URL(location, url).href;
  throw p.refusal(a, 'opening the upload session');
}

/**
 * Publishes `file` through a session: the one saved by an earlier try (resumed from where it
 * stands, or its finished resource), else a new one opened by `openNew` and saved before any
 * byte is sent. Returns the resource the platform made.
 */
export async function resumableUpload(
  p: SessionPlatform,
  req: { file: string; resumeState: string | null; saveResumeState(s: string): Promise<void> },
  openNew: () => Promise<string>,
  chunkBytes: number,
): Promise<Record<string, unknown>> {
  if (req.resumeState) {
    const resumed = await uploadToSession(p, req.resumeState, req.file, chunkBytes);
    if (resumed) return resumed;
    // The saved session expired before it finished: nothing was published, a new one is safe.
  }
  const session = await openNew();
  await req.saveResumeState(session);
  const made = await uploadToSession(p, session, req.file, chunkBytes);
  if (!made) throw new ConnectorError(`${p.name}'s upload session expired before it finished; a new one starts on retry`, true);
  return made;
}

/**
 * Sends the file to `session` from wherever the session says it stands, in chunks of
 * `chunkBytes` (rounded to the 256 KiB granule); returns the resource the platform made, or
 * undefined when the session is gone (404/410: expired).
 */
async function uploadToSession(p: SessionPlatform, session: string, file: string, chunkBytes: number): Promise<Record<string, unknown> | undefined> {
  const total = (await stat(file)).size;
  const chunk = Math.max(CHUNK_GRANULE, Math.floor(chunkBytes / CHUNK_GRANULE) * CHUNK_GRANULE);
  let state = await put(p, session, `bytes */${total}`, undefined);
  const fd = await open(file, 'r');
  try {
    for (;;) {
      if (state.done) return state.resource;
      if (state.gone) return undefined;
      const offset = state.received;
      const size = Math.min(chunk, total - offset);
      const body = Buffer.alloc(size);
      await fd.read(body, 0, size, offset);
      state = await put(p, session, `bytes ${offset}-${offset + size - 1}/${total}`, body);
      if (!state.done && !state.gone && state.received <= offset) throw new ConnectorError(`${p.name} kept no bytes of the chunk at ${offset}`, true);
    }
  } finally {
    await fd.close();
  }
}

/** One PUT to the session: a chunk, or (no body) a status query. */
async function put(p: SessionPlatform, session: string, range: string, body: Buffer | undefined): Promise<Progress> {
  const a = await withToken(p.auth, p.name, (token) =>
    send(p.name, session, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-range': range, 'content-length': String(body?.length ?? 0) }, body, signal: p.signal }),
  );
  if (a.status === 200 || a.status === 201) {
    const resource = a.json();
    if (typeof resource.id !== 'string' || !resource.id) throw new ConnectorError(`${p.name} finished the upload without an id`, false);
    return { done: true, resource };
  }
  if (a.status === 308) {
    const m = /bytes=0-(\d+)/.exec(header(a, 'range') ?? '');
    return { done: false, received: m ? Number(m[1]) + 1 : 0, gone: false };
  }
  if (a.status === 404 || a.status === 410) return { done: false, received: 0, gone: true };
  throw p.refusal(a, 'uploading');
}
