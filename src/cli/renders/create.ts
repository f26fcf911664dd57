import { resolve } from 'node:path';
import { downloadToFile } from '../../client/download.js';
import type { CreateRenderInput } from '../../api/renders.js';
import type { CliContext } from '../context.js';
import { lookBody, type LookOptions } from '../look-flags.js';
import { CliError, EXIT } from '../exit-codes.js';
import { startTransfer } from '../progress.js';
import { parseWaitFlags, type WaitOptions } from '../wait.js';
import { printRender, waitForRender } from './wait.js';

/** Caption preset, layout (issue 17), aspect, cuts and kept spans (issue 29): look-flags.ts. */
export interface CreateRenderOptions extends LookOptions {
  clipId: string;
  wait?: boolean;
  timeout?: string;
  /** Save the finished MP4 here (implies --wait). */
  output?: string;
}

/** The request body the flags describe (only what was given). */
export function renderBody(o: CreateRenderOptions): CreateRenderInput {
  return lookBody(o);
}

/**
 * `clipper renders create CLIP [--style PRESET] [--layout L] [--aspect R] [--remove-fillers] [--remove-silences] [--keep S-E] [--wait] [--output FILE]`: starts a full render (spec: a
 * re-trigger replaces the previous output); with --output, waits and downloads the MP4 from its
 * signed output_url with a progress bar.
 */
export async function run(opts: CreateRenderOptions, ctx: CliContext, waitOpts: WaitOptions = {}): Promise<void> {
  const client = await ctx.client();
  const flags = parseWaitFlags(opts);
  const started = await client.renders.create(opts.clipId, renderBody(opts));
  if (!flags.wait && !opts.output) {
    ctx.out.data(started, () => ctx.out.info(`render ${started.render_id} queued; follow it with \`clipper renders get ${started.render_id} --wait\``));
    return;
  }
  const render = await waitForRender(ctx, client, started.render_id, { ...waitOpts, timeoutMs: flags.timeoutMs });
  if (render.status !== 'done' || !opts.output) return printRender(ctx, render);
  if (!render.output_url) throw new CliError(EXIT.ERROR, `render ${render.render_id} is done but has no output_url`);
  const dest = resolve(opts.output);
  let bar: ReturnType<typeof startTransfer> | undefined;
  try {
    const bytes = await downloadToFile(render.output_url, dest, {
      onStart: (total) => (bar = startTransfer(ctx, { label: `downloading ${opts.output}`, totalBytes: total ?? 0 })),
      onData: (n) => bar?.add(n),
    });
    bar?.succeed(`saved ${opts.output} (${(bytes / 1048576).toFixed(1)} MiB)`);
  } catch (e) {
    bar?.fail(`download of ${opts.output} failed`);
    throw e;
  }
  ctx.out.data({ ...render, output_file: dest }, () => ctx.out.line(dest));
}
