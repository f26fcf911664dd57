import { AsyncLocalStorage } from 'node:async_hooks';

/** One open transaction: the connection it holds, and what waits for its COMMIT. */
export interface OpenTx<C> {
  conn: C;
  /** False once it committed or rolled back (work it spawned then runs like any other). */
  active: boolean;
  afterCommit: Array<() => void>;
  savepoints: number;
}

type Exec<C> = (conn: C, sql: string) => unknown;

/**
 * The transaction of the calling async context, shared by both engines (sqlite-sql.ts and
 * postgres/pg-sql.ts): statements run inside a transaction's function find it here
 * (AsyncLocalStorage) and go to its connection; a nested transaction is a savepoint of it; the
 * callbacks registered with afterCommit() run once it commits, outside its context.
 */
export class TxScope<C> {
  private readonly context = new AsyncLocalStorage<OpenTx<C>>();

  /** `lost(err)`: the connection is dropped after that failure, so no ROLLBACK is waited for (the server rolls back). */
  constructor(private readonly exec: Exec<C>, private readonly lost: (err: unknown) => boolean = () => false) {}

  /** The open transaction of the calling context, if any. */
  current(): OpenTx<C> | undefined {
    const tx = this.context.getStore();
    return tx?.active ? tx : undefined;
  }

  afterCommit(fn: () => void): void {
    const tx = this.current();
    if (tx) tx.afterCommit.push(fn);
    else fn();
  }

  /** `begin` ... COMMIT around `fn` on `conn`; a throw rolls back and is rethrown. */
  async run<T>(conn: C, begin: string, fn: () => Promise<T>): Promise<T> {
    const tx: OpenTx<C> = { conn, active: true, afterCommit: [], savepoints: 0 };
    await this.exec(conn, begin);
    let value: T;
    try {
      value = await this.context.run(tx, fn);
      tx.active = false;
      await this.exec(conn, 'COMMIT');
    } catch (err) {
      tx.active = false;
      if (!this.lost(err)) await Promise.resolve(this.exec(conn, 'ROLLBACK')).catch(() => undefined);
      throw err;
    }
    this.context.exit(() => tx.afterCommit.forEach((f) => f()));
    return value;
  }

  /** `fn` as a savepoint of the open transaction `tx`: its throw undoes only its own writes. */
  async savepoint<T>(tx: OpenTx<C>, fn: () => Promise<T>): Promise<T> {
    const name = `sp_${++tx.savepoints}`;
    await this.exec(tx.conn, `SAVEPOINT ${name}`);
    try {
      const value = await fn();
      await this.exec(tx.conn, `RELEASE SAVEPOINT ${name}`);
      return value;
    } catch (err) {
      await this.exec(tx.conn, `ROLLBACK TO SAVEPOINT ${name}`);
      await this.exec(tx.conn, `RELEASE SAVEPOINT ${name}`);
      throw err;
    }
  }
}
