import { createHash, randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CliError, EXIT } from '../exit-codes.js';
import type { FileSignature } from './arrivals.js';

/**
 * Where one file's content has got to. The stages run in this order; `complete` and `failed`
 * are final: content that reached them is never sent again (issue 7: "each file is hashed and
 * sent once, ever").
 */
export type Stage = 'uploading' | 'uploaded' | 'job_created' | 'job_done' | 'complete' | 'failed';

/** What the run that first saw this content asked for; a later run finishes it the same way. */
export interface FileRequest {
  criteria?: string;
  target_duration?: number;
  language?: string;
  render: boolean;
  publish: string[];
}

/** One distinct content (by SHA-256), however many names it had in the folder. */
export interface SentFile {
  sha256: string;
  /** The path (relative to the folder) it was first seen under, and its size. */
  file: string;
  size_bytes: number;
  stage: Stage;
  request: FileRequest;
  upload_id?: string;
  job_id?: string;
  clip_ids?: string[];
  /** Clips whose full render has ended (done or failed), and posts published. */
  rendered?: string[];
  published?: string[];
  error?: string;
  first_seen_at: number;
  updated_at: number;
}

interface StateFile {
  version: 1;
  dir: string;
  base_url: string;
  files: Record<string, SentFile>;
  /** Path -> signature and hash when last hashed, so a restart does not hash every file again. */
  paths: Record<string, FileSignature & { sha256: string }>;
}

/**
 * The watcher's memory of one folder on one server: `<stateDir>/watch/<hash>.json`, rewritten
 * whole through a temporary file and a rename at every change (a crash leaves the old or the
 * new version, never half of one), next to a lock file so two watchers of the same folder do
 * not send the same file twice.
 */
export class WatchState {
  private data: StateFile;
  private writing: Promise<void> = Promise.resolve();
  private dirty = false;

  private constructor(readonly file: string, private lockFile: string, dir: string, baseUrl: string) {
    this.data = { version: 1, dir, base_url: baseUrl, files: {}, paths: {} };
    try {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as StateFile;
      if (saved.version === 1) this.data = { ...saved, dir, base_url: baseUrl };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new CliError(EXIT.ERROR, `cannot read the watch state ${file}: ${(e as Error).message}`, 'Move the file away to start afresh (files already sent would then be sent again).');
    }
  }

  /**
   * The server this state is about (issue 13, item 17): what reached one server was not sent to
   * another, so each (folder, server) pair has its own state file and lock.
   */
  get server(): string {
    return this.data.base_url;
  }

  /** Opens (and locks) the state of `dir` as watched against `baseUrl`. */
  static open(stateDir: string, dir: string, baseUrl: string): WatchState {
    const folder = join(stateDir, 'watch');
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const id = createHash('sha256').update(JSON.stringify([dir, baseUrl])).digest('hex').slice(0, 32);
    const file = join(folder, `${id}.json`);
    const lockFile = `${file}.lock`;
    takeLock(lockFile, dir);
    return new WatchState(file, lockFile, dir, baseUrl);
  }

  get(sha256: string): SentFile | undefined {
    return this.data.files[sha256];
  }

  all(): SentFile[] {
    return Object.values(this.data.files);
  }

  /** The hash recorded for a path, if the file still has the signature it had then. */
  knownHash(relPath: string, sig: FileSignature): string | undefined {
    const p = this.data.paths[relPath];
    return p && p.size === sig.size && p.mtime_ms === sig.mtime_ms ? p.sha256 : undefined;
  }

  rememberPath(relPath: string, sig: FileSignature, sha256: string): Promise<void> {
    this.data.paths[relPath] = { size: sig.size, mtime_ms: sig.mtime_ms, sha256 };
    return this.save();
  }

  /** Records a change to one file's entry and writes the state. */
  update(entry: SentFile, change: Partial<SentFile> = {}): Promise<void> {
    Object.assign(entry, change, { updated_at: Date.now() });
    this.data.files[entry.sha256] = entry;
    return this.save();
  }

  /** Writes are chained and coalesced: the last call's state is what ends up on disk. */
  save(): Promise<void> {
    this.dirty = true;
    // A failed write (disk full) fails its callers; the next change tries again.
    this.writing = this.writing.catch(() => undefined).then(async () => {
      if (!this.dirty) return;
      this.dirty = false;
      const tmp = `${this.file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(tmp, JSON.stringify(this.data), { mode: 0o600 });
      await rename(tmp, this.file);
    });
    return this.writing;
  }

  /** Saves and releases the lock. */
  async close(): Promise<void> {
    await this.save().finally(() => {
      rmSync(this.lockFile, { force: true });
      held.delete(this.lockFile);
    });
  }
}

/** Locks this process holds (a pid alone cannot tell two watchers in one process apart). */
const held = new Set<string>();

/** A lock file holding the owner's pid; one left by a process that is gone is taken over. */
function takeLock(lockFile: string, dir: string): void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      held.add(lockFile);
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(readFileSync(lockFile, 'utf8').trim());
      if (pid > 0 && (pid === process.pid ? held.has(lockFile) : alive(pid))) {
        throw new CliError(EXIT.CONFLICT, `another clipper watch (pid ${pid}) is watching ${dir}`, 'Stop it first; two watchers of one folder would send the same files.', 'CONFLICT');
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new CliError(EXIT.CONFLICT, `could not lock the watch state of ${dir}`, undefined, 'CONFLICT');
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
