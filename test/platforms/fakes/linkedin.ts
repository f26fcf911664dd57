import { createHash, randomBytes } from 'node:crypto';
import { FakeOAuth } from './fake-oauth.js';
import { FakeServer, type FakeReply, type FakeRequest, type Outcome } from './fake-server.js';

const PART = 4 * 1024 * 1024;

export interface FakeLinkedInVideo {
  urn: string;
  owner: string;
  size: number;
  parts: Array<Buffer | undefined>;
  etags: string[];
  status: 'WAITING_UPLOAD' | 'PROCESSING' | 'AVAILABLE' | 'PROCESSING_FAILED';
  md5?: string;
  polls: number;
}

const liError = (status: number, code: string, message: string, headers?: Record<string, string>): FakeReply => ({ status, headers, body: { status, serviceErrorCode: 100, code, message } });

/**
 * LinkedIn's OAuth 2.0 (with native PKCE) and versioned REST APIs as documented, on loopback:
 * `/oauth/v2/authorization`, `/oauth/v2/accessToken` (refresh tokens, as for approved apps),
 * `/oauth/v2/revoke`, `/v2/userinfo`; the Videos API (`initializeUpload` with 4 MB parts, part
 * PUTs answering ETags, `finalizeUpload` checking them, the video's status) and the Posts API
 * (create, answering `x-restli-id`; the author finder). Every REST call must carry
 * `LinkedIn-Version` and `X-Restli-Protocol-Version: 2.0.0`. Knobs: `failProcessing`, `pollsToAvailable`.
 */
export class FakeLinkedIn extends FakeServer {
  readonly oauth = new FakeOAuth({ clientParam: 'client_id', challenge: 'base64url', requireSecret: false, rotateRefresh: true, accessSeconds: 5184000 });
  readonly videos: FakeLinkedInVideo[] = [];
  readonly posts: Array<{ id: string; author: string; commentary: string; media: string; body: Record<string, unknown> }> = [];
  failProcessing = false;
  pollsToAvailable = 1;

  constructor() {
    super();
    this.route('GET', /^\/oauth\/v2\/authorization$/, (r) => this.oauth.consent(r));
    this.route('POST', /^\/oauth\/v2\/accessToken$/, (r) => this.oauth.token(r.form()));
    this.route('POST', /^\/oauth\/v2\/revoke$/, (r) => (this.oauth.revoke(r.form().get('token') ?? '') ? { status: 200 } : liError(400, 'INVALID_TOKEN', 'unknown token')));
    this.route('GET', /^\/v2\/userinfo$/, (r) => this.authed(r, () => ({ status: 200, body: { sub: 'Ab12Cd34', name: 'Fake Member', given_name: 'Fake', family_name: 'Member' } }), false));
    this.route('POST', /^\/rest\/videos$/, (r) => this.authed(r, () => (r.query.get('action') === 'initializeUpload' ? this.initialize(r) : this.finalize(r))));
    this.route('PUT', /^\/upload\/[\w:%-]+\/\d+$/, (r) => this.authed(r, () => this.part(r), false));
    this.route('GET', /^\/rest\/videos\/.+$/, (r) => this.authed(r, () => this.video(r)));
    this.route('POST', /^\/rest\/posts$/, (r) => this.authed(r, () => this.createPost(r)));
    this.route('GET', /^\/rest\/posts$/, (r) => this.authed(r, () => this.findPosts(r)));
  }

  private authed(r: FakeRequest, then: () => Outcome, rest = true): Outcome {
    const state = this.oauth.check(r.bearer());
    if (state !== 'ok') return liError(401, 'REVOKED_ACCESS_TOKEN', `The token used in the request has been revoked by the user (${state})`);
    if (rest && (!/^\d{6}$/.test(String(r.headers['linkedin-version'])) || r.headers['x-restli-protocol-version'] !== '2.0.0')) return liError(400, 'VERSION_MISSING', 'A version must be present');
    return then();
  }

