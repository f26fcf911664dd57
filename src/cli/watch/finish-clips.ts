import { ClientError } from '../../client/errors.js';
import type { PipelineDeps } from './pipeline.js';
import type { Post } from '../../api/posts.js';
import type { SentFile } from './state.js';

/** Post states that are on their way (spec "Post": the moves among them are not shown). */
const IN_FLIGHT = ['queued', 'processing', 'uploading'];

/** A 4xx other than 429 is the service's final word; anything else is worth a later try. */
const isFinal = (e: unknown) => e instanceof ClientError && e.status >= 400 && e.status < 500 && e.status !== 429;

/**
 * After a job is done: `--render` starts a full render of every clip and follows it to its end;
 * `--publish PLATFORM...` publishes the clips' drafts on those platforms and follows each post
 * until it is published or failed. Each clip's render and each post is recorded once it has
 * ended, so a restarted watcher neither renders nor publishes it twice.
 */
export async function finishClips(entry: SentFile, d: PipelineDeps): Promise<void> {
  const clips = entry.clip_ids ?? [];
  if (entry.request.render) await settleAll(clips.filter((c) => !entry.rendered?.includes(c)).map((c) => renderClip(entry, c, d)));
  if (entry.request.publish.length === 0) return;
  const seen = new Set<string>();
  for (const clipId of clips) for (const p of await publishClip(entry, clipId, d)) seen.add(p);
  const missing = entry.request.publish.filter((p) => !seen.has(p));
  if (missing.length > 0 && clips.length > 0) {
    const error = `no draft on ${missing.join(', ')}: drafts exist only for connected platforms (clipper platforms connect)`;
    d.report.emit({ event: 'failed', file: entry.file, stage: 'publish', error, final: true, job_id: entry.job_id });
  }
}

async function renderClip(entry: SentFile, clipId: string, d: PipelineDeps): Promise<void> {
  const fail = (error: string, code?: string) => d.report.emit({ event: 'failed', file: entry.file, stage: 'render', error, code, final: true, job_id: entry.job_id, clip_id: clipId });
  try {
    const { render_id } = await d.client.renders.create(clipId);
    const render = await d.follow.render(render_id);
    if (render.status === 'done') d.report.emit({ event: 'rendered', file: entry.file, job_id: entry.job_id!, clip_id: clipId, render_id, output_url: render.output_url });
    else fail(render.error ?? `the render ended in ${render.status}`);
  } catch (e) {
    if (!isFinal(e)) throw e;
    fail((e as ClientError).message, (e as ClientError).code);
  }
  await d.state.update(entry, { rendered: [...(entry.rendered ?? []), clipId] });
}

/** Publishes one clip's drafts on the asked platforms; returns the platforms it had posts on. */
async function publishClip(entry: SentFile, clipId: string, d: PipelineDeps): Promise<string[]> {
  const wanted = new Set(entry.request.publish);
  const posts = (await d.follow.posts(clipId)).filter((p) => wanted.has(p.platform));
  const reported = new Set(entry.published ?? []);
  await settleAll(posts.filter((p) => !reported.has(p.id)).map((p) => publishPost(entry, p, d)));
  return posts.map((p) => p.platform);
}

async function publishPost(entry: SentFile, draft: Post, d: PipelineDeps): Promise<void> {
  const base = { file: entry.file, job_id: entry.job_id!, clip_id: draft.clip_id, post_id: draft.id };
  let post = draft;
  try {
    if (post.status === 'draft') post = (await d.client.posts.publish(post.id)).post;
    if (IN_FLIGHT.includes(post.status)) post = await d.follow.post(post.id);
  } catch (e) {
    if (!isFinal(e)) throw e;
    post = { ...post, status: 'failed', error: (e as ClientError).message };
  }
  // Scheduled or cancelled by someone else: not this watcher's to follow or report.
  if (post.status !== 'published' && post.status !== 'failed') return;
  if (post.status === 'published') d.report.emit({ event: 'published', ...base, platform: post.platform, status: post.status, published_url: post.published_url });
  else d.report.emit({ event: 'failed', ...base, stage: 'publish', error: post.error ?? 'publishing failed', final: true });
  await d.state.update(entry, { published: [...(entry.published ?? []), post.id] });
}

/** Runs all to their end (none is left running unseen), then throws the first failure. */
async function settleAll(tasks: Array<Promise<void>>): Promise<void> {
  const results = await Promise.allSettled(tasks);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}
