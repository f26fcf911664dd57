import type { UploadProgress } from '../../client/upload-events.js';

export function formatBytes(n: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let i = 0;
  while (n >= 1000 && i < units.length - 1) {
    n /= 1000;
    i++;
  }
  return `${n >= 100 || i === 0 ? Math.round(n) : n.toFixed(1)} ${units[i]}`;
}

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '--:--';
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(h ? 2 : 1, '0');
  return `${h ? `${h}:` : ''}${mm}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * An upload progress bar with speed and ETA, redrawn in place on a terminal's stderr at most
 * ten times a second. The caller creates it only for a TTY (never in --json mode or a pipe).
 * Speed is measured over the last five seconds of this run, so bytes an earlier interrupted
 * run already sent do not inflate it.
 */
export class ProgressBar {
  private samples: Array<{ t: number; bytes: number }> = [];
  private lastDraw = 0;
  private drawn = false;

  constructor(
    private stream: NodeJS.WritableStream & { columns?: number },
    private label: string,
    private now: () => number = Date.now,
  ) {}

  update = (p: UploadProgress): void => {
    const t = this.now();
    this.samples.push({ t, bytes: p.sentBytes });
    while (this.samples.length > 2 && t - this.samples[0].t > 5000) this.samples.shift();
    if (t - this.lastDraw < 100 && p.sentBytes < p.totalBytes) return;
    this.lastDraw = t;
    this.stream.write(`\r${this.render(p)}\x1b[K`);
    this.drawn = true;
  };

  render(p: UploadProgress): string {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    const seconds = first && last ? (last.t - first.t) / 1000 : 0;
    const speed = seconds > 0.2 ? (last.bytes - first.bytes) / seconds : NaN;
    const eta = speed > 0 ? (p.totalBytes - p.sentBytes) / speed : NaN;
    const ratio = p.totalBytes ? Math.min(1, p.sentBytes / p.totalBytes) : 1;
    const width = Math.max(10, Math.min(30, (this.stream.columns ?? 80) - 70));
    const filled = Math.round(ratio * width);
    const parts = p.partsTotal > 1 ? `  parts ${p.partsDone}/${p.partsTotal}` : '';
    const rate = Number.isFinite(speed) ? `${formatBytes(speed)}/s` : '-- /s';
    return `${this.label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.floor(ratio * 100)).padStart(3)}%  ${formatBytes(p.sentBytes)} / ${formatBytes(p.totalBytes)}  ${rate}  ETA ${formatDuration(eta)}${parts}`;
  }

  /** Ends the bar's line so later messages start on a fresh one. */
  done(): void {
    if (this.drawn) this.stream.write('\n');
    this.drawn = false;
  }
}
