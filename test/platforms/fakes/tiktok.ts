import { createHash, randomBytes } from 'node:crypto';
import { FakeOAuth } from './fake-oauth.js';
import { FakeServer, type FakeReply, type FakeRequest, type Outcome } from './fake-server.js';

export interface FakeTikTokPublish {
  publish_id: string;
  mode: 'inbox' | 'direct';
  post_info?: Record<string, unknown>;
  source_info: { video_size: number; chunk_size: number; total_chunk_count: number };
  chunks: Buffer[];
  received: number;
  status: 'PROCESSING_UPLOAD' | 'PUBLISH_COMPLETE' | 'SEND_TO_USER_INBOX' | 'FAILED';
  fail_reason?: string;
  polls: number;
  md5?: string;
  /** TikTok's ids are 64-bit integers, sent as JSON numbers (issue 27, item 5). */
  post_id?: bigint;
}

const MB5 = 5 * 1024 * 1024;
const ok = (data: unknown): FakeReply => ({ status: 200, body: { data, error: { code: 'ok', message: '', log_id: 'log1' } } });
const err = (status: number, code: string, message: string): FakeReply => ({ status, body: { error: { code, message, log_id: 'log1' } } });

/**
 * TikTok's Login Kit for Desktop and Content Posting API as documented, on loopback: consent
 * with `client_key` and a hex PKCE challenge; `/v2/oauth/token/` (rotating refresh tokens) and
 * `/v2/oauth/revoke/`; `/v2/user/info/`; creator_info; video init (direct) and inbox init with the
 * chunk rules checked; chunked PUTs to the upload URL (206, then 201); status fetch. Knobs:
 * `audited` (else only SELF_ONLY), `failProcessing`, `pollsToFinish`.
 */
export class FakeTikTok extends FakeServer {
  readonly oauth = new FakeOAuth({ clientParam: 'client_key', challenge: 'hex', requireSecret: true, rotateRefresh: true, accessSeconds: 86400 });
  readonly publishes: FakeTikTokPublish[] = [];
  audited = false;
  failProcessing = false;
  pollsToFinish = 1;
  /** Drop the connection (after storing the chunk) on the nth chunk PUT, counting from 1. */
  dropOnChunk?: number;
  chunkPuts = 0;

  constructor() {
    super();
    this.route('GET', /^\/v2\/auth\/authorize\/$/, (r) => this.oauth.consent(r));
    this.route('POST', /^\/v2\/oauth\/token\/$/, (r) => this.oauth.token(r.form(), { open_id: 'open-fake-1', refresh_expires_in: 31536000, scope: this.oauth.lastScope }));
    this.route('POST', /^\/v2\/oauth\/revoke\/$/, (r) => (this.oauth.revoke(r.form().get('token') ?? '') ? { status: 200, body: {} } : { status: 200, body: { error: 'invalid_request', error_description: 'unknown token' } }));
    this.route('GET', /^\/v2\/user\/info\/$/, (r) => this.authed(r, () => ok({ user: { open_id: 'open-fake-1', display_name: 'Fake Creator', username: 'fakecreator' } })));
    this.route('POST', /^\/v2\/post\/publish\/creator_info\/query\/$/, (r) => this.authed(r, () => this.creatorInfo()));
    this.route('POST', /^\/v2\/post\/publish\/video\/init\/$/, (r) => this.authed(r, () => this.init(r, 'direct')));
    this.route('POST', /^\/v2\/post\/publish\/inbox\/video\/init\/$/, (r) => this.authed(r, () => this.init(r, 'inbox')));
    this.route('PUT', /^\/upload\/[\w-]+$/, (r) => this.chunk(r));
    this.route('POST', /^\/v2\/post\/publish\/status\/fetch\/$/, (r) => this.authed(r, () => this.status(r)));
  }

  private authed(r: FakeRequest, then: () => Outcome): Outcome {
    const state = this.oauth.check(r.bearer());
    return state === 'ok' ? then() : err(401, 'access_token_invalid', `The access token is invalid or not found in the request (${state}).`);
  }

