import type { Sql } from './sql.js';

/** What /metrics reads from the database at scrape time (issue 31, item 1); both engines. */
export class MetricsReads {
  constructor(private db: Sql) {}

  /** Clip jobs per state (spec: queued, processing, done, error). */
  async jobsByState(): Promise<Array<{ status: string; n: number }>> {
    return (await this.db.all<{ status: string; n: number | string }>('SELECT status, COUNT(*) AS n FROM clip_jobs GROUP BY status')).map((r) => ({ status: r.status, n: Number(r.n) }));
  }

  /** Tasks due and waiting for a worker, per kind, with the time the oldest has been due since. */
  async queue(now: number): Promise<Array<{ kind: string; waiting: number; oldestRunAt: number }>> {
    const rows = await this.db.all<{ kind: string; n: number | string; oldest: number | string }>(
      "SELECT kind, COUNT(*) AS n, MIN(run_at) AS oldest FROM tasks WHERE status = 'pending' AND run_at <= ? GROUP BY kind", now);
    return rows.map((r) => ({ kind: r.kind, waiting: Number(r.n), oldestRunAt: Number(r.oldest) }));
  }

  /** Webhook deliveries not yet delivered or given up on. */
  async webhookBacklog(): Promise<number> {
    return Number(await this.db.value<number | string>("SELECT COUNT(*) FROM webhook_deliveries WHERE status IN ('pending','delivering')") ?? 0);
  }
}
