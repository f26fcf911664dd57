/** What of the running daemon this needs: its log, and a line written whatever log.level. */
interface Logged {
  announce(msg: string, fields?: Record<string, unknown>, level?: 'info' | 'warn' | 'error'): void;
  app: { log: { warn(msg: string, fields?: Record<string, unknown>): void } };
}

/**
 * In `daemon run`, whose stderr is its log: Node's own warnings and an error that ends the
 * process reach the log as records of its format too, not as raw text between them.
 */
export function logProcessEvents(daemon: Logged): void {
  process.removeAllListeners('warning'); // Node's printer of `(node:PID) Warning: ...`
  process.on('warning', (w) => daemon.app.log.warn(w.message, { warning: w.name }));
  process.once('uncaughtException', (e) => {
    daemon.announce('clipper daemon ended by an unexpected error', { error: e }, 'error');
    process.exit(1);
  });
}
