import type { CliContext } from '../context.js';
import { formatTime } from '../output.js';
import { JobHistory } from './history.js';

/** `clipper clips list`: the jobs this CLI created, newest first, from the local history. */
export async function run(opts: { limit?: string }, ctx: CliContext): Promise<void> {
  const limit = Math.max(1, Number(opts.limit ?? 20) || 20);
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
