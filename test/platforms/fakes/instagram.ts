import { createHash, randomBytes } from 'node:crypto';
import { FakeOAuth } from './fake-oauth.js';
import { FakeServer, type FakeReply, type FakeRequest, type Outcome } from './fake-server.js';

export interface FakeContainer {
  id: string;
  caption: string;
  status_code: 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED';
  uploads: number;
  md5?: string;
  polls: number;
  media_id?: string;
}

const V = 'v21.0';
const graphErr = (status: number, code: number, message: string, subcode?: number, headers?: Record<string, string>): FakeReply =>
  ({ status, headers, body: { error: { message, type: code === 190 ? 'OAuthException' : 'GraphMethodException', code, ...(subcode ? { error_subcode: subcode } : {}), fbtrace_id: 'trace' } } });

/**
 * Facebook Login and the Instagram Graph API's reel publishing as documented, on loopback: the
 * login dialog with PKCE, `oauth/access_token` (code exchange and `fb_exchange_token`),
 * `me/accounts` with the Page's Instagram business account, `me/permissions` (DELETE),
 * `content_publishing_limit`, REELS containers with `upload_type=resumable`, the rupload
 * endpoint (`/ig-api-upload/<version>/<container>`), container status, `media_publish`, media
 * permalinks and the account's media list. Knobs: `failProcessing`, `pollsToFinish`,
 * `postsToday`, `dropNextUpload`.
 */
export class FakeInstagram extends FakeServer {
  readonly oauth = new FakeOAuth({ clientParam: 'client_id', challenge: 'base64url', requireSecret: true, rotateRefresh: false, accessSeconds: 3600 });
  readonly containers: FakeContainer[] = [];
  readonly media: Array<{ id: string; caption: string; container: string }> = [];
  igUser = '17841400000000001';
  failProcessing = false;
  pollsToFinish = 1;
  postsToday = 0;
  dropNextUpload = false;

  constructor() {
    super();
    this.route('GET', new RegExp(`^/${V}/dialog/oauth$`), (r) => this.oauth.consent(r));
    this.route('GET', new RegExp(`^/${V}/oauth/access_token$`), (r) => this.token(r));
    this.route('GET', new RegExp(`^/${V}/me/accounts$`), (r) => this.authed(r, () => this.accounts(r)));
    this.route('DELETE', new RegExp(`^/${V}/me/permissions$`), (r) => (this.oauth.revoke(r.bearer() ?? '') ? { status: 200, body: { success: true } } : graphErr(400, 190, 'Invalid OAuth access token.')));
    this.route('GET', new RegExp(`^/${V}/\\d+/content_publishing_limit$`), (r) => this.authed(r, () => ({ status: 200, body: { data: [{ quota_usage: this.postsToday, config: { quota_total: 100, quota_duration: 86400 } }] } })));
    this.route('POST', new RegExp(`^/${V}/\\d+/media$`), (r) => this.authed(r, () => this.container(r)));
    this.route('GET', new RegExp(`^/${V}/\\d+/media$`), (r) => this.authed(r, () => ({ status: 200, body: { data: [...this.media].reverse().map((m) => ({ id: m.id, caption: m.caption, media_product_type: 'REELS' })) } })));
    this.route('POST', new RegExp(`^/ig-api-upload/${V}/\\w+$`), (r) => this.upload(r));
    this.route('POST', new RegExp(`^/${V}/\\d+/media_publish$`), (r) => this.authed(r, () => this.publish(r)));
    this.route('GET', new RegExp(`^/${V}/\\w+$`), (r) => this.authed(r, () => this.node(r)));
  }

  private authed(r: FakeRequest, then: () => Outcome): Outcome {
    const state = this.oauth.check(r.bearer());
    return state === 'ok' ? then() : graphErr(400, 190, `Error validating access token: the session is invalid (${state}).`, 460);
  }

