import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';

// The daemon runs in the test's own process. When synchronous work holds the event loop past the
// server's keep-alive timeout (5 s), a request sent from a promise continuation goes out on the
// idle socket before the timers phase, and the server's keep-alive timer then destroys it under
// the request: `read ECONNRESET`, never seen between processes. So `call` opens a connection per
// request (undici: pipelining 0 disables keep-alive). Only here: as the global dispatcher it
// tripped undici's `assert(!this.paused)` on streamed downloads that end while paused.
const fresh = new Agent({ pipelining: 0 });
import { startDaemon, type RunningDaemon, type StartOptions } from '../../daemon/daemon.js';
import { ManualClock } from '../../daemon/clock.js';
import { silentLogger } from '../../daemon/log.js';
import { mintIdToken } from '../../daemon/identity/local-issuer.js';
import type { SettingsInput } from '../../daemon/config.js';

export interface TestDaemon extends RunningDaemon {
  dataDir: string;
  clock: ManualClock;
  rootTeamId: string;
  /** A bearer token for the root team (or another team). */
  token(teamId?: string): Promise<string>;
  /** An API key for the root team (or another team). */
  apiKey(teamId?: string): Promise<string>;
  /** Adds another root team; returns its id. */
  createTeam(name?: string): Promise<string>;
  /** Raw HTTP against the daemon, returning status, headers and parsed JSON. */
  call(method: string, path: string, opts?: { auth?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> }): Promise<TestResponse>;
  stop(): Promise<void>;
}

export interface TestResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

/**
 * A real daemon on a free loopback port with a temporary data dir and a manual clock.
 * Workers stay stopped unless `workers: true`; tests drain them with processAll().
 */
export async function startTestDaemon(
  opts: { workers?: boolean; settings?: SettingsInput; clock?: ManualClock; dataDir?: string; extraRoutes?: StartOptions['extraRoutes']; log?: StartOptions['log'] } = {},
): Promise<TestDaemon> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'clipper-test-'));
  const clock = opts.clock ?? new ManualClock(Date.now());
  const startOpts: StartOptions = {
    config: { dataDir, host: '127.0.0.1', port: 0, settings: opts.settings },
    clock,
    log: opts.log ?? silentLogger,
    manualWorkers: !opts.workers,
    extraRoutes: opts.extraRoutes,
  };
  const d = await startDaemon(startOpts);
  const rootTeamId = (await d.app.store.teams.first())!.id;
  const td: TestDaemon = Object.assign(d, {
    dataDir,
    clock,
    rootTeamId,
    token: (teamId = rootTeamId) => mintIdToken(dataDir, teamId, clock.now()),
    apiKey: async (teamId = rootTeamId) => (await d.app.store.apiKeys.create(teamId, 'test', clock.now())).key,
    createTeam: async (name = 'other') => (await d.app.store.teams.create(name, clock.now())).id,
    async call(method: string, path: string, o: { auth?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {}) {
      const headers: Record<string, string> = { ...o.headers };
      if (o.auth) headers.authorization = o.auth;
      let body: string | undefined = o.rawBody;
      if (o.body !== undefined) {
        body = JSON.stringify(o.body);
        headers['content-type'] ??= 'application/json';
      }
      const res = await request(d.url + path, { method: method as any, headers, body, dispatcher: fresh });
      const text = await res.body.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        /* not JSON */
      }
      return { status: res.statusCode, headers: res.headers, body: parsed };
    },
    async stop() {
      await d.close();
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  });
  return td;
}
