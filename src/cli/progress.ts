import type { Ora } from 'ora';
import type { CliContext } from './context.js';

/**
 * Spinners and byte-transfer progress for every command (uploads, clips --wait, renders
 * download). Issue 7: progress goes to stderr, and only when `ctx.animate` allows it (a
 * terminal, no NO_COLOR, no --no-input, no --json); otherwise these objects print nothing, so
 * commands use them unconditionally and stay quiet in scripts.
 */
export interface Spinner {
  /** Replaces the text shown after the spinner. */
  update(text: string): void;
  /** Prints a message line on stderr without tearing the spinner's line. */
  info(text: string): void;
  succeed(text?: string): void;
  fail(text?: string): void;
  stop(): void;
}

export function startSpinner(ctx: CliContext, text: string): Spinner {
  if (!ctx.animate) return quietSpinner(ctx);
  // ora is loaded on first use, not at start-up (every command would pay for it); a spinner that
  // ends before it has loaded just prints its final line.
  let current = text;
  let ended = false;
  let s: Ora | undefined;
  const write = (t: string) => ctx.io.stderr.write(t + '\n');
  import('ora').then(
    ({ default: ora }) => {
      if (ended) return;
      s = ora({ text: current, stream: ctx.io.stderr as NodeJS.WriteStream, discardStdin: false, color: ctx.globals.color === false ? false : 'cyan' }).start();
    },
    () => undefined, // No spinner then; the final line is still printed.
  );
  const end = (symbol: string, t: string | undefined, finish?: (o: Ora) => void) => {
    ended = true;
    if (s && finish) finish(s);
    else if (s) s.stop();
    else if (finish) write(`${symbol} ${t ?? current}`);
  };
  return {
    update: (t) => {
      current = t;
      if (s) s.text = t;
    },
    info: (t) => {
      s?.clear();
      write(t);
      s?.render();
    },
    succeed: (t) => end('✔', t, (o) => o.succeed(t)),
    fail: (t) => end('✖', t, (o) => o.fail(t)),
    stop: () => end('', undefined),
  };
}

/** Silent except for explicit messages, which go to stderr like `ctx.out.info`. */
function quietSpinner(ctx: CliContext): Spinner {
  const noop = () => {};
  return { update: noop, info: (t) => ctx.out.info(t), succeed: noop, fail: noop, stop: noop };
}

/** Bytes moved so far against a total, with a speed over the last few seconds and an ETA. */
export class TransferMeter {
  private samples: Array<{ at: number; bytes: number }> = [];
  constructor(
    readonly totalBytes: number,
    public doneBytes = 0,
    private now: () => number = Date.now,
    /** How far back the speed looks: long enough to smooth bursts, short enough to follow changes. */
    private windowMs = 5000,
  ) {
    this.samples.push({ at: now(), bytes: doneBytes });
  }

  add(bytes: number): void {
    this.doneBytes += bytes;
    const at = this.now();
    this.samples.push({ at, bytes: this.doneBytes });
    while (this.samples.length > 2 && at - this.samples[1].at >= this.windowMs) this.samples.shift();
  }

  get fraction(): number {
    return this.totalBytes > 0 ? Math.min(1, this.doneBytes / this.totalBytes) : 1;
  }

  /** Bytes per second over the window; 0 until some time has passed. */
  get bytesPerSecond(): number {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    const ms = last.at - first.at;
    return ms > 0 ? ((last.bytes - first.bytes) * 1000) / ms : 0;
  }

  /** Milliseconds left at the current speed; undefined while the speed is unknown. */
  get etaMs(): number | undefined {
    const rate = this.bytesPerSecond;
    return rate > 0 ? ((this.totalBytes - this.doneBytes) / rate) * 1000 : undefined;
  }
}

export function formatBytes(n: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return i === 0 ? `${v} B` : `${v.toFixed(1)} ${units[i]}`;
}

export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** `label [#####-----]  45% 4.5 MiB/10.0 MiB 1.2 MiB/s ETA 5s`: one line, no colour. */
export function renderTransfer(label: string, m: TransferMeter, width = 20): string {
  const filled = Math.round(m.fraction * width);
  const bar = '#'.repeat(filled) + '-'.repeat(width - filled);
  const pct = `${Math.floor(m.fraction * 100)}%`.padStart(4);
  const rate = m.bytesPerSecond > 0 ? `${formatBytes(Math.round(m.bytesPerSecond))}/s` : '-/s';
  const eta = m.etaMs === undefined ? 'ETA -' : `ETA ${formatDuration(m.etaMs)}`;
  return `${label} [${bar}] ${pct} ${formatBytes(m.doneBytes)}/${formatBytes(m.totalBytes)} ${rate} ${eta}`;
}

export interface TransferProgress {
  readonly meter: TransferMeter;
  /** Counts bytes that just moved. */
  add(bytes: number): void;
  succeed(text?: string): void;
  fail(text?: string): void;
}

/** A progress bar for a byte transfer, drawn on a spinner line (nothing when not animating). */
export function startTransfer(ctx: CliContext, opts: { label: string; totalBytes: number; doneBytes?: number; now?: () => number }): TransferProgress {
  const meter = new TransferMeter(opts.totalBytes, opts.doneBytes ?? 0, opts.now);
  const spinner = startSpinner(ctx, renderTransfer(opts.label, meter));
  return {
    meter,
    add(bytes) {
      meter.add(bytes);
      spinner.update(renderTransfer(opts.label, meter));
    },
    succeed: (t) => spinner.succeed(t ?? renderTransfer(opts.label, meter)),
    fail: (t) => spinner.fail(t),
  };
}