  private creatorInfo(): Outcome {
    if (!this.oauth.lastScope.split(',').includes('video.publish')) return err(403, 'scope_not_authorized', 'video.publish was not granted');
    const options = this.audited ? ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'] : ['SELF_ONLY'];
    return ok({ creator_username: 'fakecreator', creator_nickname: 'Fake Creator', privacy_level_options: options, comment_disabled: false, duet_disabled: true, stitch_disabled: false, max_video_post_duration_sec: 600 });
  }

  private init(r: FakeRequest, mode: 'inbox' | 'direct'): Outcome {
    const body = r.json<{ post_info?: Record<string, unknown>; source_info: FakeTikTokPublish['source_info'] & { source: string } }>();
    const need = mode === 'direct' ? 'video.publish' : 'video.upload';
    if (!this.oauth.lastScope.split(',').includes(need)) return err(403, 'scope_not_authorized', `${need} was not granted`);
    const si = body.source_info;
    const rule = si?.source !== 'FILE_UPLOAD' ? 'source must be FILE_UPLOAD'
      : si.video_size < MB5 ? (si.chunk_size !== si.video_size || si.total_chunk_count !== 1 ? 'a video under 5 MB goes up whole' : '')
      : si.chunk_size < MB5 || si.chunk_size > 64 * 1024 * 1024 ? 'chunk_size must be 5 to 64 MB'
      : si.total_chunk_count !== Math.floor(si.video_size / si.chunk_size) ? 'total_chunk_count must be floor(video_size / chunk_size)' : '';
    if (rule) return err(400, 'invalid_params', rule);
    if (mode === 'direct') {
      const privacy = String(body.post_info?.privacy_level);
      if (!this.audited && privacy !== 'SELF_ONLY') return err(403, 'unaudited_client_can_only_post_to_private_accounts', 'Unaudited clients can only post to private accounts');
      if (typeof body.post_info?.title !== 'string') return err(400, 'invalid_params', 'post_info.title is required');
    }
    const publish_id = `v_pub_file~v2-1.${randomBytes(6).toString('hex')}`;
    this.publishes.push({ publish_id, mode, post_info: body.post_info, source_info: si, chunks: [], received: 0, status: 'PROCESSING_UPLOAD', polls: 0 });
    return ok({ publish_id, upload_url: `${this.url}/upload/${encodeURIComponent(publish_id).replace(/[^\w-]/g, '_')}` });
  }

  private byUploadPath(path: string) {
    return this.publishes.find((p) => `/upload/${encodeURIComponent(p.publish_id).replace(/[^\w-]/g, '_')}` === path);
  }

  private chunk(r: FakeRequest): Outcome {
    const p = this.byUploadPath(r.path);
    if (!p) return { status: 404, body: 'no such upload' };
    const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(String(r.headers['content-range'] ?? ''));
    if (!m || Number(m[1]) !== p.received || Number(m[2]) - Number(m[1]) + 1 !== r.body.length || Number(m[3]) !== p.source_info.video_size) return { status: 416, body: 'chunks must come in order' };
    p.chunks.push(r.body);
    p.received += r.body.length;
    this.chunkPuts++;
    if (this.dropOnChunk === this.chunkPuts) return 'drop';
    if (p.received < p.source_info.video_size) return { status: 206 };
    p.md5 = createHash('md5').update(Buffer.concat(p.chunks)).digest('hex');
    return { status: 201 };
  }

  private status(r: FakeRequest): Outcome {
    const p = this.publishes.find((x) => x.publish_id === r.json<{ publish_id: string }>().publish_id);
    if (!p) return err(400, 'invalid_publish_id', 'unknown publish_id');
    if (p.status === 'PROCESSING_UPLOAD' && p.received === p.source_info.video_size && ++p.polls >= this.pollsToFinish) {
      if (this.failProcessing) Object.assign(p, { status: 'FAILED', fail_reason: 'file_format_check_failed' });
      else if (p.mode === 'inbox') p.status = 'SEND_TO_USER_INBOX';
      else Object.assign(p, { status: 'PUBLISH_COMPLETE', post_id: p.post_info?.privacy_level === 'SELF_ONLY' ? undefined : 7302663125830058708n + BigInt(this.publishes.length) });
    }
    return ok({ status: p.status, fail_reason: p.fail_reason, uploaded_bytes: p.received, publicaly_available_post_id: p.post_id ? [p.post_id] : [] });
  }
}
