import type { ClipJobView } from '../../api/clips.js';
import type { ClipperClient } from '../../client/client.js';
import type { CliContext } from '../context.js';
import { parseWaitFlags, waitFor } from '../wait.js';
import { describeStage, printJob } from './print.js';

/** Follows a job to `done` or `error` within the status-check limits (the shared poller). */
export function waitForJob(client: ClipperClient, jobId: string, ctx: CliContext, timeoutMs?: number): Promise<ClipJobView> {
  return waitFor(
    ctx,
    {
      what: `job ${jobId}`,
      check: () => client.clips.get(jobId),
      status: (j) => j.status,
      done: ['done'],
      failed: ['error'],
      progress: (j) => j.progress,
      error: (j) => j.error,
      detail: (j) => describeStage(j.stage),
    },
    { timeoutMs },
  );
}

/** `clipper clips get JOB [--wait]`: the job and its clips. */
export async function run(opts: { jobId: string; wait?: boolean; timeout?: string }, ctx: CliContext): Promise<void> {
  const flags = parseWaitFlags(opts);
  const client = await ctx.client();
  const job = flags.wait ? await waitForJob(client, opts.jobId, ctx, flags.timeoutMs) : await client.clips.get(opts.jobId);
  ctx.out.data(job, () => printJob(job, ctx));
}