  private token(r: FakeRequest): Outcome {
    const q = new URLSearchParams(r.query);
    if (q.get('grant_type') === 'fb_exchange_token') {
      if (q.get('client_secret') !== this.oauth.clientSecret) return graphErr(400, 1, 'Invalid client_secret');
      const long = this.oauth.mint(q.get('fb_exchange_token') ?? '');
      return long ? { status: 200, body: { access_token: long, token_type: 'bearer', expires_in: 5184000 } } : graphErr(400, 190, 'Invalid OAuth access token.');
    }
    q.set('grant_type', 'authorization_code');
    const reply = this.oauth.token(q);
    return reply.status === 200 ? reply : graphErr(400, 100, `Invalid verification code format or PKCE failure: ${JSON.stringify(reply.body)}`, 36008);
  }

  private accounts(r: FakeRequest): Outcome {
    const pageToken = this.oauth.mint(r.bearer()!);
    return { status: 200, body: { data: [{ id: '1000000001', name: 'No Instagram here' }, { id: '1000000002', name: 'Fake Page', access_token: pageToken, instagram_business_account: { id: this.igUser, username: 'fakegram' } }] } };
  }

  private container(r: FakeRequest): Outcome {
    const f = r.form();
    if (f.get('media_type') !== 'REELS' || f.get('upload_type') !== 'resumable') return graphErr(400, 100, 'media_type REELS with upload_type resumable expected');
    const caption = f.get('caption') ?? '';
    if ([...caption.matchAll(/#\w+/g)].length > 30) return graphErr(400, 100, 'The caption has more than 30 hashtags', 2207024);
    const id = `1790000${randomBytes(4).readUInt32BE()}`;
    this.containers.push({ id, caption, status_code: 'IN_PROGRESS', uploads: 0, polls: 0 });
    return { status: 200, body: { id, uri: `${this.url}/ig-api-upload/${V}/${id}` } };
  }

  private upload(r: FakeRequest): Outcome {
    const c = this.containers.find((x) => r.path.endsWith(`/${x.id}`));
    if (!c) return graphErr(404, 100, 'Unknown container');
    if (!/^OAuth /.test(String(r.headers.authorization)) || this.oauth.check(r.bearer()) !== 'ok') return graphErr(401, 190, 'Invalid OAuth access token.');
    if (r.headers.offset !== '0' || Number(r.headers.file_size) !== r.body.length) return graphErr(400, 100, 'offset must be 0 and file_size the body length');
    c.uploads++;
    if (this.dropNextUpload) {
      this.dropNextUpload = false;
      return 'drop';
    }
    c.md5 = createHash('md5').update(r.body).digest('hex');
    return { status: 200, body: { success: true, message: 'Upload successful.' } };
  }

  private node(r: FakeRequest): Outcome {
    const id = r.path.split('/').pop()!;
    const c = this.containers.find((x) => x.id === id);
    if (c) {
      if (c.status_code === 'IN_PROGRESS' && c.md5 && ++c.polls >= this.pollsToFinish) c.status_code = this.failProcessing ? 'ERROR' : 'FINISHED';
      return { status: 200, body: { id, status_code: c.status_code, status: c.status_code === 'ERROR' ? 'Error: Media upload has failed with error code 2207026 (unsupported video format)' : c.status_code } };
    }
    const m = this.media.find((x) => x.id === id);
    return m ? { status: 200, body: { id, permalink: `https://www.instagram.com/reel/${m.id.slice(-8)}/` } } : graphErr(404, 100, 'Unsupported get request');
  }

  private publish(r: FakeRequest): Outcome {
    const c = this.containers.find((x) => x.id === r.form().get('creation_id'));
    if (!c) return graphErr(400, 100, 'Unknown creation_id');
    if (this.postsToday >= 100) return graphErr(400, 9, 'Application request limit reached', 2207042);
    if (c.status_code !== 'FINISHED') return graphErr(400, 9007, `The media is not ready for publishing (${c.status_code})`, 2207027);
    const id = `1791000${randomBytes(4).readUInt32BE()}`;
    c.status_code = 'PUBLISHED';
    c.media_id = id;
    this.media.push({ id, caption: c.caption, container: c.id });
    this.postsToday++;
    return { status: 200, body: { id } };
  }
}
