import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { mkdir, open, rename, stat, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** What identifies a file between runs: path, size, mtime and a hash of samples of its bytes. */
export interface FileFingerprint {
  path: string;
  size: number;
  mtime_ms: number;
  sample: string;
}

/** What a multipart upload in progress keeps on disk so a later run can resume it. */
export interface ResumeState {
  version: 1;
  base_url: string;
  upload_id: string;
  content_type: string;
  part_size: number;
  parts_total: number;
  file: FileFingerprint;
  /** Part number -> ETag of the parts already PUT. */
  etags: Record<string, string>;
  created_at: number;
}

const SAMPLES = 16;
const SAMPLE_BYTES = 64 * 1024;

/**
 * A cheap content check: SHA-256 over the size and 16 evenly spaced 64 KiB samples (first and
 * last included). Hashing a 10 GB file whole on every run would take minutes.
 */
export async function fingerprint(path: string): Promise<FileFingerprint> {
  const abs = resolve(path);
  const st = await stat(abs);
  const hash = createHash('sha256').update(String(st.size));
  const fh = await open(abs, 'r');
  try {
    const buf = Buffer.alloc(SAMPLE_BYTES);
    const last = Math.max(0, st.size - SAMPLE_BYTES);
    for (let i = 0; i < SAMPLES; i++) {
      const { bytesRead } = await fh.read(buf, 0, SAMPLE_BYTES, Math.floor((last * i) / (SAMPLES - 1)));
      hash.update(buf.subarray(0, bytesRead));
    }
  } finally {
    await fh.close();
  }
  return { path: abs, size: st.size, mtime_ms: Math.floor(st.mtimeMs), sample: hash.digest('hex') };
}

/** `CLIPPER_STATE_DIR`, else `$XDG_STATE_HOME/clipper`, else `~/.local/state/clipper`. */
export function stateDirFrom(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CLIPPER_STATE_DIR) return resolve(env.CLIPPER_STATE_DIR);
  return join(env.XDG_STATE_HOME || join(homedir(), '.local', 'state'), 'clipper');
}

/** Resume records under `<stateDir>/uploads/`, one per (server, file fingerprint). */
export class ResumeStore {
  private dir: string;
  private writing: Promise<void> = Promise.resolve();
  constructor(stateDir: string) {
    this.dir = join(stateDir, 'uploads');
  }

  private fileFor(baseUrl: string, fp: FileFingerprint): string {
    const id = createHash('sha256').update(JSON.stringify([baseUrl, fp.path, fp.size, fp.mtime_ms, fp.sample])).digest('hex').slice(0, 40);
    return join(this.dir, `${id}.json`);
  }

  /** The record for this file on this server, if the file is unchanged since it was written. */
  load(baseUrl: string, fp: FileFingerprint): ResumeState | undefined {
    try {
      const state = JSON.parse(readFileSync(this.fileFor(baseUrl, fp), 'utf8')) as ResumeState;
      const same = state.version === 1 && state.base_url === baseUrl && JSON.stringify(state.file) === JSON.stringify(fp);
      return same ? state : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Written through a temporary file and a rename, so an interrupted run never leaves half a
   * record; asynchronous (parts keep streaming meanwhile) and in call order, so the last wins.
   */
  save(state: ResumeState): Promise<void> {
    const file = this.fileFor(state.base_url, state.file);
    const text = JSON.stringify(state);
    const write = this.writing.then(async () => {
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(tmp, text, { mode: 0o600 });
      await rename(tmp, file);
    });
    this.writing = write.catch(() => {}); // one failed write does not stop the later ones
    return write;
  }

  /** Waits for the records being written. */
  flush(): Promise<void> {
    return this.writing;
  }

  async remove(baseUrl: string, fp: FileFingerprint): Promise<void> {
    await this.writing;
    rmSync(this.fileFor(baseUrl, fp), { force: true });
  }
}
