import type { Synchronous } from './sqlite-gate.js';
import type { Db } from './db.js';
import type { Clock } from '../clock.js';
import type { EventDataByType, EventEnvelope, EventType } from '../../src/api/events.js';
import { newId } from '../../src/api/ids.js';
import type { EventLogRepository, StoredEvent } from './queue-repositories.js';

export type { StoredEvent };

type Listener = () => void;

/**
 * The durable event log (issue 2, item 5). emit() is a plain INSERT, so when it is
 * called inside the store.transaction() that changes a resource's state, the event commits or rolls
 * back together with that change: a crash can neither lose nor invent an event.
 * Readers (the webhook outbox) page forward by `seq`.
 */
export class EventLog implements Synchronous<EventLogRepository> {
  private listeners = new Set<Listener>();
  /** `afterCommit` runs a callback once the caller's transaction (if any) has committed. */
  constructor(private db: Db, private clock: Clock, private afterCommit: (fn: () => void) => void = (fn) => fn()) {}

  emit<T extends EventType>(type: T, data: EventDataByType[T]): EventEnvelope<T> {
    const event: EventEnvelope<T> = { id: newId('evt'), type, created: this.clock.now(), data };
    this.db
      .prepare('INSERT INTO events (id, team_id, type, created, data) VALUES (?, ?, ?, ?, ?)')
      .run(event.id, data.team_id, type, event.created, JSON.stringify(data));
    // Wake readers once the surrounding transaction has committed, never inside it.
    if (this.listeners.size) this.afterCommit(() => setImmediate(() => this.listeners.forEach((l) => l())));
    return event;
  }

  /** Events after `afterSeq`, oldest first; optionally only one team's. */
  readAfter(afterSeq: number, limit = 100, teamId?: string): StoredEvent[] {
    const rows = (
      teamId
        ? this.db.prepare('SELECT * FROM events WHERE seq > ? AND team_id = ? ORDER BY seq LIMIT ?').all(afterSeq, teamId, limit)
        : this.db.prepare('SELECT * FROM events WHERE seq > ? ORDER BY seq LIMIT ?').all(afterSeq, limit)
    ) as Array<{ seq: number; id: string; team_id: string; type: EventType; created: number; data: string }>;
    return rows.map((r) => ({ seq: r.seq, id: r.id, team_id: r.team_id, type: r.type, created: r.created, data: JSON.parse(r.data) }));
  }

  onAppend(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
