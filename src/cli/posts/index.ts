import type { Command } from 'commander';
import type { CliContext } from '../context.js';
import { withLookFlags, type LookOptions } from '../look-flags.js';
import type { EditPostOptions } from './edit.js';
import { printPost, printPostList } from './show.js';
import { PLATFORMS } from '../../api/events.js';
import { withWaitFlags } from '../wait.js';

export async function runList(opts: { clipId: string }, ctx: CliContext): Promise<void> {
  const { posts } = await (await ctx.client()).posts.list(opts.clipId);
  printPostList(ctx, posts);
}

export async function runGet(opts: { postId: string }, ctx: CliContext): Promise<void> {
  printPost(ctx, (await (await ctx.client()).posts.get(opts.postId)).post);
}

const LOOK_HELP_EDIT = { styleHelp: "caption style of the published video (issue 17's caption_style)", layoutHelp: 'fill, fit or split for the published video (issue 17)', negatable: true };

/**
 * `clipper posts list|get|edit|publish|cancel`: social posts of clips (drafts are made per connected
 * platform). `edit` (prompts) and `publish` are imported when they run, so the CLI starts fast.
 */
export function registerPostCommands(program: Command, ctx: CliContext): void {
  const posts = program.command('posts').description('social posts of clips: drafts, edits, publishing now or on a schedule');
  posts.command('list').description('list the posts of a clip').argument('<clip>', 'clip id').action((clipId: string) => runList({ clipId }, ctx));
  posts.command('get').description('show a post').argument('<id>', 'post id').action((postId: string) => runGet({ postId }, ctx));
  const edit = posts
    .command('edit')
    .description('edit a draft (asks field by field on a terminal when no flag is given)')
    .argument('<id>', 'post id')
    .option('--caption <text>', 'caption (long-video description); \\n makes a new line')
    .option('--title <text>', 'title (long-video posts, at most 100 characters)')
    .option('--privacy <level>', 'short-video privacy: PUBLIC_TO_EVERYONE, MUTUAL_FOLLOW_FRIENDS, FOLLOWER_OF_CREATOR, SELF_ONLY')
    .option('--category <id>', 'long-video category id (digits)')
    .option('--disable-comment [bool]', 'short video: turn comments off (true/false)')
    .option('--disable-duet [bool]', 'short video: turn duets off (true/false)')
    .option('--disable-stitch [bool]', 'short video: turn stitches off (true/false)')
    .option('--brand-content [bool]', 'short video: branded-content disclosure (true/false)')
    .option('--brand-organic [bool]', 'short video: organic-promotion disclosure (true/false)');
  withLookFlags(edit, 'the published video', LOOK_HELP_EDIT)
    .action(async (postId: string, o: Omit<EditPostOptions, 'postId'>) => (await import('./edit.js')).run({ postId, ...o }, ctx));
  posts
    .command('create')
    .description('write a new draft of a clip for a connected platform (made before it was connected, or after a cancel)')
    .argument('<clip>', 'clip id')
    .requiredOption('--platform <platform>', PLATFORMS.join(' | '))
    .action(async (clipId: string, o: { platform: string }) => (await import('./publish.js')).runCreate({ clipId, ...o }, ctx));
  withWaitFlags(
    withLookFlags(
      posts
        .command('publish')
        .description('publish a draft now, or schedule it with --at (at least 5 minutes ahead); --wait follows it to published. The look flags (--aspect, --remove-fillers, ...) are set on the draft first, as `posts edit` does, since the publish call itself takes only the time')
        .argument('<id>', 'post id')
        .option('--at <time>', 'when: ISO date-time (2030-05-01T09:30:00Z) or a delay like +10m, +2h, +1d'),
      'the published video',
      LOOK_HELP_EDIT,
    ),
  ).action(async (postId: string, o: LookOptions & { at?: string; wait?: boolean; timeout?: string }) => (await import('./publish.js')).run({ postId, ...o }, ctx));
  posts
    .command('cancel')
    .description('cancel a draft, scheduled or queued post')
    .argument('<id>', 'post id')
    .action(async (postId: string) => (await import('./publish.js')).runCancel({ postId }, ctx));
}
