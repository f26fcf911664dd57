import type { CliContext } from './context.js';

/**
 * MINIMAL stand-in for the shared progress module (the cli branch builds the full one at this
 * path: spinners, speed and ETA; same exports). Draws a byte-transfer bar on stderr, only on a
 * terminal and never in --json mode.
 */
export interface TransferProgress {
  add(bytes: number): void;
  succeed(text?: string): void;
  fail(text?: string): void;
}

export function startTransfer(ctx: CliContext, opts: { label: string; totalBytes: number }): TransferProgress {
  const draw = !!ctx.io.stderr.isTTY && !ctx.out.jsonMode;
  let done = 0;
  let shown = -1;
  const render = () => {
    const pct = opts.totalBytes > 0 ? Math.floor((done / opts.totalBytes) * 100) : 100;
    if (!draw || pct === shown) return;
    shown = pct;
    const bar = '#'.repeat(Math.round(pct / 5)).padEnd(20, '-');
    ctx.io.stderr.write(`\r${opts.label} [${bar}] ${String(pct).padStart(3)}% ${(done / 1048576).toFixed(1)}/${(opts.totalBytes / 1048576).toFixed(1)} MiB`);
  };
  render();
  return {
    add(bytes) {
      done += bytes;
      render();
    },
    succeed(text) {
      if (draw) ctx.io.stderr.write(`\r${text ?? opts.label}\x1b[K\n`);
    },
    fail(text) {
      if (draw) ctx.io.stderr.write(`\r${text ?? opts.label}\x1b[K\n`);
    },
  };
}
