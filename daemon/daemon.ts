import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock, type Clock } from './clock.js';
import { loadConfig, type DaemonConfig } from './config.js';
import { createAppContext, type AppContext } from './app.js';
import { initDataDir } from './data-dir.js';
import { createLogger, type Logger } from './log.js';
import { createHttpServer } from './server/http.js';
import { buildRouter } from './server/routes.js';
import type { Router } from './server/router.js';
import { buildWorkers } from './workers.js';
import type { Worker } from './worker.js';

export interface RunningDaemon {
  app: AppContext;
  url: string;
  port: number;
  server: Server;
  workers: Worker[];
  /** Drains every worker once (tests). */
  processAll(): Promise<void>;
  close(): Promise<void>;
}

export interface StartOptions {
  config?: Partial<DaemonConfig> & { dataDir: string };
  clock?: Clock;
  log?: Logger;
  /** Leave background workers stopped; tests drive them with processAll(). */
  manualWorkers?: boolean;
  /** Extra routes (tests add probes that exercise the shared HTTP pipeline). */
  extraRoutes?: (router: Router) => void;
}

/** Builds the application context once, starts the HTTP server, then the workers. */
export async function startDaemon(opts: StartOptions): Promise<RunningDaemon> {
  const base = loadConfig({ dataDir: opts.config?.dataDir, host: opts.config?.host, port: opts.config?.port });
  const config: DaemonConfig = { ...base, ...opts.config, extra: { ...base.extra, ...opts.config?.extra } };
  const clock = opts.clock ?? systemClock;
  const log = opts.log ?? createLogger();
  const { db } = initDataDir(config.dataDir, clock.now());
  const app = await createAppContext(config, db, clock, log);
  const router = buildRouter();
  opts.extraRoutes?.(router);
  const server = createHttpServer(app, router);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  if (!config.publicBaseUrl) app.baseUrl = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  const workers = buildWorkers(app);
  if (!opts.manualWorkers) workers.forEach((w) => w.start());
  log.info('daemon listening', { url: app.baseUrl, data_dir: config.dataDir });

  return {
    app,
    url: app.baseUrl,
    port,
    server,
    workers,
    async processAll() {
      for (const w of workers) await w.processAll();
    },
    async close() {
      await Promise.all(workers.map((w) => w.stop()));
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      db.close();
    },
  };
}
