import type { CliContext } from '../context.js';

/** `clipper uploads cancel ID`: aborts an unfinished upload and discards its parts. */
export async function run(opts: { id: string }, ctx: CliContext): Promise<void> {
  const res = await (await ctx.client()).uploads.cancel(opts.id);
  ctx.out.data(res, () => ctx.out.info(`upload ${res.upload_id} ${res.status}`));
}
