import { open, stat } from 'node:fs/promises';
import { DEFAULT_SHORT_VIDEO, type ShortVideoSettings } from '../../../../../src/api/posts.js';
import { ConnectorError, type Connector, type PublishRequest, type PublishResult } from '../connector.js';
import { classify, send } from '../http.js';
import { pollUntil } from '../poll.js';
import { tiktokPost } from './api.js';
import { chunkRange, planChunks, type ChunkPlan } from './chunks.js';
import { tiktokOAuth } from './oauth.js';

type Mode = 'inbox' | 'direct';
/** What is saved before a byte is sent: the publish id makes every later try a resume. */
interface Saved {
  publish_id: string;
  upload_url: string;
  plan: ChunkPlan;
  mode: Mode;
}
interface Status {
  status?: string;
  fail_reason?: string;
  publicaly_available_post_id?: Array<string | number>;
  uploaded_bytes?: number;
}
/** Post captions (`post_info.title`) hold at most 2200 UTF-16 code units. */
const TITLE_UNITS = 2200;

/**
 * The short-video platform's connector (issue 15, item 2): TikTok's Content Posting API. Per
 * connection, `post_mode` chooses between sending the video to the creator's inbox as a draft
 * (`/v2/post/publish/inbox/video/init/`, scope video.upload; the default, since it works for an
 * app TikTok has not audited; the creator adds the caption and posts it in the app) and posting
 * it directly (`/v2/post/publish/video/init/`, scope video.publish) with the post's
 * `privacy_level`, `disable_comment`, `disable_duet`, `disable_stitch`, `brand_content_toggle`
 * and `brand_organic_toggle`, checked first against the creator's allowed privacy levels
 * (creator_info). The file goes up in ordered chunks (chunks.ts) to the upload URL, then the
 * status is polled until PUBLISH_COMPLETE / SEND_TO_USER_INBOX, or FAILED with TikTok's reason.
 *
 * Never twice: the publish id and upload URL are saved right after init; a later try asks
 * the status, goes on from `uploaded_bytes`, or returns the finished post.
 */
export class TikTokConnector implements Connector {
  readonly name = 'tiktok';
  readonly platforms = ['short_video'] as const;
  readonly oauth = tiktokOAuth;

  checkSettings(s: Record<string, unknown>): string | undefined {
    if (s.post_mode !== undefined && s.post_mode !== 'inbox' && s.post_mode !== 'direct') return 'settings.post_mode must be inbox (send drafts to the creator\'s inbox) or direct (post to the profile)';
    return undefined;
  }

  async publish(req: PublishRequest): Promise<PublishResult> {
    let saved = req.resumeState ? (JSON.parse(req.resumeState) as Saved) : undefined;
    let uploaded = 0;
    if (saved) {
      const st = await this.status(req, saved.publish_id);
      if (this.finished(st, saved.mode)) return await this.result(req, saved, st);
      uploaded = st.uploaded_bytes ?? 0;
      if (st.status === 'FAILED') {
        if (uploaded >= saved.plan.total) throw new ConnectorError(`TikTok could not publish the video (${st.fail_reason ?? 'no reason given'})`, false);
        saved = undefined; // the upload never finished, so nothing was posted: a new one is safe
        uploaded = 0;
      }
    }
    const publication = saved ?? (await this.init(req));
    if (uploaded < publication.plan.total) await this.upload(req, publication, Math.floor(uploaded / publication.plan.chunkSize));
    const s = req.connection.settings;
    let last: Status = {};
    await pollUntil(req, { everyMs: Number(s.poll_ms ?? 5000), forMs: Number(s.processing_timeout_ms ?? 600_000) }, async () => {
      last = await this.status(req, publication.publish_id);
      if (last.status === 'FAILED') throw new ConnectorError(`TikTok could not publish the video (${last.fail_reason ?? 'no reason given'})`, false);
      return this.finished(last, publication.mode);
    });
    return await this.result(req, publication, last);
  }

  private async init(req: PublishRequest): Promise<Saved> {
    const mode: Mode = req.connection.settings.post_mode === 'direct' ? 'direct' : 'inbox';
    const plan = planChunks((await stat(req.file)).size, Number(req.connection.settings.chunk_bytes ?? 10 * 1024 * 1024));
    const source_info = { source: 'FILE_UPLOAD', video_size: plan.total, chunk_size: plan.chunkSize, total_chunk_count: plan.count };
    const body = mode === 'direct' ? { post_info: await this.postInfo(req), source_info } : { source_info };
    const path = mode === 'direct' ? '/v2/post/publish/video/init/' : '/v2/post/publish/inbox/video/init/';
    const data = await tiktokPost<{ publish_id: string; upload_url: string }>(req, path, body, 'to the upload init');
    const saved: Saved = { publish_id: data.publish_id, upload_url: data.upload_url, plan, mode };
    await req.saveResumeState(JSON.stringify(saved));
    return saved;
  }

