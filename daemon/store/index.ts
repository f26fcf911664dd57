import type { Clock } from '../clock.js';
import type { Db } from './db.js';
import { ApiKeyRepo } from './api-keys.js';
import { ClipJobRepo } from './clip-jobs.js';
import { ClipRepo } from './clips.js';
import { EventLog } from './events.js';
import { PlatformRepo } from './platforms.js';
import { PostRepo } from './posts.js';
import { RenderMinutes } from './render-minutes.js';
import { RenderRepo } from './renders.js';
import { TaskRepo } from './tasks.js';
import { TeamRepo } from './teams.js';
import { UploadRepo } from './uploads.js';
import { WebhookOutbox } from './webhook-outbox.js';
import { WebhookRepo } from './webhooks.js';

/** The public surface of a repository class: what a second implementation must offer. */
type Surface<T> = { [K in keyof T]: T[K] };

/**
 * Every table of the daemon, one repository each. Services depend on this interface and never
 * on SQL: a second implementation (PostgreSQL, a later issue) passes the same contract suite
 * (test/store/store-contract.ts). Calls are synchronous so that `transaction(fn)` can wrap a
 * state change and the event it emits in one commit.
 */
export interface Store {
  teams: Surface<TeamRepo>;
  apiKeys: Surface<ApiKeyRepo>;
  webhooks: Surface<WebhookRepo>;
  platforms: Surface<PlatformRepo>;
  uploads: Surface<UploadRepo>;
  clipJobs: Surface<ClipJobRepo>;
  clips: Surface<ClipRepo>;
  renders: Surface<RenderRepo>;
  renderMinutes: Surface<RenderMinutes>;
  posts: Surface<PostRepo>;
  tasks: Surface<TaskRepo>;
  events: Surface<EventLog>;
  webhookOutbox: Surface<WebhookOutbox>;
  /** Runs `fn` in one write transaction (BEGIN IMMEDIATE); a nested call is a savepoint of the outer one. */
  transaction<T>(fn: () => T): T;
  close(): void;
}

/** The embedded store: one SQLite file (better-sqlite3) with the numbered migrations applied. */
export function sqliteStore(db: Db, clock: Clock): Store {
  const webhooks = new WebhookRepo(db);
  const events = new EventLog(db, clock);
  return {
    teams: new TeamRepo(db),
    apiKeys: new ApiKeyRepo(db),
    webhooks,
    platforms: new PlatformRepo(db),
    uploads: new UploadRepo(db),
    clipJobs: new ClipJobRepo(db),
    clips: new ClipRepo(db),
    renders: new RenderRepo(db),
    renderMinutes: new RenderMinutes(db),
    posts: new PostRepo(db),
    tasks: new TaskRepo(db),
    events,
    webhookOutbox: new WebhookOutbox(db, webhooks, events),
    transaction: (fn) => (db.inTransaction ? db.transaction(fn)() : db.transaction(fn).immediate()),
    close: () => db.close(),
  };
}
