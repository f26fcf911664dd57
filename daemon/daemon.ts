import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock, type Clock } from './clock.js';
import { loadConfig, type SettingsInput } from './config.js';
import { buildApp, type App } from './app.js';
import { initDataDir } from './data-dir.js';
import { createLogger, formatLine, type Logger } from './log.js';
import { stderrLine } from './log-sink.js';
import { setChildOutputLog } from './child-output.js';
import { createHttpServer } from './server/http.js';
import { buildRouter } from './server/routes.js';
import { Router } from './server/router.js';
import type { Worker } from './worker.js';
import type { DaemonRole } from './defaults.js';
import { daemonRegistry } from './metrics/instruments.js';
import { metricsToken, registerMetricsRoute } from './metrics/route.js';
import { registerReadyRoute } from './server/ready.js';
import { registerHealthz } from './server/health.js';

export interface RunningDaemon {
  app: App;
  url: string;
  /** This process's own address (`url` is server.public_base_url when that is set). */
  listenUrl: string;
  port: number;
  server: Server;
  workers: Worker[];
  /** Writes a line in the log's format whatever log.level (`daemon run`'s start and stop lines). */
  announce(msg: string, fields?: Record<string, unknown>, level?: 'info' | 'warn' | 'error'): void;
  /** Drains every worker once (tests). */
  processAll(): Promise<void>;
  close(): Promise<void>;
}

export interface StartOptions {
  /** The data dir, flags, and settings over DATA_DIR/config.json's (tests give theirs here). */
  config?: { dataDir: string; host?: string; port?: number; settings?: SettingsInput };
  clock?: Clock;
  log?: Logger;
  /** Leave background workers stopped; tests drive them with processAll(). */
  manualWorkers?: boolean;
  /** Extra routes (tests add probes that exercise the shared HTTP pipeline). */
  extraRoutes?: (router: Router) => void;
  /** defaults.ts DAEMON_ROLES; api and worker processes share one PostgreSQL. */
  role?: DaemonRole;
}

/** A worker's HTTP side: its health for whoever supervises it, and nothing of /v1. */
function workerRouter(dataDir: string): Router {
  const router = new Router();
  registerHealthz(router, () => dataDir, { ok: true, role: 'worker' });
  return router;
}

/** Builds the application context once, starts the HTTP server, then the workers. */
export async function startDaemon(opts: StartOptions): Promise<RunningDaemon> {
  const config = loadConfig(opts.config ?? {});
  const clock = opts.clock ?? systemClock;
  const role = opts.role ?? 'all';
  const log = opts.log ?? createLogger({ level: config.log.level, format: config.log.format, role });
  for (const warning of config.warnings) log.warn(warning);
  setChildOutputLog(log); // what the engines' child processes print, as records of this log
  const token = metricsToken(config.metrics.token_env);
  // The refusals of a role come from the settings alone: before the data dir is opened.
  // Several processes share one queue only through a database they all reach (the SQLite file
  // is one process's: its wake-ups and rate counts stay in memory).
  if (role !== 'all' && !config.database.url) {
    throw new Error(`--role ${role} needs a shared database: set database.url in config.json or CLIPPER_DATABASE_URL (a PostgreSQL URL)`);
  }
  // A worker writes links (a published post's page, ...) that clients follow to an API process.
  if (role === 'worker' && !config.server.public_base_url) {
    throw new Error('--role worker needs server.public_base_url in config.json: the address clients reach the API processes at, for the links workers write');
  }
  const { db } = await initDataDir(config.dataDir, clock.now());
  const app = await buildApp(config, db, clock, log);
  const router = role === 'worker' ? workerRouter(config.dataDir) : buildRouter(app);
  // Issue 31, item 1: on every role, outside /v1 (no key, no request-rate count).
  registerMetricsRoute(router, daemonRegistry(app.store, clock, role), token);
  registerReadyRoute(router, { store: app.store, objects: app.objects });
  opts.extraRoutes?.(router);
  const server = createHttpServer({ get limiter() { return app.limiter; }, auth: app, log, maxJsonBodyBytes: config.server.max_json_body_bytes }, router);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.server.port, config.server.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const { host, public_base_url } = config.server;
  const listenUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  if (!public_base_url) app.baseUrl = listenUrl;
  // An API process runs no handler: what it enqueues, workers claim (woken by NOTIFY).
  const workers = role === 'api' ? [] : app.workers;
  if (!opts.manualWorkers) for (const w of workers) await w.start();
  log.info('daemon listening', { url: app.baseUrl, data_dir: config.dataDir, role });

  return {
    app,
    url: app.baseUrl,
    listenUrl,
    port,
    server,
    workers,
    announce: (msg, fields, level = 'info') => stderrLine(formatLine({ format: config.log.format, role }, level, msg, fields)),
    async processAll() {
      for (const w of workers) await w.processAll();
    },
    async close() {
      await Promise.all(workers.map((w) => w.stop()));
      // The speech engine's recogniser processes (sherpa-onnx) end with the daemon.
      app.stages.current.close?.(); // the speech engines' and the language model's processes
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await app.store.close();
      if (db.open) db.close();
    },
  };
}
