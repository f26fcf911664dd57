import type { Command } from 'commander';
import type { CliContext } from '../context.js';
import { withLookFlags } from '../look-flags.js';
import { parseWaitFlags, withWaitFlags } from '../wait.js';
import type { CreateRenderOptions } from './create.js';
import { printRender, waitForRender } from './wait.js';

/** `clipper renders get ID [--wait]`: one render's state (render id = clip id). */
export async function runGet(opts: { renderId: string; wait?: boolean; timeout?: string }, ctx: CliContext): Promise<void> {
  const client = await ctx.client();
  const flags = parseWaitFlags(opts);
  const render = flags.wait ? await waitForRender(ctx, client, opts.renderId, { timeoutMs: flags.timeoutMs }) : await client.renders.get(opts.renderId);
  printRender(ctx, render);
}

export function registerRenderCommands(program: Command, ctx: CliContext): void {
  const renders = program.command('renders').description('full-quality renders of clips, 1080x1920 or another aspect (uses render minutes)');
  withWaitFlags(
    withLookFlags(
      renders
        .command('create')
        .description('start a full render of a clip; replaces its previous render')
        .argument('<clip>', 'clip id')
        .option('-o, --output <file>', 'wait, then download the MP4 to this file'),
      'the render',
      { styleHelp: 'caption style (default: classic)', layoutHelp: 'fill: follow the speaker; fit: whole frame over a blurred copy; split: two speakers stacked (default: chosen per clip)' },
    ),
  ).action(async (clipId: string, o: Omit<CreateRenderOptions, 'clipId'>) => (await import('./create.js')).run({ clipId, ...o }, ctx));
  renders
    .command('list')
    .description("your team's renders, newest first")
    .option('--status <status>', 'only queued, processing, done or failed')
    .option('--limit <n>', 'how many (default 20)')
    .action(async (o) => (await import('./list.js')).run(o, ctx));
  withWaitFlags(renders.command('get').description('show a render (its id is the clip id)').argument('<id>', 'render id')).action(
    (renderId: string, o: { wait?: boolean; timeout?: string }) => runGet({ renderId, ...o }, ctx),
  );
}
