// `npm run bench scale`, section "jobs" (issue 21, item 5): jobs per minute with one and with two
// worker processes on the same machine, side by side in one run. One API process and the workers
// (`bin/clipper daemon run --role api|worker`, the built CLI) share an embedded PostgreSQL, the
// local S3-protocol server and one data dir (test/scale/cluster.ts). Runs in the order 1 worker,
// 2 workers, 1 worker, so a change in the machine's load shows as a difference between the two
// one-worker runs. BENCH_SCALE_JOBS=N jobs per run (default 4); BENCH_SCALE_ENGINE=none|
// pocketsphinx|auto the speech engine (default none: the cost of media work and the queue, not
// of recognition).
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { LinkServer } from '../../test/jobs/helpers/link-server.js';
import { Cluster, until, type DaemonProcess } from '../../test/scale/cluster.js';

const JOBS = Number(process.env.BENCH_SCALE_JOBS ?? 4);
const ENGINE = process.env.BENCH_SCALE_ENGINE ?? 'none';

interface Round {
  workers: number;
  seconds: number;
  jobsPerMinute: number;
  load: string;
}

export async function jobsPerMinute(): Promise<void> {
  process.stdout.write(`### Jobs per minute, 1 and 2 worker processes (${JOBS} jobs of the 83 s sample a run; speech engine ${ENGINE}; ${cpus().length} cores)\n`);
  const cluster = new Cluster({ settings: { pipeline: { chunk_seconds: 20, section_seconds: 40 }, transcription: { engine: ENGINE } } });
  const links = await new LinkServer().start();
  try {
    await cluster.init(1);
    const api = await cluster.start('api');
    const auth = `Bearer ${await cluster.token()}`;
    const source = { url: links.file('/sample.mp4', join(process.cwd(), 'fixtures', 'sample.mp4')) };
    const rounds: Round[] = [];
    let workers: DaemonProcess[] = [];
    for (const n of [1, 2, 1]) {
      while (workers.length > n) await workers.pop()!.stop();
      while (workers.length < n) workers.push(await cluster.start('worker'));
      rounds.push(await round(cluster, api, auth, source, n));
      const r = rounds[rounds.length - 1];
      process.stdout.write(`${n} worker${n > 1 ? 's' : ' '}: ${JOBS} jobs in ${r.seconds.toFixed(1)} s = ${r.jobsPerMinute.toFixed(2)} jobs/min (load average ${r.load})\n`);
    }
    const one = (rounds[0].jobsPerMinute + rounds[2].jobsPerMinute) / 2;
    process.stdout.write(`two workers / one worker (mean of the two one-worker runs): ${(rounds[1].jobsPerMinute / one).toFixed(2)}x\n`);
    // What the ratio can be here: each worker's heavy queue already runs one ffmpeg per core, so a
    // second worker on the same machine adds queue slots, not cores; workers scale over machines.
    process.stdout.write(`(each worker runs one heavy process per core: on one machine a second worker shares the same ${cpus().length} cores)\n`);
  } finally {
    await cluster.stop();
    await links.stop();
  }
}

/** Submits JOBS jobs through the API at once and times them until every one is done. */
async function round(cluster: Cluster, api: DaemonProcess, auth: string, source: { url: string }, workers: number): Promise<Round> {
  const started = Date.now();
  const ids: string[] = [];
  for (let i = 0; i < JOBS; i++) {
    const res = await fetch(`${api.url}/v1/clips`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify({ source }) });
    if (res.status !== 202) throw new Error(`POST /v1/clips answered ${res.status}: ${await res.text()}`);
    ids.push(((await res.json()) as { job_id: string }).job_id);
  }
  await until('the jobs to finish', async () => {
    const rows = await cluster.query<{ status: string; error: string | null }>('SELECT status, error FROM clip_jobs WHERE id = ANY($1)', [ids]);
    const failed = rows.find((r) => r.status === 'error');
    if (failed) throw new Error(`a job failed: ${failed.error}`);
    return rows.every((r) => r.status === 'done');
  }, 1_800_000, 250);
  const seconds = (Date.now() - started) / 1000;
  return { workers, seconds, jobsPerMinute: (JOBS / seconds) * 60, load: loadavg().map((l) => l.toFixed(1)).join(' ') };
}
