import type { Post } from '../../api/posts.js';
import type { CliContext } from '../context.js';
import { formatTime } from '../output.js';

const oneLine = (s: string, max: number) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
};

/** A post as JSON (`{post}`, as the API answers) or as readable lines. */
export function printPost(ctx: CliContext, post: Post): void {
  ctx.out.data({ post }, () => {
    ctx.out.line(`${post.id}  ${post.platform}  ${post.status}`);
    if (post.title !== undefined) ctx.out.line(`title: ${post.title}`);
    if (post.scheduled_at !== undefined) ctx.out.line(`scheduled for ${formatTime(post.scheduled_at)}`);
    if (post.published_url) ctx.out.line(`published ${formatTime(post.published_at)}: ${post.published_url}`);
    if (post.error) ctx.out.line(`error: ${post.error}`);
    const settings = post.short_video ?? post.long_video;
    if (settings) ctx.out.line(`settings: ${Object.entries(settings).map(([k, v]) => `${k}=${v}`).join(' ')}`);
    ctx.out.line('');
    ctx.out.line(post.caption);
  });
}

export function printPostList(ctx: CliContext, posts: Post[]): void {
  ctx.out.data({ posts }, () =>
    ctx.out.table(posts, [
      { header: 'ID', value: (p) => p.id },
      { header: 'PLATFORM', value: (p) => p.platform },
      { header: 'STATUS', value: (p) => p.status },
      { header: 'WHEN', value: (p) => formatTime(p.published_at ?? p.scheduled_at) },
      { header: 'CAPTION', value: (p) => oneLine(p.title ?? p.caption, 48) },
    ]),
  );
}
