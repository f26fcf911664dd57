import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A small tmpfs (root and mount(8) on Linux), for tests of a disk that fills up: `fill` writes
 * filler files until at most `leaveBytes` are free, `freeSpace` removes them, `unmount` ends it.
 * `mounted` is false where it cannot be mounted (the tests are skipped then).
 */
export class Tmpfs {
  readonly base: string;
  readonly mounted: boolean;
  private fillers: string[] = [];

  constructor(size: string, name: string) {
    this.base = mkdtempSync(join(tmpdir(), `clipper-${name}-`));
    this.mounted = process.platform === 'linux' && spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', this.base]).status === 0;
    if (!this.mounted) console.warn(`${name} tests skipped: cannot mount a tmpfs on ${this.base} (needs root and mount(8))`);
  }

  /** Bytes free on the tmpfs (df). */
  free(): number {
    return Number(spawnSync('df', ['--output=avail', '-B1', this.base], { encoding: 'utf8' }).stdout.trim().split('\n')[1]);
  }

  /** Fills the tmpfs until at most `leaveBytes` are free. */
  fill(leaveBytes: number): void {
    const file = join(this.base, `filler-${this.fillers.length}`);
    this.fillers.push(file);
    const fd = openSync(file, 'w');
    const chunk = Buffer.alloc(64 * 1024, 1);
    try {
      for (;;) {
        const free = this.free();
        if (free <= leaveBytes) break;
        writeSync(fd, chunk, 0, Math.min(chunk.length, free - leaveBytes));
      }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
    } finally {
      closeSync(fd);
    }
  }

  freeSpace(): void {
    this.fillers.splice(0).forEach((f) => rmSync(f, { force: true }));
  }

  unmount(): void {
    if (this.mounted) spawnSync('umount', [this.base]);
    rmSync(this.base, { recursive: true, force: true });
  }
}
