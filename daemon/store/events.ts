import type { Sql } from './sql.js';
import type { Clock } from '../clock.js';
import type { EventDataByType, EventEnvelope, EventType } from '../../src/api/events.js';
import { newId } from '../../src/api/ids.js';
import type { EventLogRepository, StoredEvent } from './queue-repositories.js';

export type { StoredEvent };

type Listener = () => void;

/** The wake-up channel of the event log (issue 21: fan-out in a worker sees an API's events). */
export const EVENTS_CHANNEL = 'clipper_events';

/**
 * The durable event log (issue 2, item 5). emit() is a plain INSERT, so when it is
 * called inside the store.transaction() that changes a resource's state, the event commits or rolls
 * back together with that change: a crash can neither lose nor invent an event.
 * Readers (the webhook outbox) page forward by `seq`.
 */
export class EventLog implements EventLogRepository {
  /** `afterCommit` runs a callback once the caller's transaction (if any) has committed. */
  constructor(private db: Sql, private clock: Clock) {}

  async emit<T extends EventType>(type: T, data: EventDataByType[T]): Promise<EventEnvelope<T>> {
    const event: EventEnvelope<T> = { id: newId('evt'), type, created: this.clock.now(), data };
    const insert = async () => {
      // PostgreSQL: seq must become readable in commit order (queue-repositories.ts), so event
      // writers take turns until their transaction ends; SQLite has one writer anyway.
      if (this.db.dialect === 'postgres') await this.db.value('SELECT pg_advisory_xact_lock(2101)');
      await this.db.run('INSERT INTO events (id, team_id, type, created, data) VALUES (?, ?, ?, ?, ?)', event.id, data.team_id, type, event.created, JSON.stringify(data));
      // Readers wake once the surrounding transaction has committed, never inside it.
      await this.db.notify(EVENTS_CHANNEL);
    };
    await (this.db.dialect === 'postgres' ? await this.db.transaction(insert) : insert());
    return event;
  }

  /** Events after `afterSeq`, oldest first; optionally only one team's. */
  async readAfter(afterSeq: number, limit = 100, teamId?: string): Promise<StoredEvent[]> {
    const rows = (
      teamId
        ? await this.db.all('SELECT * FROM events WHERE seq > ? AND team_id = ? ORDER BY seq LIMIT ?', afterSeq, teamId, limit)
        : await this.db.all('SELECT * FROM events WHERE seq > ? ORDER BY seq LIMIT ?', afterSeq, limit)
    ) as Array<{ seq: number; id: string; team_id: string; type: EventType; created: number; data: string }>;
    return rows.map((r) => ({ seq: r.seq, id: r.id, team_id: r.team_id, type: r.type, created: r.created, data: JSON.parse(r.data) }));
  }

  /** The newest event's seq (0 when there is none): a reader starting "from now" begins after it. */
  async lastSeq(): Promise<number> {
    return Number(await this.db.value('SELECT COALESCE(MAX(seq), 0) FROM events') ?? 0);
  }

  onAppend(listener: Listener): () => void {
    return this.db.listen(EVENTS_CHANNEL, listener);
  }
}