  private initialize(r: FakeRequest): Outcome {
    const req = r.json<{ initializeUploadRequest: { owner: string; fileSizeBytes: number } }>().initializeUploadRequest;
    const urn = `urn:li:video:D4E${randomBytes(6).toString('hex')}`;
    const count = Math.ceil(req.fileSizeBytes / PART);
    this.videos.push({ urn, owner: req.owner, size: req.fileSizeBytes, parts: new Array(count).fill(undefined), etags: [], status: 'WAITING_UPLOAD', polls: 0 });
    const uploadInstructions = Array.from({ length: count }, (_, i) => ({
      uploadUrl: `${this.url}/upload/${encodeURIComponent(urn)}/${i}`, firstByte: i * PART, lastByte: Math.min(req.fileSizeBytes, (i + 1) * PART) - 1,
    }));
    return { status: 200, body: { value: { uploadUrlsExpireAt: Date.now() + 3600_000, video: urn, uploadInstructions, uploadToken: '' } } };
  }

  private part(r: FakeRequest): Outcome {
    const [, , encoded, index] = r.path.split('/');
    const v = this.videos.find((x) => x.urn === decodeURIComponent(encoded));
    const i = Number(index);
    if (!v || i >= v.parts.length) return liError(404, 'NOT_FOUND', 'no such upload');
    const expected = Math.min(v.size, (i + 1) * PART) - i * PART;
    if (r.body.length !== expected) return liError(400, 'BAD_PART', `part ${i} must be ${expected} bytes`);
    v.parts[i] = r.body;
    v.etags[i] = `/ambry-video/signedId/${createHash('md5').update(r.body).digest('hex')}`;
    return { status: 200, headers: { etag: v.etags[i] } };
  }

  private finalize(r: FakeRequest): Outcome {
    const f = r.json<{ finalizeUploadRequest: { video: string; uploadedPartIds: string[] } }>().finalizeUploadRequest;
    const v = this.videos.find((x) => x.urn === f.video);
    if (!v) return liError(404, 'NOT_FOUND', 'no such video');
    if (JSON.stringify(f.uploadedPartIds) !== JSON.stringify(v.etags) || v.parts.some((p) => !p)) return liError(400, 'BAD_PARTS', 'uploadedPartIds do not match the parts received');
    v.md5 = createHash('md5').update(Buffer.concat(v.parts as Buffer[])).digest('hex');
    v.status = 'PROCESSING';
    return { status: 200, body: {} };
  }

  private video(r: FakeRequest): Outcome {
    const v = this.videos.find((x) => x.urn === decodeURIComponent(r.path.slice('/rest/videos/'.length)));
    if (!v) return liError(404, 'NOT_FOUND', 'no such video');
    if (v.status === 'PROCESSING' && ++v.polls >= this.pollsToAvailable) v.status = this.failProcessing ? 'PROCESSING_FAILED' : 'AVAILABLE';
    return { status: 200, body: { id: v.urn, owner: v.owner, status: v.status, ...(v.status === 'PROCESSING_FAILED' ? { processingFailureReason: 'Video format is not supported' } : {}) } };
  }

  private createPost(r: FakeRequest): Outcome {
    const body = r.json<{ author: string; commentary: string; content?: { media?: { id?: string } }; lifecycleState: string }>();
    const v = this.videos.find((x) => x.urn === body.content?.media?.id);
    if (!v || v.status !== 'AVAILABLE') return liError(422, 'UNPROCESSABLE_ENTITY', 'The video is not available');
    if (body.lifecycleState !== 'PUBLISHED') return liError(422, 'UNPROCESSABLE_ENTITY', 'lifecycleState must be PUBLISHED');
    const id = `urn:li:share:7${randomBytes(8).readBigUInt64BE() % 10n ** 18n}`;
    this.posts.push({ id, author: body.author, commentary: body.commentary, media: v.urn, body });
    return { status: 201, headers: { 'x-restli-id': id } };
  }

  private findPosts(r: FakeRequest): Outcome {
    if (r.query.get('q') !== 'author' || r.headers['x-restli-method'] !== 'FINDER') return liError(400, 'BAD_FINDER', 'q=author with X-RestLi-Method: FINDER expected');
    const mine = this.posts.filter((p) => p.author === r.query.get('author')).reverse();
    return { status: 200, body: { elements: mine.map((p) => ({ id: p.id, author: p.author, content: { media: { id: p.media } } })) } };
  }
}
