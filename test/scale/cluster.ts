import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { initDataDir } from '../../daemon/data-dir.js';
import { mintIdToken } from '../../daemon/identity/local-issuer.js';
import { freePort, startPostgres, type TestPostgres } from '../helpers/postgres.js';
import { startTestS3, type TestS3 } from '../helpers/s3-server.js';

/**
 * Issue 21, items 3 and 4: real daemon processes on one machine, started the way an operator
 * starts them (`bin/clipper daemon run --role api|worker`, the built CLI), sharing one embedded
 * PostgreSQL, one S3-protocol server (test/helpers/s3-server.ts: uploads, previews and renders in
 * its bucket) and one data dir (the signing keys). Used by test/scale/ and `npm run bench scale`.
 */
export class DaemonProcess {
  child?: ChildProcess;
  url = '';
  output = '';

  constructor(readonly role: 'api' | 'worker', private dataDir: string, private port: number, private env: NodeJS.ProcessEnv) {}

  get pid(): number {
    return this.child!.pid!;
  }

  get alive(): boolean {
    return !!this.child && this.child.exitCode === null && !this.child.signalCode;
  }

  async start(): Promise<this> {
    const bin = join(process.cwd(), 'bin', 'clipper');
    this.output = '';
    const child = spawn(process.execPath, [bin, 'daemon', 'run', '--role', this.role, '--data-dir', this.dataDir, '--port', String(this.port)], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', ...this.env },
    });
    this.child = child;
    const seen = (d: Buffer) => (this.output = (this.output + d).slice(-30_000));
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const m = /listening on (http:\/\/\S+)/.exec(this.output);
      if (m) {
        this.url = m[1];
        return this;
      }
      if (child.exitCode !== null) throw new Error(`${this.role} exited with ${child.exitCode}: ${this.output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`${this.role} did not start: ${this.output}`);
  }

  /** kill -9: no shutdown code runs; its leases stay in the database. */
  async kill(): Promise<void> {
    await this.end('SIGKILL');
  }

  async stop(): Promise<void> {
    await this.end('SIGTERM');
  }

  private async end(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || !this.alive) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await gone;
  }
}

export interface ClusterOptions {
  /** Settings of config.json besides database.url and server.public_base_url. */
  settings?: Record<string, unknown>;
  env?: NodeJS.ProcessEnv;
}

/** One PostgreSQL, one data dir, and the processes started on them. */
export class Cluster {
  readonly processes: DaemonProcess[] = [];
  db!: pg.Pool;
  databaseUrl = '';
  rootTeamId = '';
  readonly dataDir = mkdtempSync(join(tmpdir(), 'clipper-scale-'));
  private pg?: TestPostgres;
  s3?: TestS3;
  private apiPorts: number[] = [];
  private nextApi = 0;

  constructor(private opts: ClusterOptions = {}) {}

  /** Starts PostgreSQL and writes the shared config; `apis` ports are reserved (the first is public_base_url). */
  async init(apis: number): Promise<this> {
    this.pg = await startPostgres();
    this.databaseUrl = await this.pg.createDatabase();
    this.db = new pg.Pool({ connectionString: this.databaseUrl, max: 3 });
    for (let i = 0; i < apis; i++) this.apiPorts.push(await freePort());
    this.s3 = await startTestS3();
    const { endpoint, bucket, credentials } = this.s3;
    const objectStore = { kind: 's3', endpoint, bucket, force_path_style: true, access_key_id: credentials.accessKeyId, secret_access_key_env: 'CLIPPER_TEST_S3_SECRET' };
    this.opts.env = { ...this.opts.env, CLIPPER_TEST_S3_SECRET: credentials.secretAccessKey };
    const settings = { ...this.opts.settings, database: { url: this.databaseUrl }, object_store: objectStore, server: { public_base_url: `http://127.0.0.1:${this.apiPorts[0]}` } };
    (await initDataDir(this.dataDir)).db.close();
    writeFileSync(join(this.dataDir, 'config.json'), JSON.stringify(settings, null, 2));
    return this;
  }

  async start(role: 'api' | 'worker'): Promise<DaemonProcess> {
    const port = role === 'api' ? this.apiPorts[this.nextApi++] : 0;
    if (port === undefined) throw new Error('no API port left: init() reserves them');
    const p = await new DaemonProcess(role, this.dataDir, port, this.opts.env ?? {}).start();
    this.processes.push(p);
    if (!this.rootTeamId) this.rootTeamId = (await this.query<{ id: string }>('SELECT id FROM teams ORDER BY created_at LIMIT 1'))[0].id;
    return p;
  }

  /** An ID token of `teamId` (default: the database's root team), signed with the shared key. */
  async token(teamId = this.rootTeamId): Promise<string> {
    return await mintIdToken(this.dataDir, teamId);
  }

  /** SIGSTOPs PostgreSQL (server and backends); the returned function SIGCONTs it (call it in a finally). */
  pauseDatabase(): () => void {
    return this.pg!.pause();
  }

  async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.db.query(sql, params)).rows as T[];
  }

  async stop(): Promise<void> {
    await Promise.all(this.processes.map((p) => p.stop()));
    await this.db?.end().catch(() => undefined);
    await this.pg?.stop();
    await this.s3?.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** Polls `check` every `everyMs` until it is truthy; throws naming `what` after `timeoutMs`. */
export async function until<T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 240_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
