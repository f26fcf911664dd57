import type { Command } from 'commander';
import type { CliContext } from '../context.js';

/** `clipper uploads cancel ID`: aborts an unfinished upload and discards its parts. */
export async function run(opts: { id: string }, ctx: CliContext): Promise<void> {
  const res = await (await ctx.client()).uploads.cancel(opts.id);
  ctx.out.data(res, () => ctx.out.info(`upload ${res.upload_id} ${res.status}`));
}

export function register(parent: Command, ctx: CliContext): void {
  parent.command('cancel').description('cancel an unfinished upload (its parts are discarded)').argument('<id>', 'upload id').action((id: string) => run({ id }, ctx));
}
