// Upload throughput and memory (issue 3, item 5): a file through `clipper uploads create` into a
// local daemon, against `cp` of the same file on the same disk in the same run, plus the peak
// RSS (VmHWM) of the CLI and of the daemon, each a child process, for every size.
// Targets: at least 60% of cp; peak RSS under 150 MB each and flat in file size.
// BENCH_UPLOAD_GB=0.2 (or "0.5,1") picks other sizes for a quick run; default "1,2".
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const GB = 1_000_000_000;
const bin = join(process.cwd(), 'bin', 'clipper');

/** Peak resident set size of a live process, in MB (VmHWM in /proc/PID/status). */
function vmHwmMb(pid: number): number | undefined {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmHWM:\s+(\d+) kB/m);
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Runs a child to its end, sampling its VmHWM every 20 ms (the last sample is its peak). */
function runSampled(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ seconds: number; peakMb: number; code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const start = process.hrtime.bigint();
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let peakMb = 0;
    let stderr = '';
    child.stderr!.on('data', (c) => (stderr += c));
    const timer = setInterval(() => (peakMb = Math.max(peakMb, vmHwmMb(child.pid!) ?? 0)), 20);
    child.on('exit', (code) => {
      clearInterval(timer);
      resolve({ seconds: Number(process.hrtime.bigint() - start) / 1e9, peakMb, code, stderr });
    });
  });
}

function makeFile(path: string, bytes: number): void {
  const block = randomBytes(16 * 1024 * 1024);
  const fd = openSync(path, 'w');
  for (let written = 0; written < bytes; ) {
    const n = Math.min(block.length, bytes - written);
    writeSync(fd, block, 0, n);
    written += n;
  }
  closeSync(fd);
}

/** Flushes dirty pages, so each timed run starts from the same state and can include its own flush. */
function sync(): number {
  const start = process.hrtime.bigint();
  spawnSync('sync');
  return Number(process.hrtime.bigint() - start) / 1e9;
}

/**
 * Cold runs: the source is read from the disk, as a video recorded or downloaded a while ago is.
 * Dropping the page cache needs root; without it the cold rows are skipped, not faked.
 */
function dropCaches(): boolean {
  spawnSync('sync');
  try {
    writeFileSync('/proc/sys/vm/drop_caches', '3');
    return true;
  } catch {
    return false;
  }
}

