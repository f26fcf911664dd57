import { Option, type Command } from 'commander';
import { ASPECTS, CAPTION_STYLES, LAYOUTS } from '../../api/looks.js';
import type { CliContext } from '../context.js';
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

/**
 * `clipper posts list|get|edit|publish|cancel`: social posts of clips (drafts are made per connected
 * platform). `edit` (prompts) and `publish` are imported when they run, so the CLI starts fast.
 */
export function registerPostCommands(program: Command, ctx: CliContext): void {
  const posts = program.command('posts').description('social posts of clips: drafts, edits, publishing now or on a schedule');
  posts.command('list').description('list the posts of a clip').argument('<clip>', 'clip id').action((clipId: string) => runList({ clipId }, ctx));
  posts.command('get').description('show a post').argument('<id>', 'post id').action((postId: string) => runGet({ postId }, ctx));
  posts
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
    .option('--brand-organic [bool]', 'short video: organic-promotion disclosure (true/false)')
    .addOption(new Option('--style <preset>', "caption style of the published video (issue 17's caption_style)").choices(CAPTION_STYLES))
    .addOption(new Option('--layout <layout>', 'fill, fit or split for the published video (issue 17)').choices(LAYOUTS))
    .addOption(new Option('--aspect <ratio>', 'aspect ratio of the published video (default 9:16)').choices(ASPECTS))
    .option('--remove-fillers', 'cut filler words (um, uh, you know...) out of the published video')
    .option('--no-remove-fillers', 'keep the filler words (the default)')
    .option('--remove-silences', 'shorten pauses longer than 0.6 s in the published video')
    .option('--no-remove-silences', 'keep the pauses (the default)')
    .option('--caption-speakers', 'captions of the published video show who speaks (a colour per speaker)')
    .option('--no-caption-speakers', 'captions without speaker marks (the default)')
    .action(async (postId: string, o: Omit<EditPostOptions, 'postId'>) => (await import('./edit.js')).run({ postId, ...o }, ctx));
  posts
    .command('create')
    .description('write a new draft of a clip for a connected platform (made before it was connected, or after a cancel)')
    .argument('<clip>', 'clip id')
    .requiredOption('--platform <platform>', PLATFORMS.join(' | '))
    .action(async (clipId: string, o: { platform: string }) => (await import('./publish.js')).runCreate({ clipId, ...o }, ctx));
  withWaitFlags(
    posts
      .command('publish')
      .description('publish a draft now, or schedule it with --at (at least 5 minutes ahead); --wait follows it to published')
      .argument('<id>', 'post id')
      .option('--at <time>', 'when: ISO date-time (2030-05-01T09:30:00Z) or a delay like +10m, +2h, +1d'),
  ).action(async (postId: string, o: { at?: string; wait?: boolean; timeout?: string }) => (await import('./publish.js')).run({ postId, ...o }, ctx));
  posts
    .command('cancel')
    .description('cancel a draft, scheduled or queued post')
    .argument('<id>', 'post id')
    .action(async (postId: string) => (await import('./publish.js')).runCancel({ postId }, ctx));
}
