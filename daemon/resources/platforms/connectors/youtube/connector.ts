import { stat } from 'node:fs/promises';
import { TITLE_MAX, hashtagsIn } from '../../../../../src/api/posts.js';
import { ConnectorError, type Connector, type PublishRequest, type PublishResult } from '../connector.js';
import { excerpt, retryAfterMs, send, withToken, type PlatformAnswer } from '../http.js';
import { openSession, resumableUpload, type SessionPlatform } from '../resumable-session.js';
import { pollUntil } from '../poll.js';
import { googleOAuth, youtubeApi } from './oauth.js';

const PRIVACY = ['public', 'unlisted', 'private'] as const;
/** YouTube Data API v3 `reason`s: the day's quota is gone (final), or a short-term rate limit (retry). */
const QUOTA_GONE = new Set(['quotaExceeded', 'dailyLimitExceeded', 'uploadLimitExceeded']);
const RATE_LIMITED = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);
/** "The description may not be longer than 5000 bytes" (videos resource, snippet.description). */
const DESCRIPTION_BYTES = 5000;
const TAG_CHARS = 500;

/**
 * The long-video platform's connector (issue 15, item 2): YouTube Data API v3 `videos.insert`
 * with the resumable upload protocol (resumable-session.ts), chunked, resumed after a dropped
 * connection or a restart from the saved session URI. Metadata: title, description = caption,
 * the caption's hashtags as `tags`, `category_id`, and the connection's `privacy_status`
 * (public, unlisted or private; projects Google has not verified upload as private whatever is
 * asked) and `made_for_kids`. After the upload it polls `videos.list` until YouTube has
 * processed the video; a processing failure or rejection fails the post. `published_url` is the
 * watch URL.
 */
export class YouTubeConnector implements Connector {
  readonly name = 'youtube';
  readonly platforms = ['long_video'] as const;
  readonly oauth = googleOAuth;

  checkSettings(s: Record<string, unknown>): string | undefined {
    if (s.privacy_status !== undefined && !PRIVACY.includes(s.privacy_status as never)) return `settings.privacy_status must be one of ${PRIVACY.join(', ')}`;
    if (s.made_for_kids !== undefined && !['true', 'false', true, false].includes(s.made_for_kids as never)) return 'settings.made_for_kids must be true or false';
    return undefined;
  }

  async publish(req: PublishRequest): Promise<PublishResult> {
    const s = req.connection.settings;
    const api = youtubeApi(s);
    const p: SessionPlatform = { name: 'YouTube', auth: req.auth, signal: req.signal, now: req.now, refusal: (a, what) => refusal(a, what, req.now()) };
    const metadata = this.metadata(req);
    const total = (await stat(req.file)).size;
    const uploadUrl = `${api}/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`;
    const video = await resumableUpload(p, req, () => openSession(p, uploadUrl, metadata, total), Number(s.chunk_bytes ?? 8 * 1024 * 1024));
    const id = String(video.id);
    await this.processed(req, api, id);
    return { externalId: id, url: `https://www.youtube.com/watch?v=${encodeURIComponent(id)}` };
  }

  /** The video resource's snippet and status (videos.insert `part=snippet,status`). */
  private metadata(req: PublishRequest) {
    const s = req.connection.settings;
    // YouTube refuses `<` and `>` in titles and descriptions (invalidTitle / invalidDescription).
    const clean = (t: string) => t.replace(/[<>]/g, '');
    const title = clean(req.title ?? req.caption.split('\n')[0]).slice(0, TITLE_MAX).trim() || 'New clip';
    const description = clean(req.caption);
    const bytes = Buffer.byteLength(description);
    if (bytes > DESCRIPTION_BYTES) throw new ConnectorError(`YouTube takes at most ${DESCRIPTION_BYTES} bytes of description; this caption has ${bytes}: shorten it`, false);
    const tags: string[] = [];
    for (const tag of hashtagsIn(req.caption).map((t) => t.slice(1))) {
      if ([...tags, tag].join(',').length > TAG_CHARS) break;
      if (!tags.includes(tag)) tags.push(tag);
    }
    const categoryId = typeof req.settings.category_id === 'string' ? req.settings.category_id : '22';
    const privacyStatus = typeof s.privacy_status === 'string' ? s.privacy_status : 'public';
    const kids = s.made_for_kids === true || s.made_for_kids === 'true';
    return { snippet: { title, description, tags, categoryId }, status: { privacyStatus, selfDeclaredMadeForKids: kids } };
  }

  /** Polls videos.list until the upload is processed; `failed` or `rejected` fails the post with YouTube's reason. */
  private async processed(req: PublishRequest, api: string, id: string): Promise<void> {
    const s = req.connection.settings;
    await pollUntil(req, { everyMs: Number(s.poll_ms ?? 5000), forMs: Number(s.processing_timeout_ms ?? 600_000) }, async () => {
      const a = await withToken(req.auth, 'YouTube', (token) => send('YouTube', `${api}/youtube/v3/videos?part=status,processingDetails&id=${encodeURIComponent(id)}`, { headers: { authorization: `Bearer ${token}` }, signal: req.signal }));
      if (a.status !== 200) throw refusal(a, 'checking the processing of the video', req.now());
      const status = a.json<{ items?: Array<{ status?: { uploadStatus?: string; failureReason?: string; rejectionReason?: string } }> }>().items?.[0]?.status;
      if (!status) throw new ConnectorError(`YouTube no longer lists the uploaded video ${id}`, false);
      if (status.uploadStatus === 'failed') throw new ConnectorError(`YouTube could not process the video (${status.failureReason ?? 'no reason given'})`, false);
      if (status.uploadStatus === 'rejected') throw new ConnectorError(`YouTube rejected the video (${status.rejectionReason ?? 'no reason given'})`, false);
      if (status.uploadStatus === 'deleted') throw new ConnectorError('The video was deleted on YouTube before it was processed', false);
      return status.uploadStatus === 'processed';
    });
  }
}

/** YouTube's error body: `{error: {code, message, errors: [{domain, reason, message}]}}`. */
function refusal(a: PlatformAnswer, what: string, now: number): ConnectorError {
  const error = a.json<{ error?: { message?: string; errors?: Array<{ reason?: string }> } }>().error;
  const reason = error?.errors?.[0]?.reason ?? '';
  const message = `YouTube answered ${a.status} ${what}${reason ? ` (${reason})` : ''}: ${error?.message ?? excerpt(a.text)}`;
  if (QUOTA_GONE.has(reason)) return new ConnectorError(`${message}. The project's upload quota for the day is used up; publish it again tomorrow`, false);
  if (RATE_LIMITED.has(reason) || a.status === 429) return new ConnectorError(message, true, { retryAfterMs: retryAfterMs(a, now) });
  return new ConnectorError(message, a.status >= 500 || a.status === 408);
}
