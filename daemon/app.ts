import type { Db } from './store/db.js';
import type { Clock } from './clock.js';
import type { DaemonConfig } from './config.js';
import type { Logger } from './log.js';
import { TeamRepo } from './store/teams.js';
import { ApiKeyRepo } from './store/api-keys.js';
import { WebhookRepo } from './store/webhooks.js';
import { PlatformRepo } from './store/platforms.js';
import { EventLog } from './store/events.js';
import { WebhookOutbox } from './store/webhook-outbox.js';
import { TokenVerifier } from './identity/token-verifier.js';
import { RateLimiter } from './server/rate-limit.js';
import { TaskRunner } from './tasks/task-runner.js';
import { ClipRepo, type PreviewReadyHook } from './store/clips.js';
import { createPublishing, type Publishing } from './resources/posts/setup.js';
import { HeavyQueue } from './pipeline/heavy-queue.js';
import { createClipJobs } from './resources/clip-jobs/index.js';
import type { ClipJobService } from './resources/clip-jobs/service.js';
import { join } from 'node:path';
import type { ObjectStore } from './objects/object-store.js';
import { DiskObjectStore } from './objects/disk-store.js';
import { ObjectUrls } from './objects/object-urls.js';
import { UploadRepo } from './store/uploads.js';
import { UploadService } from './resources/uploads/service.js';

/**
 * The application context: built once from config at start-up and passed to every route,
 * service and worker. Nothing reaches for globals.
 */
export interface AppContext {
  config: DaemonConfig;
  clock: Clock;
  log: Logger;
  db: Db;
  /** Base URL clients use to reach this daemon (links in responses are built on it). */
  baseUrl: string;
  teams: TeamRepo;
  apiKeys: ApiKeyRepo;
  webhooks: WebhookRepo;
  platforms: PlatformRepo;
  events: EventLog;
  /** Webhook deliveries (issue 6). */
  webhookOutbox: WebhookOutbox;
  tokens: TokenVerifier;
  limiter: RateLimiter;
  /** The durable task queue: clip jobs, renders and publishing register their handlers. */
  tasks: TaskRunner;
  clips: ClipRepo;
  /** Run inside the transaction that marks a clip preview ready (drafts hook in here). */
  previewReadyHooks: PreviewReadyHook[];
  /** Full renders, posts, connectors and the post scheduler (daemon/publish/setup.ts). */
  connectors: Publishing['connectors'];
  localConnector: Publishing['localConnector'];
  renders: Publishing['renders'];
  posts: Publishing['posts'];
  postScheduler: Publishing['postScheduler'];
  /** Every CPU-heavy child process (ffmpeg, speech) runs through this one queue. */
  heavy: HeavyQueue;
  /** Clip jobs (POST/GET /v1/clips) and the pipeline behind them. */
  clipJobs: ClipJobService;
  /** The object store (uploads, previews, renders): `<dataDir>/objects` on disk. */
  objects: ObjectStore;
  /** Signs object URLs: `app.objectUrls.signGet(key, ttlMs)` for preview_url / output_url. */
  objectUrls: ObjectUrls;
  uploadRepo: UploadRepo;
  /** The upload state machine; clip jobs call `uploads.claimForJob(teamId, uploadId, jobId)`. */
  uploads: UploadService;
}

export async function createAppContext(config: DaemonConfig, db: Db, clock: Clock, log: Logger): Promise<AppContext> {
  const objects = new DiskObjectStore(join(config.dataDir, 'objects'));
  // The base URL is known only once the server listens (port 0 in tests): read it when signing.
  const objectUrls = ObjectUrls.fromDataDir(config.dataDir, clock, () => app.baseUrl);
  const uploadRepo = new UploadRepo(db);
  const minPartSize = config.extra.min_part_size === undefined ? undefined : Number(config.extra.min_part_size);
  const core: Omit<AppContext, keyof Publishing> = {
    config,
    clock,
    log,
    db,
    baseUrl: config.publicBaseUrl ?? `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`,
    teams: new TeamRepo(db),
    apiKeys: new ApiKeyRepo(db),
    webhooks: new WebhookRepo(db),
    platforms: new PlatformRepo(db),
    events: new EventLog(db, clock),
    // Reads the log and registrations only (stateless repos), so its own instances are fine.
    webhookOutbox: new WebhookOutbox(db, new WebhookRepo(db), new EventLog(db, clock)),
    tokens: await TokenVerifier.create(config.dataDir, config.externalIssuers, () => clock.now()),
    limiter: new RateLimiter(clock, {
      perMinute: config.rateLimitPerMinute,
      statusPerResource: 6,
      statusPerTeam: 30,
      notFoundPerHour: 20,
    }),
    tasks: new TaskRunner(db, clock, log, { leaseMs: Number(config.extra.task_lease_ms ?? 60_000), pollMs: 500 }),
    clips: new ClipRepo(db),
    previewReadyHooks: [],
    objects,
    objectUrls,
    uploadRepo,
    uploads: new UploadService({ db, clock, log, repo: uploadRepo, objects, urls: objectUrls, minPartSize }),
    heavy: new HeavyQueue(Number(config.extra.heavy_concurrency) || undefined),
    clipJobs: undefined!, // needs the context itself: set below
  };
  const app = core as AppContext;
  Object.assign(app, createPublishing(app));
  app.clipJobs = createClipJobs(app);
  return app;
}
