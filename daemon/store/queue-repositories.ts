import type { EventDataByType, EventEnvelope, EventType } from '../../src/api/events.js';
import type { TaskLease } from './lease-fence.js';
import type { WebhookDelivery as DeliveryRecord } from '../../src/api/webhooks.js';

// The repositories of the daemon's own machinery: the durable task queue, the event log and the
// webhook outbox, with the records they use. Same rules as repositories.ts: asynchronous, time
// passed in as `now`, every write joins the caller's Store.transaction().
//
// On PostgreSQL (issue 21): task claims are one `UPDATE ... WHERE status = 'pending' AND id =
// (SELECT ... FOR UPDATE SKIP LOCKED)`; the fan-out cursor row is locked FOR UPDATE; and the
// event log's `seq` is readable in commit order because emit() takes an advisory lock held until
// its transaction ends (SQLite has one writer; a BIGSERIAL under concurrent writers could show
// seq 8 before seq 7 commits, and the outbox cursor would skip 7 for good). onAppend and
// onEnqueue wake listeners in every process: PostgreSQL's NOTIFY, sent at commit (sql.ts).

export type TaskStatus = 'pending' | 'running' | 'done' | 'failed' | 'cancelled';

/** A durable background task (migration 003). `payload` is JSON text. */
export interface Task {
  id: string;
  kind: string;
  resource_id: string;
  team_id: string;
  status: TaskStatus;
  attempts: number;
  max_attempts: number;
  run_at: number;
  lease_owner: string | null;
  lease_expires_at: number | null;
  last_error: string | null;
  payload: string;
  created_at: number;
  updated_at: number;
}

export interface EnqueueInput {
  kind: string;
  resourceId: string;
  teamId: string;
  runAt: number;
  maxAttempts?: number;
  payload?: unknown;
}

/** The durable task queue; the TaskRunner owns the policy (retries, backoff, handlers) around it. */
export interface TaskRepository {
  /** Adds a pending task, or returns the active (pending or running) one of the same kind and resource unchanged. */
  enqueue(input: EnqueueInput, now: number): Promise<Task>;
  get(id: string): Promise<Task | undefined>;
  active(kind: string, resourceId: string): Promise<Task | undefined>;
  /** Leases the due pending task of one of `kinds` with the earliest run_at; attempts + 1. */
  claim(kinds: string[], owner: string, now: number, leaseMs: number): Promise<Task | undefined>;
  /** Extends the lease; false unless `lease` (owner and attempt) still holds the running task. */
  heartbeat(lease: TaskLease, until: number): Promise<boolean>;
  /** Ends the running task `lease` holds; false when it holds it no more. */
  finish(lease: TaskLease, status: 'done' | 'failed' | 'cancelled', error: string | null, now: number): Promise<boolean>;
  /** Pending again at `runAt`, lease dropped; `refundAttempt`: this attempt does not count towards max_attempts. */
  retryLater(lease: TaskLease, runAt: number, error: string, now: number, opts?: { refundAttempt?: boolean }): Promise<boolean>;
  /** Cancels the pending task of a kind and resource; a running one is left alone. */
  cancelPending(kind: string, resourceId: string, now: number): Promise<boolean>;
  /** Running tasks whose lease ran out (`lease_expires_at < now`) or whose owner is in `deadOwners` go back to pending; returns how many. */
  releaseLeases(now: number, deadOwners: readonly string[]): Promise<number>;
  /** The distinct owners of running tasks whose id starts with `prefix`. */
  leaseOwners(prefix: string): Promise<string[]>;
  /** Calls `listener` after an enqueue commits, in this process or (PostgreSQL) any other; returns an unsubscribe. */
  onEnqueue(listener: () => void): () => void;
  /** The earliest run_at of a pending task of `kinds`. */
  nextRunAt(kinds: string[]): Promise<number | undefined>;
}

/** An event as logged: the envelope plus its position and owner. */
export interface StoredEvent extends EventEnvelope {
  seq: number;
  team_id: string;
}

/**
 * The durable event log. emit() writes in the caller's transaction, so an event commits or
 * rolls back with the state change that caused it; readers page forward by `seq`.
 */
