import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { TaskHandler } from '../../tasks/task-runner.js';
import { CLIP_JOB_TASK, type JobDeps } from './deps.js';
import { JobRun } from './run.js';
import type { ClipJobService } from './service.js';
import { JobTransitions } from './transitions.js';
import { dropJobCookies } from './cookies.js';

/**
 * The durable task behind each clip job. A retry or a restart runs JobRun again, which skips
 * what earlier attempts stored. Giving up (a permanent error, or the last retry) ends the job
 * in `error` inside the runner's failing transaction.
 */
export function clipJobTaskHandler(deps: JobDeps, service: ClipJobService): TaskHandler {
  const transitions = new JobTransitions(deps);
  return {
    kind: CLIP_JOB_TASK,
    // The heavy queue bounds the processes; two jobs at once keep it busy between stages.
    concurrency: 2,
    maxAttempts: 3,
    retryDelayMs: (attempt) => [5_000, 30_000][attempt - 1] ?? 60_000,
    async run(task, ctl) {
      const job = await service.repo.byId(task.resource_id);
      if (!job || job.status === 'done' || job.status === 'error') return;
      // Every write of the attempt (stage rows, clips, events, progress, framings) goes through
      // its lease's fenced store: a stale attempt's writes are refused.
      const store = ctl.store;
      const fenced: JobDeps = { ...deps, store, framing: deps.framing.writingTo(store.framings) };
      await new JobRun(fenced, store.clipJobs, new JobTransitions(fenced), service.settings, job, ctl.signal).execute();
    },
    async onGiveUp(task, error) {
      await transitions.failed(task.resource_id, error.message);
      setImmediate(() => void rm(join(service.settings.workDir, task.resource_id), { recursive: true, force: true }));
      // Issue 30, item 4: a job given up on (its last retry) keeps no cookies.
      setImmediate(() => void dropJobCookies(deps.objects, task.resource_id).catch(() => undefined));
    },
  };
}
