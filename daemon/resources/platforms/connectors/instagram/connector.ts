import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { captionProblem } from '../../../../../src/api/posts.js';
import { ConnectorError, type Connector, type PublishRequest, type PublishResult } from '../connector.js';
import { send, withToken } from '../http.js';
import { pollUntil } from '../poll.js';
import { graph, graphError, tokenRefused } from './graph.js';
import { instagramOAuth } from './oauth.js';

/** A Graph API call of this publication (its token, settings and signal bound). */
type Call = <T>(method: 'GET' | 'POST', path: string, params: Record<string, string>, what: string) => Promise<T>;

/** Saved as the publication moves on; `phase` says what a later try must do. */
interface Saved {
  container_id: string;
  upload_uri: string;
  phase: 'upload' | 'uploaded' | 'publishing' | 'published';
  media_id?: string;
}

/**
 * The photo-sharing platform's connector (issue 15, item 2): an Instagram reel through the
 * Instagram Graph API with Facebook Login (resumable-uploads guide): a REELS media container with
 * `upload_type=resumable` and the caption; the file POSTed to the container's rupload URI
 * (`Authorization: OAuth`, `offset`, `file_size`); the container's `status_code` polled until
 * FINISHED (ERROR fails the post, EXPIRED starts a new container); `media_publish`; the
 * permalink as `published_url`. Before it starts, `content_publishing_limit` says whether the
 * account's 24-hour post quota has room.
 *
 * Never twice: every step is saved before the next; a try that finds its container already
 * PUBLISHED (a crash between media_publish and recording it) takes the account's newest media
 * with this caption instead of publishing again.
 */
export class InstagramConnector implements Connector {
  readonly name = 'instagram';
  readonly platforms = ['photo_sharing'] as const;
  readonly oauth = instagramOAuth;

  async publish(req: PublishRequest): Promise<PublishResult> {
    const problem = captionProblem('photo_sharing', req.caption);
    if (problem) throw new ConnectorError(`Instagram refuses this caption: ${problem}`, false);
    const s = req.connection.settings;
    const igUser = (await req.auth.credentials()).account?.ig_user_id;
    if (!igUser) throw new ConnectorError('The Instagram connection names no Instagram account; connect it again', false);
    const call: Call = (method, path, params, what) => graph(req.auth, s, method, path, params, what, req.signal);
    let saved = req.resumeState ? (JSON.parse(req.resumeState) as Saved) : undefined;
    const save = (next: Saved) => req.saveResumeState(JSON.stringify((saved = next)));

    if (saved?.phase === 'published' && saved.media_id) return await this.result(req, call, saved.media_id);
    if (saved) {
      const status = await this.containerStatus(call, saved.container_id);
      if (status === 'PUBLISHED') return await this.result(req, call, await this.findPublished(req, call, igUser));
      if (status === 'EXPIRED') saved = undefined; // never published; a new container is safe
    }
    if (!saved) {
      const limit = await call<{ data?: Array<{ quota_usage?: number; config?: { quota_total?: number } }> }>('GET', `/${igUser}/content_publishing_limit`, { fields: 'config,quota_usage' }, 'to the publishing limit query');
      const usage = limit.data?.[0];
      if (usage?.config?.quota_total !== undefined && (usage.quota_usage ?? 0) >= usage.config.quota_total) {
        throw new ConnectorError(`The Instagram account has published its ${usage.config.quota_total} posts of the last 24 hours; publish it again tomorrow`, false);
      }
      const share = s.share_to_feed === false || s.share_to_feed === 'false' ? 'false' : 'true';
      const made = await call<{ id: string; uri?: string }>('POST', `/${igUser}/media`, { media_type: 'REELS', upload_type: 'resumable', caption: req.caption, share_to_feed: share }, 'to the reel container');
      if (!made.uri) throw new ConnectorError('Instagram made the container without an upload URI', false);
      await save({ container_id: made.id, upload_uri: made.uri, phase: 'upload' });
    }
    const current = saved!;
    if (current.phase === 'upload') {
      await this.upload(req, current.upload_uri);
      await save({ ...current, phase: 'uploaded' });
    }
    if (saved!.phase === 'uploaded') {
      await pollUntil(req, { everyMs: Number(s.poll_ms ?? 5000), forMs: Number(s.processing_timeout_ms ?? 600_000) }, async () => {
        const st = await this.containerStatus(call, current.container_id, true);
        if (st === 'EXPIRED') throw new ConnectorError('The Instagram container expired before it was published; a new one starts on retry', true);
        return st === 'FINISHED';
      });
      await save({ ...current, phase: 'publishing' });
    }
    const published = await call<{ id: string }>('POST', `/${igUser}/media_publish`, { creation_id: current.container_id }, 'to media_publish');
    await save({ ...current, phase: 'published', media_id: published.id });
    return await this.result(req, call, published.id);
  }

  /** The whole file to the rupload URI; resent from offset 0 into the same container after a drop. */
  private async upload(req: PublishRequest, uri: string): Promise<void> {
    const size = (await stat(req.file)).size;
    const a = await withToken(req.auth, 'Instagram', (token) =>
      send('Instagram', uri, {
        method: 'POST', signal: req.signal, body: createReadStream(req.file),
        headers: { authorization: `OAuth ${token}`, offset: '0', file_size: String(size), 'content-type': 'application/octet-stream', 'content-length': String(size) },
      }),
    (x) => x.status === 401 || tokenRefused(x));
    if (a.status !== 200 || a.json<{ success?: boolean }>().success !== true) throw graphError(a, 'to the video upload');
  }

  /** The container's status_code; `ERROR` fails the post with Instagram's own words (`status`). */
  private async containerStatus(call: Call, id: string, failOnError = false): Promise<string> {
    const c = await call<{ status_code?: string; status?: string }>('GET', `/${id}`, { fields: 'status_code,status' }, 'to the container status query');
    if (failOnError && c.status_code === 'ERROR') throw new ConnectorError(`Instagram could not process the reel (${c.status ?? 'no reason given'})`, false);
    return c.status_code ?? 'IN_PROGRESS';
  }

  /** A container found PUBLISHED after a crash: the account's newest reel with this caption. */
  private async findPublished(req: PublishRequest, call: Call, igUser: string): Promise<string> {
    const list = await call<{ data?: Array<{ id: string; caption?: string }> }>('GET', `/${igUser}/media`, { fields: 'id,caption,media_product_type,timestamp', limit: '25' }, 'listing the account\'s media');
    const match = list.data?.find((m) => (m.caption ?? '') === req.caption);
    if (!match) throw new ConnectorError('Instagram says the reel was published, but it is not among the account\'s newest media; check the account', false);
    return match.id;
  }

  private async result(req: PublishRequest, call: Call, mediaId: string): Promise<PublishResult> {
    const m = await call<{ permalink?: string }>('GET', `/${mediaId}`, { fields: 'permalink' }, 'to the permalink query');
    const username = (await req.auth.credentials()).account?.username;
    return { externalId: mediaId, url: m.permalink ?? (username ? `https://www.instagram.com/${username}/` : 'https://www.instagram.com/') };
  }
}
