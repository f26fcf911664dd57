// Issue 13, item 9: `clips create --wait` shows the stage (downloading, transcribing, finding
// clips, previews n/m) and an estimate, and says how often it checks. The shared poller with a
// fake clock, the job's own describer, and a spinner that keeps what it was shown.
import { describe, expect, it } from 'vitest';
import type { ClipJobView } from '../../src/api/clips.js';
import { describeStage } from '../../src/cli/clips/print.js';
import type { Spinner } from '../../src/cli/progress.js';
import { EtaEstimator, waitFor } from '../../src/cli/wait.js';
import { testContext } from '../helpers/cli-io.js';

const job = (progress: number, stage: ClipJobView['stage'], status = 'processing') => ({ status, progress, stage });

describe('progress of a job being waited for', () => {
  it('names the stage with its parts, an estimate of the time left and the next check', async () => {
    let t = 0;
    const answers = [
      job(0, { name: 'downloading' }),
      job(0.2, { name: 'transcribing', done: 3, total: 9 }),
      job(0.5, { name: 'transcribing', done: 7, total: 9, previews: { done: 1, total: 2 } }),
      job(0.8, { name: 'rendering_previews', done: 2, total: 4 }),
      job(1, undefined, 'done'),
    ];
    const shown: string[] = [];
    const spinner: Spinner = { update: (s) => void shown.push(s), info: () => {}, succeed: () => {}, fail: () => {}, stop: () => {} };
    const { ctx } = testContext({ env: {} });
    await waitFor(
      ctx,
      { what: 'job job_1', check: async () => answers.shift()!, status: (j) => j.status, progress: (j) => j.progress, detail: (j) => describeStage(j.stage), done: ['done'], failed: ['error'] },
      { spinner, now: () => t, sleep: async (ms) => void (t += ms) },
    );
    expect(shown).toEqual([
      'job job_1: processing 0%, downloading the video (next check in 10s)',
      'job job_1: processing 20%, transcribing 3/9 chunks, about 40s left (next check in 10s)',
      'job job_1: processing 50%, transcribing 7/9 chunks, previews 1/2, about 20s left (next check in 10s)',
      'job job_1: processing 80%, previews 2/4, about 7s left (next check in 10s)',
    ]);
  });

  it('estimates only once progress has moved', () => {
    let t = 0;
    const eta = new EtaEstimator(() => t);
    expect(eta.add(0.1)).toBeUndefined();
    t = 5000;
    expect(eta.add(0.1)).toBeUndefined();
    t = 10_000;
    expect(eta.add(0.3)).toBe(35_000);
  });

  it('says nothing of a stage a server does not report', () => {
    expect(describeStage(undefined)).toBeUndefined();
    expect(describeStage({ name: 'finding_clips', done: 1, total: 3 })).toBe('finding clips 1/3 sections');
    expect(describeStage({ name: 'queued' })).toBe('waiting to start');
  });
});
