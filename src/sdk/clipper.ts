// The SDK (issue 18, item 2): `import { Clipper } from 'clipper'`. A documented facade over the
// client every CLI command uses (src/client): every /v1 endpoint as `clipper.<resource>.<verb>`,
// plus the uploader and waiters that keep within the status-check limits. Nothing here loads a
// Node module up front, so it is also the browser build's Clipper (src/browser.ts); Node's adds
// webhook verification (node.ts).
import type { ClipJobView, CreateClipJobInput, CreatedClipJob } from '../api/clips.js';
import type { Post } from '../api/posts.js';
import type { Render } from '../api/renders.js';
import { ClipperClient } from '../client/client.js';
import type { HttpOptions } from '../client/http.js';
import type { UploadFileOptions, UploadResult } from '../client/uploader.js';
import type { BlobUploadOptions, BlobUploadResult } from '../client/blob-upload.js';
import { pollUntil, type PollOptions, type PollSpec } from '../client/wait.js';

/** The local daemon's address (DESIGN.md: host 127.0.0.1, port 7788). */
export const DEFAULT_BASE_URL = 'http://127.0.0.1:7788';

export interface ClipperOptions extends Partial<HttpOptions> {
  /** Default: CLIPPER_BASE_URL, else the local daemon. */
  baseUrl?: string;
  /** `<secret>-<teamId>`; default CLIPPER_API_KEY. */
  apiKey?: string;
  /** A bearer ID token (JWT); default CLIPPER_TOKEN. Wins over an API key. */
  token?: string;
}

export type WaitOptions<T> = Omit<PollOptions<T>, 'sleep' | 'now'>;

/** A job, render or post that ended in its failed state: `resource` says why. */
export class ResourceFailedError<T = unknown> extends Error {
  constructor(readonly resource: T, message: string) {
    super(message);
    this.name = 'ResourceFailedError';
  }
}

const env = (): Record<string, string | undefined> => (typeof process === 'undefined' ? {} : process.env);

/**
 * A client of the clipper /v1 API for Node 20 and browsers (in a browser it sends with `fetch`).
 * Calls throw ClientError (status, code, message, details, retryAfterSeconds) on error answers;
 * 5xx and network errors of calls that are safe to repeat are retried with backoff, 429s after
 * their Retry-After.
 */
export class Clipper extends ClipperClient {
  constructor(opts: ClipperOptions = {}) {
    const e = env();
    const token = opts.token ?? (opts.apiKey ? undefined : e.CLIPPER_TOKEN);
    super({ ...opts, baseUrl: opts.baseUrl ?? e.CLIPPER_BASE_URL ?? DEFAULT_BASE_URL, token, apiKey: opts.apiKey ?? e.CLIPPER_API_KEY, userAgent: opts.userAgent ?? 'clipper-sdk' });
  }

  /**
   * Uploads a local file (Node only) for `source.upload_id`: one signed PUT up to 64 MiB, else a
   * multipart upload that resumes where it stopped when called again for the same file.
   */
  async upload(path: string, opts: UploadFileOptions = {}): Promise<UploadResult> {
    const { uploadFile } = await import('../client/uploader.js');
    return uploadFile(this, path, opts);
  }

  /** Uploads a local file (Node only) and starts a clip job on it. */
  /**
   * Uploads a Blob or File (browsers and Node 20) for `source.upload_id` through the global fetch:
   * one signed PUT up to 64 MiB, else multipart; `resume: upload_id` continues an unfinished one.
   */
  async uploadBlob(blob: Blob, opts: BlobUploadOptions = {}): Promise<BlobUploadResult> {
    const { uploadBlob } = await import('../client/blob-upload.js');
    return uploadBlob(this, blob, opts);
  }

  async clipFile(path: string, input: Omit<CreateClipJobInput, 'source'> = {}, upload: UploadFileOptions = {}): Promise<CreatedClipJob> {
    const { upload_id } = await this.upload(path, upload);
    return this.clips.create({ ...input, source: { upload_id } });
  }

  /** Polls a clip job until `done` (every preview ready); ResourceFailedError on `error`. */
  waitForJob(jobId: string, opts: WaitOptions<ClipJobView> = {}): Promise<ClipJobView> {
    return this.waitUntil(`job ${jobId}`, { check: () => this.clips.get(jobId), status: (j) => j.status, done: ['done'], failed: ['error'] }, opts);
  }

  /** Polls a render until `done` (its `output_url` set); ResourceFailedError on `failed`. */
  waitForRender(renderId: string, opts: WaitOptions<Render> = {}): Promise<Render> {
    return this.waitUntil(`render ${renderId}`, { check: () => this.renders.get(renderId), status: (r) => r.status, done: ['done'], failed: ['failed'] }, opts);
  }

  /** Polls a post until it is `published` (or `scheduled`, with `until: 'scheduled'`); ResourceFailedError on `failed` or `cancelled`. */
  waitForPost(postId: string, opts: WaitOptions<Post> & { until?: 'published' | 'scheduled' } = {}): Promise<Post> {
    const done = opts.until === 'scheduled' ? ['scheduled', 'published'] : ['published'];
    return this.waitUntil(`post ${postId}`, { check: async () => (await this.posts.get(postId)).post, status: (p) => p.status, done, failed: ['failed', 'cancelled'] }, opts);
  }

  private async waitUntil<T extends { error?: string }>(what: string, spec: PollSpec<T>, opts: WaitOptions<T>): Promise<T> {
    const { resource, failed } = await pollUntil(spec, opts);
    if (failed) throw new ResourceFailedError(resource, `${what} ended in ${spec.status(resource)}${resource.error ? `: ${resource.error}` : ''}`);
    return resource;
  }
}
