import type { Clock } from '../clock.js';
import type { Db } from './db.js';
import { ApiKeyRepo } from './api-keys.js';
import { ClipJobRepo } from './clip-jobs.js';
import { ClipRepo } from './clips.js';
import { WebSessionRepo } from './web-sessions.js';
import { EventLog } from './events.js';
import { FramingRepo } from './framings.js';
import { OAuthAuthorizationRepo, PlatformRepo } from './platforms.js';
import { PostRepo } from './posts.js';
import { RenderMinutes } from './render-minutes.js';
import { RenderRepo } from './renders.js';
import { RateCounterRepo } from './rate-counters.js';
import { SessionLinkRepo } from './session-links.js';
import { TaskRepo } from './tasks.js';
import { TeamRepo } from './teams.js';
import { UploadRepo } from './uploads.js';
import { WebhookOutbox } from './webhook-outbox.js';
import { WebhookRepo } from './webhooks.js';
import { SqliteSql } from './sqlite-sql.js';
import { MetricsReads } from './metrics-reads.js';
import type { Sql } from './sql.js';
import { FencedSql, type TaskLease } from './lease-fence.js';
import type { EventLogRepository, RateCounterRepository, TaskRepository, WebhookOutboxRepository } from './queue-repositories.js';
import type {
  ApiKeyRepository, ClipJobRepository, ClipRepository, FramingRepository, OAuthAuthorizationRepository, PlatformRepository, PostRepository, RenderMinutesRepository,
  RenderRepository, SessionLinkRepository, WebSessionRepository, TeamRepository, UploadRepository, WebhookRepository,
} from './repositories.js';

export type * from './records.js';
export type * from './repositories.js';
export type * from './queue-repositories.js';

/**
 * Every table of the daemon, one repository each. Services depend on this interface and never
 * on SQL: a second implementation (PostgreSQL, a later issue) passes the same contract suite
 * (test/store/store-contract.ts).
 *
 * Every method returns a Promise (issue 21: PostgreSQL answers over the network).
 * `transaction(fn)` wraps a state change and the event it emits in one commit: the repositories
 * of the `tx` it hands `fn` are bound to that transaction (PostgreSQL: one pooled connection;
 * SQLite: its one connection, held by an async mutex until COMMIT). SQLite-isms in the
 * statements: RETURNING and ON CONFLICT carry over; `INSERT OR IGNORE`, `json_each`, `IS NOT`
 * and `IN ()` (an empty list) do not; numeric ms timestamps become BIGINT.
 */
export interface Store {
  teams: TeamRepository;
  apiKeys: ApiKeyRepository;
  webhooks: WebhookRepository;
  platforms: PlatformRepository;
  oauthAuthorizations: OAuthAuthorizationRepository;
  uploads: UploadRepository;
  clipJobs: ClipJobRepository;
  clips: ClipRepository;
  framings: FramingRepository;
  renders: RenderRepository;
  renderMinutes: RenderMinutesRepository;
  posts: PostRepository;
  tasks: TaskRepository;
  events: EventLogRepository;
  webhookOutbox: WebhookOutboxRepository;
  /** Request counters shared by API processes (PostgreSQL deployments; the local daemon counts in memory). */
  rateCounters: RateCounterRepository;
  sessionLinks: SessionLinkRepository;
  webSessions: WebSessionRepository;
  /** Counts /metrics reads at scrape time (issue 31). */
  metrics: MetricsReads;
  /**
   * Runs `fn` in one write transaction and returns its value; a throw rolls back every
   * repository's writes (events included) and is rethrown. A nested call is a savepoint of the
   * outer one: its throw undoes only its own writes.
   */
  transaction<T>(fn: (tx: Store) => Promise<T>): Promise<T>;
  /** A cheap readiness check: `SELECT 1`, rejecting (DatabaseUnavailableError) when the database does not answer within `timeoutMs` (default 2 s). */
  ping(timeoutMs?: number): Promise<void>;
  /**
   * This store as the write path of the task holding `lease`: every write commits only while
   * the task still holds it (lease-fence.ts), or is refused with LeaseLostError.
   */
  fenced(lease: TaskLease): Store;
  close(): Promise<void>;
}

const PING_TIMEOUT_MS = 2000;

/** Every repository over one engine: the same classes whichever `Sql` answers. */
export function storeOver(db: Sql, clock: Clock): Store {
  const webhooks = new WebhookRepo(db);
  const events = new EventLog(db, clock);
  const store: Store = {
    teams: new TeamRepo(db),
    apiKeys: new ApiKeyRepo(db),
    webhooks,
    platforms: new PlatformRepo(db),
    oauthAuthorizations: new OAuthAuthorizationRepo(db),
    uploads: new UploadRepo(db),
    clipJobs: new ClipJobRepo(db),
    clips: new ClipRepo(db),
    framings: new FramingRepo(db),
    renders: new RenderRepo(db),
    renderMinutes: new RenderMinutes(db),
    posts: new PostRepo(db),
    tasks: new TaskRepo(db),
    events,
    webhookOutbox: new WebhookOutbox(db, webhooks, events),
    rateCounters: new RateCounterRepo(db),
    sessionLinks: new SessionLinkRepo(db),
    webSessions: new WebSessionRepo(db),
    metrics: new MetricsReads(db),
    // The engine binds the transaction to the async context of `fn`, so `tx` is this store.
    transaction: async (fn) => await db.transaction(() => fn(store)),
    ping: (timeoutMs = PING_TIMEOUT_MS) => db.ping(timeoutMs),
    fenced: (lease) => storeOver(new FencedSql(db, lease), clock),
    close: () => db.close(),
  };
  return store;
}

/** The embedded store: one SQLite file (better-sqlite3) with the numbered migrations applied. */
export function sqliteStore(db: Db, clock: Clock): Store {
  return storeOver(new SqliteSql(db), clock);
}
