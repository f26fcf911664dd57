import { randomBytes } from 'node:crypto';
import { FakeOAuth } from './fake-oauth.js';
import { FakeServer, type FakeRequest, type FakeReply } from './fake-server.js';
import { ResumableSessions, type Received } from './resumable-sessions.js';

interface Metadata {
  snippet: { title: string; description: string; tags?: string[]; categoryId: string };
  status: { privacyStatus: string; selfDeclaredMadeForKids?: boolean };
}

export interface FakeYouTubeVideo extends Received {
  id: string;
  metadata: Metadata;
  uploadStatus: 'uploaded' | 'processed' | 'failed';
  polls: number;
}

const apiError = (code: number, reason: string, message: string): FakeReply => ({ status: code, body: { error: { code, message, errors: [{ domain: 'youtube', reason, message }] } } });

/**
 * YouTube as its public documentation describes it, on loopback: Google's OAuth endpoints
 * (`/o/oauth2/v2/auth`, `/token`, `/revoke`), `channels.list?mine=true`, `videos.insert` with
 * `uploadType=resumable` and `videos.list` for the processing status. Knobs: `quotaExhausted`
 * (403 quotaExceeded), `failProcessing` (uploadStatus failed), `pollsToProcess`.
 */
export class FakeYouTube extends FakeServer {
  readonly oauth = new FakeOAuth({ clientParam: 'client_id', challenge: 'base64url', requireSecret: true, rotateRefresh: false, accessSeconds: 3599 });
  readonly videos: FakeYouTubeVideo[] = [];
  readonly uploads = new ResumableSessions<Metadata>((metadata, _bytes, received) => {
    const video: FakeYouTubeVideo = { id: randomBytes(6).toString('base64url'), metadata, ...received, uploadStatus: 'uploaded', polls: 0 };
    this.videos.push(video);
    return { kind: 'youtube#video', id: video.id, snippet: metadata.snippet, status: { uploadStatus: 'uploaded', privacyStatus: metadata.status.privacyStatus } };
  });
  quotaExhausted = false;
  failProcessing = false;
  pollsToProcess = 1;
  channel = { id: 'UCfakechannel0001', title: 'Fake Channel', customUrl: '@fakechannel' };

  constructor() {
    super();
    this.route('GET', /^\/o\/oauth2\/v2\/auth$/, (r) => this.oauth.consent(r));
    this.route('POST', /^\/token$/, (r) => this.oauth.token(r.form()));
    this.route('POST', /^\/revoke$/, (r) => (this.oauth.revoke(r.form().get('token') ?? '') ? { status: 200, body: {} } : { status: 400, body: { error: 'invalid_token' } }));
    this.route('GET', /^\/youtube\/v3\/channels$/, (r) => this.authed(r, () => ({ status: 200, body: { items: [{ id: this.channel.id, snippet: { title: this.channel.title, customUrl: this.channel.customUrl } }] } })));
    this.route('POST', /^\/upload\/youtube\/v3\/videos$/, (r) => this.authed(r, () => this.insert(r)));
    this.route('PUT', /^\/upload\/youtube\/v3\/videos$/, (r) => this.authed(r, () => this.uploads.put(r.query.get('upload_id') ?? '', r)));
    this.route('GET', /^\/youtube\/v3\/videos$/, (r) => this.authed(r, () => this.list(r)));
  }

  private authed(r: FakeRequest, then: () => ReturnType<ResumableSessions<Metadata>['put']>) {
    const state = this.oauth.check(r.bearer());
    return state === 'ok' ? then() : apiError(401, 'authError', `Request had invalid authentication credentials (${state}).`);
  }

  private insert(r: FakeRequest) {
    if (r.query.get('uploadType') !== 'resumable') return apiError(400, 'badRequest', 'uploadType must be resumable here');
    if (this.quotaExhausted) return apiError(403, 'quotaExceeded', 'The request cannot be completed because you have exceeded your quota.');
    const m = r.json<Metadata>();
    if (!m.snippet?.title || m.snippet.title.length > 100 || /[<>]/.test(m.snippet.title)) return apiError(400, 'invalidTitle', 'The request metadata specifies an invalid video title.');
    if (!/^\d+$/.test(m.snippet.categoryId ?? '')) return apiError(400, 'invalidCategoryId', 'The snippet.categoryId property specifies an invalid category ID.');
    const id = this.uploads.open(m, Number(r.headers['x-upload-content-length']));
    return { status: 200, headers: { location: `/upload/youtube/v3/videos?uploadType=resumable&upload_id=${id}` } };
  }

  private list(r: FakeRequest) {
    const video = this.videos.find((v) => v.id === r.query.get('id'));
    if (!video) return { status: 200, body: { items: [] } };
    if (video.uploadStatus === 'uploaded' && ++video.polls >= this.pollsToProcess) video.uploadStatus = this.failProcessing ? 'failed' : 'processed';
    const status = { uploadStatus: video.uploadStatus, privacyStatus: video.metadata.status.privacyStatus, ...(video.uploadStatus === 'failed' ? { failureReason: 'codec' } : {}) };
    return { status: 200, body: { items: [{ id: video.id, status }] } };
  }
}
