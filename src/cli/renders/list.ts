import { RENDER_STATUSES } from '../../api/renders.js';
import type { CliContext } from '../context.js';
import { formatTime } from '../output.js';
import { collectPages, parseLimit, parseStatus } from '../paging.js';

/** `clipper renders list [--status S] [--limit N]` (issue 13, item 16): the team's renders, newest first. */
export async function run(opts: { status?: string; limit?: string }, ctx: CliContext): Promise<void> {
  const limit = parseLimit(opts.limit, 1000) ?? 20;
  const status = parseStatus(opts.status, RENDER_STATUSES);
  const client = await ctx.client();
  const { items: renders, next_cursor } = await collectPages(limit, async (n, cursor) => {
    const page = await client.renders.list({ status, limit: n, cursor });
    return { items: page.renders, next_cursor: page.next_cursor };
  });
  ctx.out.data({ renders, next_cursor }, () =>
    ctx.out.table(renders, [
      { header: 'RENDER', value: (r) => r.render_id },
      { header: 'STATUS', value: (r) => (r.status === 'processing' ? `processing ${Math.floor(r.progress * 100)}%` : r.status) },
      { header: 'CREATED', value: (r) => formatTime(r.created_at) },
      { header: 'OUTPUT', value: (r) => r.output_url ?? r.error ?? '-' },
    ]),
  );
}
