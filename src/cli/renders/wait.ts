import type { Render } from '../../api/renders.js';
import type { ClipperClient } from '../../client/client.js';
import type { CliContext } from '../context.js';
import { waitFor, type WaitOptions } from '../wait.js';

/**
 * Waits for a render to end (`done`, or `failed`: DESIGN.md's name; `error` too, as `clipper
 * watch` accepts, since the spec leaves the failed state's name to a hosted deployment).
 */
export function waitForRender(ctx: CliContext, client: ClipperClient, renderId: string, opts: WaitOptions): Promise<Render> {
  return waitFor(
    ctx,
    {
      what: `render ${renderId}`,
      check: () => client.renders.get(renderId),
      status: (r) => r.status,
      done: ['done'],
      failed: ['failed', 'error'],
      progress: (r) => r.progress,
      error: (r) => r.error,
    },
    opts,
  );
}

export function printRender(ctx: CliContext, render: Render): void {
  ctx.out.data(render, () => {
    // progress is DESIGN.md's field; a deployment that implements only the spec may leave it out.
    const pct = render.status === 'processing' && typeof render.progress === 'number' ? ` ${Math.floor(render.progress * 100)}%` : '';
    ctx.out.line(`${render.render_id}  ${render.status}${pct}`);
    if (render.output_url) ctx.out.line(render.output_url);
    if (render.error) ctx.out.info(`error: ${render.error}`);
  });
}
