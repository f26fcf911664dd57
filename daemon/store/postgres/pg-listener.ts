import pg from 'pg';
import { randomToken } from '../../../src/api/ids.js';
import { Channels } from '../channels.js';

/**
 * LISTEN/NOTIFY for the PostgreSQL store (issue 21, item 3: "how an API process wakes workers").
 * notify() is `pg_notify(channel, <this process's token>)` on the caller's connection, so the
 * server delivers it only when that transaction commits; one dedicated connection per process
 * LISTENs on every channel someone here listens to and fires the local listeners, skipping its
 * own process's notifications (those fire locally after commit, without the round trip).
 * A lost connection is opened again after a pause, and LISTENs again; meanwhile the readers'
 * polling (the task runner's 0.5 s, `webhooks.poll_ms`) is what finds new work.
 */
export class PgListener {
  readonly token = randomToken(10);
  private readonly channels = new Channels();
  private client?: pg.Client;
  private connecting?: Promise<void>;
  private listening = new Set<string>();
  private closed = false;
  private retry?: NodeJS.Timeout;
  private reconnecting = false;

  constructor(private readonly config: pg.ClientConfig) {}

  listen(channel: string, fn: () => void): () => void {
    const off = this.channels.listen(channel, fn);
    void this.subscribe(channel);
    return off;
  }

  /** Fires this process's listeners of `channel` (after the notifying transaction commits). */
  fireLocal(channel: string): void {
    this.channels.fire(channel);
  }

  hasLocal(channel: string): boolean {
    return this.channels.has(channel);
  }

  private async subscribe(channel: string): Promise<void> {
    if (this.listening.has(channel) || this.closed) return;
    this.listening.add(channel);
    try {
      await this.connect();
      await this.client?.query(`LISTEN ${quoteIdent(channel)}`);
    } catch {
      /* connect() schedules the retry, which LISTENs to every channel again */
    }
  }

  private connect(): Promise<void> {
    if (this.client) return Promise.resolve();
    return (this.connecting ??= (async () => {
      const client = new pg.Client(this.config);
      client.on('notification', (n) => {
        if (n.payload !== this.token) this.channels.fire(n.channel);
      });
      client.on('error', () => this.lost(client));
      client.on('end', () => this.lost(client));
      try {
        await client.connect();
        for (const c of this.listening) await client.query(`LISTEN ${quoteIdent(c)}`);
        this.client = client;
        // After a lost connection, whatever was notified meanwhile: readers look once now.
        if (this.reconnecting) for (const c of this.listening) this.channels.fire(c);
        this.reconnecting = false;
      } catch (e) {
        this.lost(client);
        throw e;
      } finally {
        this.connecting = undefined;
      }
    })());
  }

  private lost(client: pg.Client): void {
    if (this.client === client) this.client = undefined;
    client.removeAllListeners('notification');
    void client.end().catch(() => undefined);
    if (this.closed || this.retry) return;
    this.reconnecting = true;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (!this.closed && this.listening.size) void this.connect().catch(() => undefined);
    }, 1000);
    this.retry.unref?.();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}

/** Channel names are ours (`clipper_tasks`, ...), quoted anyway. */
const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
