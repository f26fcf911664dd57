// `npm run bench scale`, section "uploads" (issue 21, item 5): throughput of `clipper uploads
// create` through presigned URLs of an S3-compatible bucket against the daemon's disk store, the
// same file, as one PUT and in parts. BENCH_SCALE_MB picks the file size (default 256);
// BENCH_SCALE_RUNS the runs per row (default 3).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { startDaemon, type RunningDaemon } from '../../daemon/daemon.js';
import { silentLogger } from '../../daemon/log.js';
import type { SettingsInput } from '../../daemon/config.js';
import { startTestS3, type TestS3 } from '../../test/helpers/s3-server.js';

const MB = 1_000_000;
const MiB = 1024 * 1024;
const bin = join(process.cwd(), 'bin', 'clipper');

function makeFile(path: string, bytes: number): void {
  const block = randomBytes(16 * MiB);
  const fd = openSync(path, 'w');
  for (let written = 0; written < bytes; written += Math.min(block.length, bytes - written)) writeSync(fd, block, 0, Math.min(block.length, bytes - written));
  closeSync(fd);
}

/** One `clipper uploads create` in a child process; its wall time in seconds. */
function uploadOnce(file: string, env: NodeJS.ProcessEnv, threshold: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, [bin, 'uploads', 'create', file, '--multipart-threshold', String(threshold), '--json'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (c) => (stderr += c));
    child.on('exit', (code) => (code === 0 ? resolve(Number(process.hrtime.bigint() - start) / 1e9) : reject(new Error(`upload failed (${code}): ${stderr}`))));
  });
}

interface Target {
  name: string;
  daemon: RunningDaemon;
  apiKey: string;
  s3?: TestS3;
}

async function target(kind: 'disk' | 's3', work: string): Promise<Target> {
  const settings: SettingsInput = { limits: { requests_per_minute: 100_000 } };
  let s3: TestS3 | undefined;
  if (kind === 's3') {
    s3 = await startTestS3();
    process.env.CLIPPER_BENCH_S3_SECRET = s3.credentials.secretAccessKey;
    settings.object_store = {
      kind: 's3', endpoint: s3.endpoint, bucket: s3.bucket, force_path_style: true,
      access_key_id: s3.credentials.accessKeyId, secret_access_key_env: 'CLIPPER_BENCH_S3_SECRET',
    };
  }
  const daemon = await startDaemon({ config: { dataDir: join(work, `data-${kind}`), host: '127.0.0.1', port: 0, settings }, log: silentLogger });
  const team = (await daemon.app.store.teams.first())!.id;
  const apiKey = (await daemon.app.store.apiKeys.create(team, 'bench', Date.now())).key;
  return { name: kind === 'disk' ? 'disk store (daemon receives)' : 'S3 presigned (bucket receives)', daemon, apiKey, s3 };
}

/** Section 1: upload throughput, disk store against presigned S3 URLs, single PUT and multipart. */
export async function uploadThroughput(work: string): Promise<void> {
  const bytes = Math.round(Number(process.env.BENCH_SCALE_MB ?? 256) * MB);
  const runs = Math.max(1, Number(process.env.BENCH_SCALE_RUNS ?? 3));
  const file = join(work, 'source.mp4');
  makeFile(file, bytes);
  const targets = [await target('disk', work), await target('s3', work)];
  console.log(`uploads: ${Math.round(bytes / MB)} MB file, \`clipper uploads create\` in a child process, ${runs} runs per row (median), rows interleaved`);
  console.log('  the S3 side is test/helpers/s3-server.ts (a Node S3-protocol server, SigV4-checked, MD5 + SHA-256 of every byte) on this machine: the ratio is the cost of the path, not of a real S3 engine');
  try {
    for (const [mode, threshold] of [['single PUT', bytes + 1], ['multipart', 1]] as const) {
      const times = new Map<string, number[]>(targets.map((t) => [t.name, []]));
      for (let r = 0; r < runs; r++) {
        for (const t of r % 2 ? [...targets].reverse() : targets) {
          const env: NodeJS.ProcessEnv = { ...process.env, CLIPPER_BASE_URL: t.daemon.url, CLIPPER_API_KEY: t.apiKey, CLIPPER_STATE_DIR: join(work, 'state'), NO_COLOR: '1' };
          delete env.CLIPPER_TOKEN;
          delete env.CLIPPER_PROFILE;
          spawnSync('sync');
          times.get(t.name)!.push(await uploadOnce(file, env, threshold));
        }
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      const [disk, s3] = targets.map((t) => median(times.get(t.name)!));
      for (const t of targets) {
        const s = median(times.get(t.name)!);
        console.log(`  ${mode.padEnd(10)} ${t.name.padEnd(31)} ${s.toFixed(2)} s  ${Math.round(bytes / MB / s)} MB/s  (runs: ${times.get(t.name)!.map((x) => x.toFixed(2)).join(', ')})`);
      }
      console.log(`  ${mode.padEnd(10)} S3 / disk throughput: ${(disk / s3).toFixed(2)}x`);
    }
  } finally {
    for (const t of targets) {
      await t.daemon.close();
      await t.s3?.stop();
    }
  }
}