export interface EventLogRepository {
  /** Logs an event of `data.team_id`, created at the store's clock time. */
  emit<T extends EventType>(type: T, data: EventDataByType[T]): Promise<EventEnvelope<T>>;
  /** Events with seq > afterSeq, oldest first, at most `limit`; optionally one team's only. */
  readAfter(afterSeq: number, limit?: number, teamId?: string): Promise<StoredEvent[]>;
  /** The newest event's seq, 0 when the log is empty. */
  lastSeq(): Promise<number>;
  /** Calls `listener` (asynchronously, after the emitting call) whenever an event is logged; returns an unsubscribe. */
  onAppend(listener: () => void): () => void;
}

export type DeliveryStatus = DeliveryRecord['status'];
export type { DeliveryRecord };

/** A delivery leased to a worker, with what it needs to send it. */
export interface ClaimedDelivery {
  id: string;
  webhook_id: string;
  url: string;
  secret: string;
  legacy_signature: boolean;
  /** The envelope `{id, type, created, data}`: these exact bytes are signed and sent. */
  body: string;
}

/**
 * One attempt as the webhook resource judged it (resources/webhooks/delivery-policy.ts holds the
 * spec's retry rules; the outbox only records what they decided).
 */
export interface DeliveryAttempt {
  /** ack: delivered. retry: pending again when `retryDelayMs` gives a wait, else failed. give_up: failed. */
  verdict: 'ack' | 'retry' | 'give_up';
  /** The receiver's status code, when it answered in time. */
  statusCode?: number;
  /** Why there is no usable answer (network error, timeout, refused target). */
  error?: string;
  /** The wait before the next attempt once `attempts` were made; undefined when none is left. */
  retryDelayMs(attempts: number): number | undefined;
}

/** The webhook outbox: deliveries pending -> delivering -> delivered | pending (retry) | failed | cancelled. */
export interface WebhookOutboxRepository {
  /** Creates the deliveries of up to `batch` events after the fan-out cursor and moves it, atomically; returns the events read. */
  fanOut(now: number, batch?: number): Promise<number>;
  /** Leases due deliveries (pending and due, or with an expired lease) of live registrations. */
  claim(
    owner: string,
    now: number,
    leaseMs: number,
    o: { limit: number; excludeWebhooks: string[]; excludeIds: string[]; accept: (webhookId: string) => boolean },
  ): Promise<{ claimed: ClaimedDelivery[]; scanned: number }>;
  /** Records an attempt as judged; undefined when `owner` no longer holds the delivery. */
  complete(id: string, owner: string, attempt: DeliveryAttempt, now: number): Promise<DeliveryStatus | undefined>;
  /** Hands a lease back untouched: pending again, due at once. */
  release(id: string, owner: string): Promise<void>;
  /** When the next delivery falls due (a pending one, or an expiring lease). */
  nextDueAt(): Promise<number | undefined>;
  /** A registration's deliveries, newest event first. */
  list(webhookId: string, o: { status?: DeliveryStatus; limit: number }): Promise<DeliveryRecord[]>;
  /** A failed or delivered delivery back to pending, due now; `busy` while pending or in flight. */
  resend(webhookId: string, deliveryId: string, now: number): Promise<{ outcome: 'resent' | 'busy' | 'missing'; status?: DeliveryStatus }>;
}

/** One fixed-window count to take: `key` in the window [start, end), at most `limit`. */
export interface RateTake {
  key: string;
  start: number;
  end: number;
  limit: number;
}

/**
 * Request counters shared by every process of a deployment (issue 21, item 3; spec "Request
 * rate": "whatever the ... number of machines").
 */
export interface RateCounterRepository {
  /** Adds one to every count, all or none: none when one is at its limit (its index is returned). */
  takeAll(takes: readonly RateTake[]): Promise<{ counts: number[] } | { limited: number }>;
  /** The count of `key` in the window starting at `start` (0 when none). */
  count(key: string, start: number): Promise<number>;
  /** Deletes windows that ended by `now`; returns how many. */
  purge(now: number): Promise<number>;
}
