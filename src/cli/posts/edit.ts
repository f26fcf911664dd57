import { confirm, input, select } from '@inquirer/prompts';
import { PRIVACY_LEVELS, TITLE_MAX, type Post, type UpdatePostInput } from '../../api/posts.js';
import type { CliContext } from '../context.js';
import { usageError } from '../exit-codes.js';
import { lookBody, type LookOptions } from '../look-flags.js';
import { printPost } from './show.js';

/** With the look flags (look-flags.ts): style, layout, aspect, cuts and kept spans. */
export interface EditPostOptions extends LookOptions {
  postId: string;
  caption?: string;
  title?: string;
  privacy?: string;
  category?: string;
  disableComment?: string | boolean;
  disableDuet?: string | boolean;
  disableStitch?: string | boolean;
  brandContent?: string | boolean;
  brandOrganic?: string | boolean;
}

const TOGGLES = [
  ['disableComment', 'disable_comment', 'Turn comments off?'],
  ['disableDuet', 'disable_duet', 'Turn duets off?'],
  ['disableStitch', 'disable_stitch', 'Turn stitches off?'],
  ['brandContent', 'brand_content_toggle', 'Branded content (paid partnership)?'],
  ['brandOrganic', 'brand_organic_toggle', 'Promoting your own business?'],
] as const;

function bool(value: string | boolean, flag: string): boolean {
  if (typeof value === 'boolean') return value;
  if (/^(true|yes|on|1)$/i.test(value)) return true;
  if (/^(false|no|off|0)$/i.test(value)) return false;
  throw usageError(`--${flag} takes true or false, got "${value}"`);
}

/** The edit the flags describe; undefined when no flag was given. The daemon does the checking. */
export function editFromFlags(o: EditPostOptions): UpdatePostInput | undefined {
  const edit: UpdatePostInput = lookBody(o);
  if (o.caption !== undefined) edit.caption = o.caption.replace(/\\n/g, '\n');
  if (o.title !== undefined) edit.title = o.title;
  if (o.category !== undefined) edit.long_video = { category_id: o.category };
  const short: Record<string, unknown> = {};
  if (o.privacy !== undefined) short.privacy_level = o.privacy.toUpperCase();
  for (const [flag, field] of TOGGLES) if (o[flag] !== undefined) short[field] = bool(o[flag]!, flag.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`));
  if (Object.keys(short).length) edit.short_video = short as UpdatePostInput['short_video'];
  return Object.keys(edit).length ? edit : undefined;
}

/** Asks for each field the post's platform has, starting from the current values. */
export async function editFromPrompts(post: Post, ctx: CliContext): Promise<UpdatePostInput> {
  const io = { input: ctx.io.stdin, output: ctx.io.stderr };
  const edit: UpdatePostInput = {};
  if (post.platform === 'long_video') {
    edit.title = await input({ message: 'Title', default: post.title, validate: (v) => (v.trim() && v.length <= TITLE_MAX) || `1 to ${TITLE_MAX} characters` }, io);
  }
  const caption = await input({ message: 'Caption (\\n for a new line)', default: post.caption.replace(/\n/g, '\\n') }, io);
  edit.caption = caption.replace(/\\n/g, '\n');
  if (post.long_video) {
    edit.long_video = { category_id: await input({ message: 'Category id', default: post.long_video.category_id, validate: (v) => /^\d+$/.test(v) || 'digits only' }, io) };
  }
  if (post.short_video) {
    const s = post.short_video;
    const privacy = await select({ message: 'Who can watch', default: s.privacy_level, choices: PRIVACY_LEVELS.map((value) => ({ value })) }, io);
    const short: Record<string, unknown> = { privacy_level: privacy };
    for (const [, field, message] of TOGGLES) short[field] = await confirm({ message, default: s[field] }, io);
    edit.short_video = short as UpdatePostInput['short_video'];
  }
  return edit;
}

/**
 * `clipper posts edit ID [--caption --title --privacy --category --disable-comment ...]`: edits a
 * draft. With no flags on a terminal it asks field by field; without a terminal that is a usage error.
 */
export async function run(opts: EditPostOptions, ctx: CliContext): Promise<void> {
  const client = await ctx.client();
  let edit = editFromFlags(opts);
  if (!edit) {
    if (!ctx.interactive) throw usageError('Nothing to change: give --caption, --title, --privacy, --category, --style, --layout, --aspect, --remove-fillers, --remove-silences, --keep, --caption-speakers or a toggle flag (or run it in a terminal to be asked)');
    edit = await editFromPrompts((await client.posts.get(opts.postId)).post, ctx);
  }
  const { post } = await client.posts.update(opts.postId, edit);
  printPost(ctx, post);
}
