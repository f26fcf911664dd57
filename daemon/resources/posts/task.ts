import { metrics } from '../../metrics/instruments.js';
import { PermanentTaskError, type TaskHandler } from '../../tasks/task-runner.js';
import { failpoint } from '../../failpoints.js';
import type { Store } from '../../store/index.js';
import { discardWork, renderClipFile, type RenderDeps } from '../renders/renderer.js';
import { ConnectorError } from '../platforms/connectors/connector.js';
import type { ConnectorRegistry } from '../platforms/connectors/registry.js';
import type { ConnectionAuth } from '../platforms/credentials.js';
import type { PlatformConnection } from '../../store/platforms.js';
import { PUBLISH_TASK, type PostService } from './service.js';

/** Object key of a post's fresh render (kept until the connector has published it). */
const renderKey = (postId: string) => `posts/${postId}/video.mp4`;

export interface PublishDeps {
  posts: PostService;
  clips: Store['clips'];
  platforms: Store['platforms'];
  connectors: ConnectorRegistry;
  /** The connection's credentials for the connector (refreshed when due; daemon/resources/platforms/credentials.ts). */
  authFor: (connection: PlatformConnection) => ConnectionAuth;
  now: () => number;
  render: RenderDeps;
}

/**
 * The durable publish task: queued -> processing (a fresh render, spec: "Publishing triggers its
 * own fresh render") -> uploading (the connector) -> published, or failed after a permanent
 * error or the last retry. Resumable at every step, and never publishes twice: the attempt is
 * recorded before the connector is called, and after a crash the same attempt is resumed with
 * the post id as the connector's idempotency key, so the connector returns the publication it
 * already made instead of making another.
 */
export function publishTaskHandler(d: PublishDeps): TaskHandler {
  return {
    kind: PUBLISH_TASK,
    concurrency: 1,
    maxAttempts: 4,
    retryDelayMs: (n) => 30_000 * 2 ** (n - 1),
    async run(task, ctl) {
      const posts = d.posts.writingTo(ctl.store); // every write of the attempt under its lease
      const id = task.resource_id;
      let post = await posts.repo.byId(id);
      if (post?.status === 'queued' && await posts.startProcessing(id)) post = await posts.repo.byId(id);
      // Cancelled before it started, or already published / failed: nothing to do.
      if (!post || (post.status !== 'processing' && post.status !== 'uploading')) return;
      const clip = await d.clips.byId(post.clip_id);
      if (!clip) throw new PermanentTaskError('The clip of this post no longer exists');
      const connection = await d.platforms.get(post.team_id, post.platform);
      const connector = connection && d.connectors.get(connection.connector);
      if (!connection || !connector) throw new PermanentTaskError(`No active connection for ${post.platform} any more`);
      if (connection.status !== 'active') throw new PermanentTaskError(connection.status_reason ?? `The ${post.platform} connection is ${connection.status}`);

      const key = renderKey(id);
      let file = await d.render.objects.localPath(key);
      if (!file) {
        const out = await renderClipFile(d.render, clip, { signal: ctl.signal, look: post });
        await d.render.objects.putFile(key, out);
        await discardWork(out);
        file = await d.render.objects.localPath(key);
        if (!file) throw new Error('The rendered video vanished from the object store');
      }

      if (post.status === 'processing') await posts.startUploading(id, connector.name);
      const attempt = await posts.repo.openAttempt(id);
      if (!attempt) return; // moved on meanwhile (cancelled before processing cannot happen; defensive)
      try {
        const result = await connector.publish({
          postId: id,
          attemptId: attempt.id,
          platform: post.platform,
          connection,
          auth: d.authFor(connection),
          file,
          caption: post.caption,
          title: post.platform === 'long_video' ? (post.title ?? undefined) : undefined,
          settings: post.settings ? (JSON.parse(post.settings) as Record<string, unknown>) : {},
          signal: ctl.signal,
          resumeState: attempt.resume_state,
          saveResumeState: async (state) => await posts.repo.saveResumeState(attempt.id, state),
          now: d.now,
        });
        failpoint('publish.after-upload'); // tests: the platform has it, nothing recorded yet
        await posts.markPublished(id, attempt.id, result);
        metrics.publishes.inc({ platform: post.platform, outcome: 'published' });
      } catch (e) {
        if (e instanceof ConnectorError && !e.retryable) throw new PermanentTaskError(e.message);
        throw e;
      }
      await d.render.objects.delete(key); // the connector has its own copy now
    },
    async onGiveUp(task, error) {
      await d.posts.markFailed(task.resource_id, error.message);
      const failed = await d.posts.repo.byId(task.resource_id);
      metrics.publishes.inc({ platform: failed?.platform ?? 'unknown', outcome: 'failed' });
      // The post will not be published: its rendered file has no further use.
      void d.render.objects.delete(renderKey(task.resource_id)).catch(() => undefined);
    },
  };
}
