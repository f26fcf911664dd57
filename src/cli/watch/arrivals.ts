import type { Stats } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { FSWatcher } from 'chokidar';
import { ignoreReason, type IgnoreReason } from './file-rules.js';

export interface FileSignature {
  size: number;
  mtime_ms: number;
}

export interface ArrivalOptions {
  dir: string;
  /** A file has arrived once its size and mtime stayed the same this long. */
  settleMs: number;
  /** Full rescans this often, for files whose events were missed (network shares, overflow). */
  rescanMs: number;
  /** Also listen to file-system events (chokidar); off in --once, which rescans only. */
  events: boolean;
  all: boolean;
  onArrived: (relPath: string, sig: FileSignature) => void;
  onIgnored: (relPath: string, reason: IgnoreReason) => void;
  onError: (error: Error) => void;
}

interface Candidate extends FileSignature {
  timer: NodeJS.Timeout;
}

const sameSig = (a: FileSignature, b: FileSignature) => a.size === b.size && a.mtime_ms === b.mtime_ms;
const sigOf = (st: Stats): FileSignature => ({ size: st.size, mtime_ms: Math.floor(st.mtimeMs) });

/**
 * Tells when files have finished arriving in a folder (issue 7: "a file counts as arrived when
 * its size and mtime have been stable for a few seconds"). Events and rescans only nominate a
 * file; it is reported once it looked the same at two looks `settleMs` apart. A file is
 * reported again only when its size or mtime changed since (the same name with new content).
 */
export class Arrivals {
  private candidates = new Map<string, Candidate>();
  private reported = new Map<string, FileSignature>();
  private ignored = new Set<string>();
  private watcher?: FSWatcher;
  private rescanTimer?: NodeJS.Timeout;
  private stopped = false;
  private scanning = 0;

  constructor(private o: ArrivalOptions) {}

  /** Scans the folder once (every file present is nominated), then keeps watching. */
  async start(): Promise<void> {
    if (this.o.events) {
      const { watch } = await import('chokidar');
      this.watcher = watch(this.o.dir, { ignoreInitial: true, persistent: true, ignored: (p: string) => this.isDotPath(p) });
      const nominate = (p: string) => void this.nominate(p);
      this.watcher.on('add', nominate).on('change', nominate).on('unlink', (p: string) => this.forget(this.rel(p)));
      this.watcher.on('error', (e: unknown) => this.o.onError(e as Error));
    }
    await this.rescan();
    this.rescanTimer = setInterval(() => void this.rescan(), this.o.rescanMs);
  }

  /** Files nominated but not yet stable, plus a rescan in progress: zero means nothing is on its way. */
  get pending(): number {
    return this.candidates.size + this.scanning;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.rescanTimer);
    for (const c of this.candidates.values()) clearTimeout(c.timer);
    this.candidates.clear();
    await this.watcher?.close();
  }

  /** Walks the whole folder (dot folders skipped) and nominates every file. */
  async rescan(): Promise<void> {
    if (this.stopped) return;
    this.scanning++;
    try {
      for await (const file of this.walk(this.o.dir)) await this.nominate(file);
    } catch (e) {
      // A walk still under way when the watcher stopped may find the folder gone (removed after
      // stop): that is the end of watching, not an error to report.
      if (!this.stopped) this.o.onError(e as Error);
    } finally {
      this.scanning--;
    }
  }

  private async *walk(dir: string): AsyncGenerator<string> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (e) {
      // A sub-folder removed while walking is not an error; the watched folder gone is.
      if (dir !== this.o.dir && (e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && !entry.name.startsWith('.')) yield* this.walk(path);
      else if (entry.isFile() || entry.isSymbolicLink()) yield path;
    }
  }

  private rel(abs: string): string {
    return relative(this.o.dir, abs);
  }

  private isDotPath(abs: string): boolean {
    const rel = this.rel(abs);
    return rel !== '' && ignoreReason(rel, { all: true }) === 'dotfile';
  }

  private async nominate(abs: string): Promise<void> {
    if (this.stopped) return;
    const rel = this.rel(abs);
    const reason = ignoreReason(rel, { all: this.o.all });
    if (reason) {
      if (!this.ignored.has(rel)) this.o.onIgnored(rel, reason);
      this.ignored.add(rel);
      return;
    }
    const sig = await this.look(abs);
    if (!sig || this.stopped) return this.forget(rel);
    const last = this.reported.get(rel);
    if (last && sameSig(last, sig)) return;
    const current = this.candidates.get(rel);
    if (current && sameSig(current, sig)) return; // Its settle timer is already running.
    if (current) clearTimeout(current.timer);
    this.candidates.set(rel, { ...sig, timer: setTimeout(() => void this.settle(abs, rel), this.o.settleMs) });
  }

  /** Second look after `settleMs`: unchanged means arrived; changed starts the wait again. */
  private async settle(abs: string, rel: string): Promise<void> {
    const before = this.candidates.get(rel);
    if (!before || this.stopped) return;
    const sig = await this.look(abs);
    if (this.stopped || this.candidates.get(rel) !== before) return;
    if (!sig) return this.forget(rel);
    if (!sameSig(before, sig)) {
      this.candidates.set(rel, { ...sig, timer: setTimeout(() => void this.settle(abs, rel), this.o.settleMs) });
      return;
    }
    this.candidates.delete(rel);
    this.reported.set(rel, sig);
    this.o.onArrived(rel, sig);
  }

  private async look(abs: string): Promise<FileSignature | undefined> {
    try {
      const st = await stat(abs);
      return st.isFile() && st.size > 0 ? sigOf(st) : undefined;
    } catch {
      return undefined; // Gone (renamed away, deleted) since it was nominated.
    }
  }

  private forget(rel: string): void {
    const c = this.candidates.get(rel);
    if (c) clearTimeout(c.timer);
    this.candidates.delete(rel);
    this.reported.delete(rel);
  }
}
