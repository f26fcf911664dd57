import { appendFileSync, copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PLATFORMS } from '../../../../src/api/events.js';
import type { Connector, PublishRequest, PublishResult } from './connector.js';

/** What the local connector keeps for each publication (`published/<postId>/post.json`). */
export interface LocalPublication {
  post_id: string;
  platform: string;
  account_name: string;
  caption: string;
  title: string | null;
  settings: Record<string, unknown>;
  published_at: number;
  url: string;
}

/**
 * The built-in `local` connector (DESIGN.md): publishes into the data dir and the daemon serves
 * the result on the stable public page `<base>/p/<postId>`. It is idempotent by post id: the
 * manifest is written last (temp file, then rename), and a post that has one is never
 * published again; the existing publication is returned instead.
 */
export class LocalConnector implements Connector {
  readonly name = 'local';
  readonly platforms = PLATFORMS;

  constructor(private dir: string, private baseUrl: () => string, private now: () => number) {}

  async publish(req: PublishRequest): Promise<PublishResult> {
    const existing = this.read(req.postId);
    if (existing) return { url: existing.url, externalId: existing.post_id };
    const folder = join(this.dir, req.postId);
    mkdirSync(folder, { recursive: true });
    copyFileSync(req.file, join(folder, 'video.mp4.tmp'));
    renameSync(join(folder, 'video.mp4.tmp'), this.videoPath(req.postId));
    req.signal.throwIfAborted();
    const publication: LocalPublication = {
      post_id: req.postId,
      platform: req.platform,
      account_name: req.connection.account_name,
      caption: req.caption,
      title: req.title ?? null,
      settings: req.settings,
      published_at: this.now(),
      url: `${this.baseUrl()}/p/${req.postId}`,
    };
    writeFileSync(join(folder, 'post.json.tmp'), JSON.stringify(publication, null, 2));
    renameSync(join(folder, 'post.json.tmp'), join(folder, 'post.json'));
    // An append-only record of every publication made: one line per post, ever.
    appendFileSync(join(this.dir, 'publications.log'), JSON.stringify({ post_id: req.postId, attempt_id: req.attemptId, at: publication.published_at }) + '\n');
    return { url: publication.url, externalId: req.postId };
  }

  /** The publication of a post, once it has been published here. */
  read(postId: string): LocalPublication | undefined {
    if (!/^[A-Za-z0-9_]+$/.test(postId)) return undefined;
    const file = join(this.dir, postId, 'post.json');
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as LocalPublication) : undefined;
  }

  videoPath(postId: string): string {
    return join(this.dir, postId, 'video.mp4');
  }

  /** Every publication this connector has made, oldest first (tests count them). */
  log(): Array<{ post_id: string; attempt_id: string; at: number }> {
    const file = join(this.dir, 'publications.log');
    if (!existsSync(file)) return [];
    return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  }
}
