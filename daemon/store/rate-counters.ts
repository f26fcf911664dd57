import type { Sql } from './sql.js';
import type { RateCounterRepository, RateTake } from './queue-repositories.js';

export type { RateTake };

/**
 * The largest count the `count` column holds (PostgreSQL INTEGER), so the largest limit worth
 * comparing with: PostgreSQL refuses a larger parameter for `count < ?` (recordNotFound counts
 * with no limit, Number.MAX_SAFE_INTEGER), where SQLite would take it.
 */
const MAX_COUNT = 2 ** 31 - 1;

/** Thrown inside takeAll's transaction to undo the counts already taken. */
class AtLimit extends Error {
  constructor(readonly index: number) {
    super('at limit');
  }
}

/**
 * Fixed-window counters in the store (migration 021 / PostgreSQL 002), shared by every API
 * process (issue 21, item 3). A take is one statement, so two processes never both get the
 * 60th request: the upsert adds one only while the count is under the limit, and PostgreSQL
 * serialises upserts of one row (SQLite has one writer).
 */
export class RateCounterRepo implements RateCounterRepository {
  constructor(private db: Sql) {}

  async takeAll(takes: readonly RateTake[]): Promise<{ counts: number[] } | { limited: number }> {
    // One take is one statement, atomic by itself: no transaction round trips (every request).
    if (takes.length === 1) {
      const count = await this.take(takes[0]);
      return count === undefined ? { limited: 0 } : { counts: [count] };
    }
    try {
      return await this.db.transaction(async () => {
        const counts: number[] = [];
        for (const [i, t] of takes.entries()) {
          const count = await this.take(t);
          if (count === undefined) throw new AtLimit(i);
          counts.push(count);
        }
        return { counts };
      });
    } catch (e) {
      if (e instanceof AtLimit) return { limited: e.index };
      throw e;
    }
  }

  /** Adds one unless the count is at its limit: the new count, or undefined (no row comes back). */
  private async take(t: RateTake): Promise<number | undefined> {
    return await this.db.value<number>(
      `INSERT INTO rate_counters (key, window_start, window_end, count) VALUES (?, ?, ?, 1)
       ON CONFLICT (key, window_start) DO UPDATE SET count = rate_counters.count + 1 WHERE rate_counters.count < ?
       RETURNING count`, t.key, t.start, t.end, Math.min(t.limit, MAX_COUNT));
  }

  async count(key: string, start: number): Promise<number> {
    return (await this.db.value<number>('SELECT count FROM rate_counters WHERE key = ? AND window_start = ?', key, start)) ?? 0;
  }

  async purge(now: number): Promise<number> {
    return await this.db.run('DELETE FROM rate_counters WHERE window_end <= ?', now);
  }
}
