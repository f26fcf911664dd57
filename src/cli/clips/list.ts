import { JOB_STATUSES, type ClipJobSummary } from '../../api/clips.js';
import type { CliContext } from '../context.js';
import { formatTime } from '../output.js';
import { collectPages, parseLimit, parseStatus } from '../paging.js';
import { JobHistory, type JobRecord } from './history.js';

export interface ListOptions {
  status?: string;
  limit?: string;
  /** Only this machine's history, without asking the server. */
  local?: boolean;
}

/**
 * `clipper clips list [--status S] [--limit N]` (issue 13, item 16; DESIGN.md GET /v1/clips):
 * the team's jobs from the server, newest first, with status and clip count; each job this
 * machine created also shows its source (a file path the server never saw) from the local
 * history. `--local` lists that history alone, as before, without the server.
 */
export async function run(opts: ListOptions, ctx: CliContext): Promise<void> {
  const limit = parseLimit(opts.limit, 1000) ?? 20;
  const status = parseStatus(opts.status, JOB_STATUSES);
  if (opts.local) return listLocal(limit, ctx);
  const client = await ctx.client();
  const { items, next_cursor } = await collectPages(limit, async (n, cursor) => {
    const page = await client.clips.list({ status, limit: n, cursor });
    return { items: page.jobs, next_cursor: page.next_cursor };
  });
  const mine = new Map(new JobHistory(ctx.env).list().filter((j) => j.base_url === client.baseUrl).map((j) => [j.job_id, j]));
  const jobs = items.map((j) => withSource(j, mine.get(j.job_id)));
  ctx.out.data({ jobs, next_cursor }, () => {
    ctx.out.table(jobs, [
      { header: 'JOB', value: (j) => j.job_id },
      { header: 'STATUS', value: (j) => j.status },
      { header: 'CLIPS', value: (j) => j.clip_count },
      { header: 'CREATED', value: (j) => formatTime(j.created_at) },
      { header: 'NAME', value: (j) => j.name },
      { header: 'SOURCE', value: (j) => j.source ?? '-' },
    ]);
    if (next_cursor && ctx.io.stdout.isTTY) ctx.out.info(`more jobs follow: --limit ${limit + 20}, or --status to narrow`);
  });
}

function withSource(job: ClipJobSummary, local: JobRecord | undefined): ClipJobSummary & { source?: string; criteria?: string } {
  return local ? { ...job, source: local.source, ...(local.criteria !== undefined ? { criteria: local.criteria } : {}) } : job;
}

function listLocal(limit: number, ctx: CliContext): void {
  const jobs = new JobHistory(ctx.env).list().slice(0, limit);
  ctx.out.data({ jobs }, () =>
    ctx.out.table(jobs, [
      { header: 'JOB', value: (j) => j.job_id },
      { header: 'CREATED', value: (j) => formatTime(j.created_at) },
      { header: 'SOURCE', value: (j) => j.source },
      { header: 'CRITERIA', value: (j) => j.criteria ?? '-' },
      { header: 'API', value: (j) => j.base_url },
    ]),
  );
}
