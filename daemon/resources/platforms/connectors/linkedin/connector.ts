import { open, stat } from 'node:fs/promises';
import { ConnectorError, type Connector, type PublishRequest, type PublishResult } from '../connector.js';
import { excerpt, header, retryAfterMs, send, withToken, type PlatformAnswer } from '../http.js';
import { pollUntil } from '../poll.js';
import { commentary } from './little-text.js';
import { linkedinApi, linkedinOAuth } from './oauth.js';

/** The versioned REST API's month (`LinkedIn-Version: YYYYMM`); a connection's `linkedin_version` changes it. */
export const LINKEDIN_VERSION = '202501';

interface Instruction {
  uploadUrl: string;
  firstByte: number;
  lastByte: number;
}
/** Saved as the publication moves on: the video, its parts' ETags so far, then the post. */
interface Saved {
  video: string;
  upload_token: string;
  instructions: Instruction[];
  urls_expire_at: number;
  etags: string[];
  phase: 'upload' | 'finalized' | 'posting' | 'posted';
  post?: string;
}

/**
 * The professional network's connector (issue 15, item 2): LinkedIn's Videos API
 * (`initializeUpload` gives the video URN and one upload URL per part; each part is PUT and its
 * ETag kept; `finalizeUpload` with the ETags; the video is polled until AVAILABLE, and
 * PROCESSING_FAILED fails the post), then the Posts API creates the member's post carrying the
 * video with the caption as `commentary` (little-text.ts: reserved characters escaped, hashtags
 * as templates). `published_url` is the post's feed URL.
 *
 * Never twice: every step is saved before the next; a try that finds the `posting` step begun
 * looks for the member's post that carries this video before creating one.
 */
export class LinkedInConnector implements Connector {
  readonly name = 'linkedin';
  readonly platforms = ['professional_network'] as const;
  readonly oauth = linkedinOAuth;

  async publish(req: PublishRequest): Promise<PublishResult> {
    const author = (await req.auth.credentials()).account?.person_urn;
    if (!author) throw new ConnectorError('The LinkedIn connection names no member; connect it again', false);
    let saved = req.resumeState ? (JSON.parse(req.resumeState) as Saved) : undefined;
    const save = (next: Saved) => req.saveResumeState(JSON.stringify((saved = next)));
    if (saved?.phase === 'posted' && saved.post) return result(saved.post);
    // Upload URLs that ran out before the video was finalized: nothing was published, start again.
    if (saved?.phase === 'upload' && saved.urls_expire_at <= req.now()) saved = undefined;
    if (!saved) await save(await this.initialize(req, author));
    const current = () => saved!;
    if (current().phase === 'upload') {
      await this.uploadParts(req, current(), save);
      await this.call(req, 'POST', '/rest/videos?action=finalizeUpload', { finalizeUploadRequest: { video: current().video, uploadToken: current().upload_token, uploadedPartIds: current().etags } }, 'to finalizeUpload');
      await save({ ...current(), phase: 'finalized' });
    }
    if (current().phase === 'finalized') {
      await this.available(req, current().video);
      await save({ ...current(), phase: 'posting' });
    }
    const post = (await this.existingPost(req, author, current().video)) ?? (await this.createPost(req, author, current().video));
    await save({ ...current(), phase: 'posted', post });
    return result(post);
  }

  private async initialize(req: PublishRequest, owner: string): Promise<Saved> {
    const size = (await stat(req.file)).size;
    const a = await this.call(req, 'POST', '/rest/videos?action=initializeUpload', { initializeUploadRequest: { owner, fileSizeBytes: size, uploadCaptions: false, uploadThumbnail: false } }, 'to initializeUpload');
    const v = a.json<{ value?: { video?: string; uploadToken?: string; uploadUrlsExpireAt?: number; uploadInstructions?: Instruction[] } }>().value;
    if (!v?.video || !v.uploadInstructions?.length) throw new ConnectorError(`LinkedIn's initializeUpload answer has no video or upload instructions: ${excerpt(a.text)}`, false);
    return { video: v.video, upload_token: v.uploadToken ?? '', instructions: v.uploadInstructions, urls_expire_at: v.uploadUrlsExpireAt ?? Number.MAX_SAFE_INTEGER, etags: [], phase: 'upload' };
  }

