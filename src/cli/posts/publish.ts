import type { CliContext } from '../context.js';
import { usageError } from '../exit-codes.js';
import { lookBody, type LookOptions } from '../look-flags.js';
import { printPost } from './show.js';
import { parsePlatform } from '../platform-arg.js';
import { parseWaitFlags, waitFor, type WaitOptions } from '../wait.js';

/**
 * `--at` as Unix ms: an ISO date-time ("2030-05-01T09:30:00Z", or local time without a zone), or
 * a delay from now ("+10m", "+2h", "+1d", "+90s"). The daemon checks the 5-minute minimum.
 */
export function parseAt(text: string, now = Date.now()): number {
  const rel = /^\+(\d+(?:\.\d+)?)(s|m|h|d)$/.exec(text.trim());
  if (rel) return now + Math.round(Number(rel[1]) * { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[rel[2] as 's' | 'm' | 'h' | 'd']);
  const at = Date.parse(text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text.trim()) || Number.isNaN(at)) {
    throw usageError(`--at must be an ISO date-time (2030-05-01T09:30:00Z) or a delay like +10m, got "${text}"`);
  }
  return at;
}

/**
 * `clipper posts publish ID [--at TIME] [--aspect R] [--remove-fillers] [--remove-silences]
 * [--keep S-E] [--style P] [--layout L] [--wait]`: publish a draft now, or schedule it. The
 * look flags go with the publish call (an extension of spec "POST /v1/posts/:postId/publish":
 * the daemon sets them on the draft in the publish's transaction), so a refused look publishes
 * nothing and a refused publish changes no look. --wait follows it (within the status-check limits) to `published` (exit 0)
 * or `failed`/`cancelled` (exit 7); a scheduled post is followed until it is published too, so
 * give --timeout.
 */
export async function run(opts: LookOptions & { postId: string; at?: string; wait?: boolean; timeout?: string }, ctx: CliContext, now = Date.now(), waitOpts: WaitOptions = {}): Promise<void> {
  const scheduled_at = opts.at === undefined ? undefined : parseAt(opts.at, now);
  const flags = parseWaitFlags(opts);
  const look = lookBody(opts);
  const client = await ctx.client();
  const { post } = await client.posts.publish(opts.postId, { ...look, ...(scheduled_at === undefined ? {} : { scheduled_at }) });
  if (!flags.wait) {
    printPost(ctx, post);
    if (!ctx.out.jsonMode) ctx.out.info(post.status === 'scheduled' ? `post ${post.id} scheduled` : `post ${post.id} queued for publishing`);
    return;
  }
  ctx.out.info(post.status === 'scheduled' ? `post ${post.id} scheduled; waiting until it is published` : `post ${post.id} queued; waiting until it is published`);
  const done = await waitFor(
    ctx,
    {
      what: `post ${post.id}`,
      check: async () => (await client.posts.get(post.id)).post,
      status: (p) => p.status,
      done: ['published'],
      failed: ['failed', 'cancelled'],
      error: (p) => p.error,
    },
    { ...waitOpts, timeoutMs: flags.timeoutMs },
  );
  printPost(ctx, done);
}

/** `clipper posts create CLIP --platform P` (DESIGN.md POST /v1/clips/:clipId/posts). */
export async function runCreate(opts: { clipId: string; platform: string }, ctx: CliContext): Promise<void> {
  const platform = parsePlatform(opts.platform, '--platform');
  const { post } = await (await ctx.client()).posts.create(opts.clipId, { platform });
  printPost(ctx, post);
  if (!ctx.out.jsonMode) ctx.out.info(`draft ${post.id} written for ${post.platform}; edit it with \`clipper posts edit ${post.id}\`, publish with \`clipper posts publish ${post.id}\``);
}

/** `clipper posts cancel ID`: from draft, scheduled or queued. */
export async function runCancel(opts: { postId: string }, ctx: CliContext): Promise<void> {
  const { post } = await (await ctx.client()).posts.cancel(opts.postId);
  printPost(ctx, post);
}
