// CLI start-up time: the median wall time (and one run's peak RSS) of bin/clipper for commands
// that do almost no work of their own, so what shows is what the CLI loads before it acts.
// Targets on this 2-core machine: --version and --help under 0.15 s; a simple API command
// (ping, clips list) under 0.25 s. `node -e 0` is printed first: no command can beat it, and it
// depends on the machine (with NODE_EXTRA_CA_CERTS set, Node 20 reads a CA bundle at start).
// BENCH_CLI_RUNS=N picks the number of timed runs per command (default 5, after one warm-up).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDaemon } from '../daemon/daemon.js';
import { mintIdToken } from '../daemon/identity/local-issuer.js';
import { silentLogger } from '../daemon/log.js';
import { removeInfo, writeInfo } from '../src/cli/daemon/pid-file.js';
import { ClipperClient } from '../src/client/client.js';

const bin = join(process.cwd(), 'bin', 'clipper');
const TIME = '/usr/bin/time';

interface Case {
  name: string;
  /** Node's arguments: the script and its arguments. */
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** Target for the median, in seconds. */
  target?: number;
}

/** One run: wall seconds, exit code and output (async: the daemon answers from this process). */
function once(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ seconds: number; code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const start = process.hrtime.bigint();
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('close', (code) => resolve({ seconds: Number(process.hrtime.bigint() - start) / 1e9, code, stdout, stderr }));
  });
}

/** Peak RSS of one run in MB, from GNU time (undefined where it is not installed). */
async function peakRssMb(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number | undefined> {
  if (!existsSync(TIME)) return undefined;
  const r = await once(TIME, ['-f', 'maxrss=%M', command, ...args], env);
  const m = r.stderr.match(/maxrss=(\d+)/);
  return m ? Number(m[1]) / 1024 : undefined;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(c: Case, baseEnv: NodeJS.ProcessEnv, runs: number): Promise<void> {
  const env = { ...baseEnv, ...c.env };
  const warm = await once(process.execPath, c.args, env);
  if (warm.code !== 0) throw new Error(`${c.name} exited ${warm.code}: ${warm.stderr}`);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push((await once(process.execPath, c.args, env)).seconds);
  const rss = await peakRssMb(process.execPath, c.args, env);
  const m = median(times);
  const verdict = c.target === undefined ? '' : m <= c.target ? `  (target < ${c.target} s: met)` : `  (target < ${c.target} s: MISSED)`;
  console.log(
    `${c.name.padEnd(34)} median ${m.toFixed(3)} s  min ${Math.min(...times).toFixed(3)} s  max ${Math.max(...times).toFixed(3)} s` +
      `${rss === undefined ? '' : `  peak RSS ${rss.toFixed(0)} MB`}${verdict}`,
  );
}

export async function run(): Promise<void> {
  if (!existsSync(join(process.cwd(), 'dist', 'cli.js'))) throw new Error('dist/ is missing: run `npm run build` (npm run bench does)');
  const runs = Math.max(1, Number(process.env.BENCH_CLI_RUNS ?? 5) || 5);
  const work = mkdtempSync(join(tmpdir(), 'clipper-bench-cli-'));
  const dataDir = join(work, 'data');
  const d = await startDaemon({ config: { dataDir, host: '127.0.0.1', port: 0 }, log: silentLogger });
  try {
    // As `clipper daemon run` does, so the CLI finds the daemon from the data dir alone.
    writeInfo(dataDir, { pid: process.pid, port: d.port, host: '127.0.0.1', url: d.url, started_at: Date.now() });
    const token = await mintIdToken(dataDir, (await d.app.store.teams.first())!.id);
    const key = (await new ClipperClient({ baseUrl: d.url, token }).keys.create({ label: 'bench' })).key;
    const stateDir = join(work, 'state');
    mkdirSync(stateDir, { recursive: true });
    const job = (i: number) => ({ job_id: `job${i}`, created_at: Date.now() - i * 60_000, base_url: d.url, source: `/videos/talk-${i}.mp4`, criteria: 'pricing' });
    writeFileSync(join(stateDir, 'jobs.jsonl'), [1, 2, 3].map((i) => JSON.stringify(job(i)) + '\n').join(''));
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: work, CLIPPER_DATA_DIR: dataDir, CLIPPER_CONFIG_DIR: join(work, 'config'), CLIPPER_STATE_DIR: stateDir, NO_COLOR: '1' };
    for (const k of ['CLIPPER_API_KEY', 'CLIPPER_TOKEN', 'CLIPPER_PROFILE', 'CLIPPER_BASE_URL']) delete env[k];

    const cases: Case[] = [
      { name: 'node -e 0 (floor)', args: ['-e', '0'] },
      { name: 'clipper --version', args: [bin, '--version'], target: 0.15 },
      { name: 'clipper --help', args: [bin, '--help'], target: 0.15 },
      { name: 'clipper clips --help', args: [bin, 'clips', '--help'], target: 0.15 },
      { name: 'clipper clips list --json', args: [bin, 'clips', 'list', '--json'], target: 0.25 },
      { name: 'clipper clips list (table)', args: [bin, 'clips', 'list'], target: 0.25 },
      { name: 'clipper ping (local owner token)', args: [bin, 'ping'], target: 0.25 },
      { name: 'clipper ping (API key)', args: [bin, 'ping'], env: { CLIPPER_API_KEY: key }, target: 0.25 },
      { name: 'clipper ping --json (API key)', args: [bin, 'ping', '--json'], env: { CLIPPER_API_KEY: key }, target: 0.25 },
    ];
    console.log(`${runs} timed runs each after one warm-up; Node ${process.version}`);
    // Node 20 reads the whole CA file at start when NODE_EXTRA_CA_CERTS is set (0.07 s here), before
    // any of the CLI's code: measured both ways, so that the CLI's own share stays visible.
    const passes: Array<[string, NodeJS.ProcessEnv]> = [['', env]];
    if (env.NODE_EXTRA_CA_CERTS) {
      const bare = { ...env };
      delete bare.NODE_EXTRA_CA_CERTS;
      passes.splice(0, 1, [`with NODE_EXTRA_CA_CERTS=${env.NODE_EXTRA_CA_CERTS} (as this shell)`, env], ['without NODE_EXTRA_CA_CERTS', bare]);
    }
    for (const [title, passEnv] of passes) {
      if (title) console.log(`-- ${title}`);
      for (const c of cases) await measure(c, passEnv, runs);
    }
  } finally {
    removeInfo(dataDir);
    await d.close();
    rmSync(work, { recursive: true, force: true });
  }
}