/** cp's time to the page cache, and with the flush that puts the copy on disk. */
function timeCp(src: string, dest: string, cold = false): { cached: number; synced: number } {
  if (!cold) sync();
  const start = process.hrtime.bigint();
  const r = spawnSync('cp', [src, dest]);
  if (r.status !== 0) throw new Error(`cp failed: ${r.stderr}`);
  const cached = Number(process.hrtime.bigint() - start) / 1e9;
  const synced = cached + sync();
  rmSync(dest, { force: true });
  return { cached, synced };
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

async function startDaemon(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [bin, 'daemon', 'run', '--data-dir', dataDir, '--port', String(port)], { stdio: 'ignore' });
  for (let i = 0; i < 300; i++) {
    if (existsSync(join(dataDir, 'daemon.json'))) {
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
      if (ok) return child;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('daemon did not start');
}

const pct = (r: number) => `${Math.round(r * 100)}%`;
const mbps = (bytes: number, seconds: number) => `${Math.round(bytes / 1e6 / seconds)} MB/s`;

export async function run(): Promise<void> {
  if (!existsSync(join(process.cwd(), 'dist', 'cli.js'))) throw new Error('dist/ is missing: run `npm run build` (npm run bench does)');
  const sizes = (process.env.BENCH_UPLOAD_GB ?? '1,2').split(',').map(Number).filter((n) => n > 0);
  const work = mkdtempSync(join(tmpdir(), 'clipper-bench-'));
  const rows: Array<{ gb: number; ratio: number; cachedRatio: number; cliMb: number; daemonMb: number }> = [];
  const coldRatios: number[] = [];
  try {
    for (const gb of sizes) {
      const bytes = Math.round(gb * GB);
      const src = join(work, `source-${gb}.mp4`);
      makeFile(src, bytes);
      const dataDir = join(work, `data-${gb}`);
      const port = await freePort();
      const daemon = await startDaemon(dataDir, port);
      try {
        const env: NodeJS.ProcessEnv = { ...process.env, CLIPPER_DATA_DIR: dataDir, CLIPPER_BASE_URL: `http://127.0.0.1:${port}`, CLIPPER_STATE_DIR: join(work, 'state'), NO_COLOR: '1' };
        delete env.CLIPPER_API_KEY;
        delete env.CLIPPER_TOKEN;
        delete env.CLIPPER_PROFILE;
        // cp before and after the upload, so a change in disk speed during the run shows.
        const cp1 = timeCp(src, join(work, 'copy.bin'));
        sync();
        const up = await runSampled(process.execPath, [bin, 'uploads', 'create', src, '--json'], env);
        const upSynced = up.seconds + sync();
        const cp2 = timeCp(src, join(work, 'copy.bin'));
        if (up.code !== 0) throw new Error(`upload failed (${up.code}): ${up.stderr}`);
        const daemonMb = vmHwmMb(daemon.pid!) ?? NaN;
        const cp = { cached: (cp1.cached + cp2.cached) / 2, synced: (cp1.synced + cp2.synced) / 2 };
        const ratio = { cached: cp.cached / up.seconds, synced: cp.synced / upSynced };
        rows.push({ gb, ratio: ratio.synced, cachedRatio: ratio.cached, cliMb: up.peakMb, daemonMb });
        console.log(
          `uploads ${gb} GB, to disk (each followed by sync): cp ${cp.synced.toFixed(2)} s (${mbps(bytes, cp.synced)}; runs ${cp1.synced.toFixed(2)} s, ${cp2.synced.toFixed(2)} s)  ` +
            `clipper ${upSynced.toFixed(2)} s (${mbps(bytes, upSynced)}) = ${pct(ratio.synced)} of cp`,
        );
        console.log(
          `uploads ${gb} GB, to the page cache (no sync): cp ${cp.cached.toFixed(2)} s (${mbps(bytes, cp.cached)}; runs ${cp1.cached.toFixed(2)} s, ${cp2.cached.toFixed(2)} s)  ` +
            `clipper ${up.seconds.toFixed(2)} s (${mbps(bytes, up.seconds)}) = ${pct(ratio.cached)} of cp`,
        );
        console.log(`uploads ${gb} GB, peak RSS: cli ${up.peakMb.toFixed(0)} MB, daemon ${daemonMb.toFixed(0)} MB`);
        if (dropCaches()) {
          const cold = timeCp(src, join(work, 'copy.bin'), true);
          dropCaches();
          const upCold = await runSampled(process.execPath, [bin, 'uploads', 'create', src, '--json'], env);
          if (upCold.code !== 0) throw new Error(`upload failed (${upCold.code}): ${upCold.stderr}`);
          const upColdSynced = upCold.seconds + sync();
          coldRatios.push(cold.synced / upColdSynced);
          console.log(
            `uploads ${gb} GB, cold cache (source read from disk, then sync): cp ${cold.synced.toFixed(2)} s (${mbps(bytes, cold.synced)})  ` +
              `clipper ${upColdSynced.toFixed(2)} s (${mbps(bytes, upColdSynced)}) = ${pct(cold.synced / upColdSynced)} of cp`,
          );
        } else console.log(`uploads ${gb} GB, cold cache: skipped (dropping the page cache needs root)`);
      } finally {
        daemon.kill('SIGTERM');
        await new Promise((r) => daemon.once('exit', r));
        rmSync(dataDir, { recursive: true, force: true });
        rmSync(src, { force: true });
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const worst = (f: (r: (typeof rows)[number]) => number) => Math.max(...rows.map(f));
  const spread = (f: (r: (typeof rows)[number]) => number) => worst(f) - Math.min(...rows.map(f));
  const largest = rows[rows.length - 1];
  console.log(
    `uploads summary at ${largest.gb} GB: ${pct(largest.ratio)} of cp to disk, ${pct(largest.cachedRatio)} to the page cache, ` +
      `${coldRatios.length ? pct(coldRatios[coldRatios.length - 1]) : 'n/a'} with a cold cache (target >= 60%); ` +
      `peak RSS cli <= ${worst((r) => r.cliMb).toFixed(0)} MB, daemon <= ${worst((r) => r.daemonMb).toFixed(0)} MB (target < 150 MB); ` +
      `spread across sizes cli ${spread((r) => r.cliMb).toFixed(0)} MB, daemon ${spread((r) => r.daemonMb).toFixed(0)} MB (flat)`,
  );
}
