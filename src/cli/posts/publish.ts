import type { CliContext } from '../context.js';
import { usageError } from '../exit-codes.js';
import { printPost } from './show.js';

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

/** `clipper posts publish ID [--at TIME]`: publish a draft now, or schedule it. */
export async function run(opts: { postId: string; at?: string }, ctx: CliContext, now = Date.now()): Promise<void> {
  const scheduled_at = opts.at === undefined ? undefined : parseAt(opts.at, now);
  const { post } = await (await ctx.client()).posts.publish(opts.postId, scheduled_at === undefined ? {} : { scheduled_at });
  printPost(ctx, post);
  if (!ctx.out.jsonMode) ctx.out.info(post.status === 'scheduled' ? `post ${post.id} scheduled` : `post ${post.id} queued for publishing`);
}

/** `clipper posts cancel ID`: from draft, scheduled or queued. */
export async function runCancel(opts: { postId: string }, ctx: CliContext): Promise<void> {
  const { post } = await (await ctx.client()).posts.cancel(opts.postId);
  printPost(ctx, post);
}