  /** PUTs each part not yet sent (its byte range from the instructions); its ETag is saved at once. */
  private async uploadParts(req: PublishRequest, saved: Saved, save: (s: Saved) => Promise<void>): Promise<void> {
    const fd = await open(req.file, 'r');
    try {
      const etags = [...saved.etags];
      for (let i = etags.length; i < saved.instructions.length; i++) {
        const { uploadUrl, firstByte, lastByte } = saved.instructions[i];
        const body = Buffer.alloc(lastByte - firstByte + 1);
        await fd.read(body, 0, body.length, firstByte);
        const a = await withToken(req.auth, 'LinkedIn', (token) =>
          send('LinkedIn', uploadUrl, { method: 'PUT', body, signal: req.signal, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' } }));
        const etag = header(a, 'etag');
        if (a.status < 200 || a.status >= 300 || !etag) throw refusal(a, `to part ${i + 1} of ${saved.instructions.length}`, req.now());
        etags.push(etag);
        await save({ ...saved, etags: [...etags] });
      }
    } finally {
      await fd.close();
    }
  }

  private async available(req: PublishRequest, video: string): Promise<void> {
    const s = req.connection.settings;
    await pollUntil(req, { everyMs: Number(s.poll_ms ?? 5000), forMs: Number(s.processing_timeout_ms ?? 600_000) }, async () => {
      const v = (await this.call(req, 'GET', `/rest/videos/${encodeURIComponent(video)}`, undefined, 'to the video status query')).json<{ status?: string; processingFailureReason?: string }>();
      if (v.status === 'PROCESSING_FAILED') throw new ConnectorError(`LinkedIn could not process the video (${v.processingFailureReason ?? 'no reason given'})`, false);
      return v.status === 'AVAILABLE';
    });
  }

  /** The member's recent post carrying `video`, if one exists (a post created before a crash). */
  private async existingPost(req: PublishRequest, author: string, video: string): Promise<string | undefined> {
    if (savedAtStart(req)?.phase !== 'posting') return undefined;
    const a = await this.call(req, 'GET', `/rest/posts?author=${encodeURIComponent(author)}&q=author&count=20&sortBy=LAST_MODIFIED`, undefined, 'listing the member\'s posts', { 'x-restli-method': 'FINDER' });
    return a.json<{ elements?: Array<{ id: string; content?: { media?: { id?: string } } }> }>().elements?.find((p) => p.content?.media?.id === video)?.id;
  }

  private async createPost(req: PublishRequest, author: string, video: string): Promise<string> {
    const body = {
      author, commentary: commentary(req.caption), visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      content: { media: { id: video } }, lifecycleState: 'PUBLISHED', isReshareDisabledByAuthor: false,
    };
    const a = await this.call(req, 'POST', '/rest/posts', body, 'to the post');
    const id = header(a, 'x-restli-id');
    if (!id) throw new ConnectorError('LinkedIn created the post without naming it (no x-restli-id)', false);
    return id;
  }

  /** A call to the versioned REST API (Rest.li 2.0); anything but 2xx is a refusal. */
  private async call(req: PublishRequest, method: 'GET' | 'POST', path: string, body: unknown, what: string, extra: Record<string, string> = {}): Promise<PlatformAnswer> {
    const s = req.connection.settings;
    const version = typeof s.linkedin_version === 'string' ? s.linkedin_version : LINKEDIN_VERSION;
    const a = await withToken(req.auth, 'LinkedIn', (token) =>
      send('LinkedIn', `${linkedinApi(s)}${path}`, {
        method, signal: req.signal, body: body === undefined ? undefined : JSON.stringify(body),
        headers: { authorization: `Bearer ${token}`, 'linkedin-version': version, 'x-restli-protocol-version': '2.0.0', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...extra },
      }));
    if (a.status >= 200 && a.status < 300) return a;
    throw refusal(a, what, req.now());
  }
}

const savedAtStart = (req: PublishRequest) => (req.resumeState ? (JSON.parse(req.resumeState) as Saved) : undefined);
const result = (post: string): PublishResult => ({ externalId: post, url: `https://www.linkedin.com/feed/update/${post}/` });

/** The next 00:00 UTC: LinkedIn's daily application and member limits reset then. */
const untilMidnightUtc = (now: number) => 86_400_000 - (now % 86_400_000);

/** LinkedIn's error body: `{status, serviceErrorCode, code, message}`. */
function refusal(a: PlatformAnswer, what: string, now: number): ConnectorError {
  const e = a.json<{ message?: string; code?: string; serviceErrorCode?: number }>();
  const message = `LinkedIn answered ${a.status} ${what}${e.code ? ` (${e.code})` : ''}: ${e.message ?? excerpt(a.text)}`;
  if (a.status === 429) return new ConnectorError(`${message}. Its daily limit resets at midnight UTC`, true, { retryAfterMs: retryAfterMs(a, now) ?? untilMidnightUtc(now) });
  return new ConnectorError(message, a.status >= 500 || a.status === 408);
}