  /** post_info of a direct post, after creator_info says the chosen privacy level is allowed. */
  private async postInfo(req: PublishRequest) {
    const v: ShortVideoSettings = { ...DEFAULT_SHORT_VIDEO, ...(req.settings as Partial<ShortVideoSettings>) };
    // TikTok: "Branded content visibility cannot be set to private" (Content Sharing Guidelines).
    if (v.brand_content_toggle && v.privacy_level === 'SELF_ONLY') throw new ConnectorError('TikTok does not allow branded content (brand_content_toggle) to be private (SELF_ONLY): change one of them', false);
    if (req.caption.length > TITLE_UNITS) throw new ConnectorError(`TikTok takes at most ${TITLE_UNITS} UTF-16 units of caption; this one has ${req.caption.length}`, false);
    const creator = await tiktokPost<{ privacy_level_options?: string[]; comment_disabled?: boolean; duet_disabled?: boolean; stitch_disabled?: boolean }>(
      req, '/v2/post/publish/creator_info/query/', {}, 'to the creator info query');
    const allowed = creator.privacy_level_options ?? [];
    if (!allowed.includes(v.privacy_level)) {
      throw new ConnectorError(`TikTok allows this account to post only as ${allowed.join(', ') || 'nothing'}, not ${v.privacy_level} (an app TikTok has not audited may post only SELF_ONLY): change the post's privacy_level, or connect with --setting post_mode=inbox`, false);
    }
    return {
      title: req.caption, privacy_level: v.privacy_level, video_cover_timestamp_ms: 1000,
      // What the creator turned off in the app stays off (TikTok's UX guidelines).
      disable_comment: v.disable_comment || !!creator.comment_disabled,
      disable_duet: v.disable_duet || !!creator.duet_disabled,
      disable_stitch: v.disable_stitch || !!creator.stitch_disabled,
      brand_content_toggle: v.brand_content_toggle, brand_organic_toggle: v.brand_organic_toggle,
    };
  }

  /** PUTs chunks `from`.. in order: `Content-Range: bytes FIRST-LAST/TOTAL`, 206 until the last, 201 for it. */
  private async upload(req: PublishRequest, saved: Saved, from: number): Promise<void> {
    const fd = await open(req.file, 'r');
    try {
      for (let i = from; i < saved.plan.count; i++) {
        const [first, last] = chunkRange(saved.plan, i);
        const body = Buffer.alloc(last - first + 1);
        await fd.read(body, 0, body.length, first);
        const a = await send('TikTok', saved.upload_url, {
          method: 'PUT', body, signal: req.signal,
          headers: { 'content-type': 'video/mp4', 'content-length': String(body.length), 'content-range': `bytes ${first}-${last}/${saved.plan.total}` },
        });
        if (a.status !== 206 && a.status !== 201 && a.status !== 200) throw classify('TikTok', a, `to chunk ${i + 1} of ${saved.plan.count}`, req.now());
      }
    } finally {
      await fd.close();
    }
  }

  private status(req: PublishRequest, publishId: string): Promise<Status> {
    return tiktokPost<Status>(req, '/v2/post/publish/status/fetch/', { publish_id: publishId }, 'to the status fetch');
  }

  private finished(st: Status, mode: Mode): boolean {
    return st.status === 'PUBLISH_COMPLETE' || (mode === 'inbox' && st.status === 'SEND_TO_USER_INBOX');
  }

  /**
   * A public direct post links to the video itself; a private one, or a draft in the inbox,
   * has no public page: the link is the creator's profile.
   */
  private async result(req: PublishRequest, saved: Saved, st: Status): Promise<PublishResult> {
    const username = (await req.auth.credentials()).account?.username;
    const profile = username ? `https://www.tiktok.com/@${encodeURIComponent(username)}` : 'https://www.tiktok.com/';
    const postId = st.publicaly_available_post_id?.[0];
    return postId && username ? { externalId: String(postId), url: `${profile}/video/${postId}` } : { externalId: saved.publish_id, url: profile };
  }
}
