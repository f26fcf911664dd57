import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { readInfo } from '../../../src/cli/daemon/pid-file.js';

/**
 * A real daemon in a child process (`clipper daemon run` from the sources, through tsx), so a
 * test can kill it with SIGKILL mid-job and start another on the same data dir.
 */
export class ChildDaemon {
  child?: ChildProcess;
  url = '';
  stderr = '';

  constructor(readonly dataDir: string) {}

  async start(): Promise<this> {
    rmSync(join(this.dataDir, 'daemon.json'), { force: true });
    const entry = `import { main } from ${JSON.stringify(join(process.cwd(), 'src/cli/main.ts'))}; process.exitCode = await main(process.argv);`;
    this.stderr = '';
    this.child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', entry, 'clipper', 'daemon', 'run', '--data-dir', this.dataDir, '--port', '0'], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    this.child.stderr!.on('data', (d) => (this.stderr = (this.stderr + d).slice(-20_000)));
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const info = readInfo(this.dataDir);
      if (info && info.pid === this.child.pid) {
        this.url = info.url;
        return this;
      }
      if (this.child.exitCode !== null) throw new Error(`daemon exited with ${this.child.exitCode}: ${this.stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`daemon did not start: ${this.stderr}`);
  }

  /** kill -9: no shutdown code runs, leases stay taken, files stay half-written. */
  async kill(): Promise<void> {
    const child = this.child!;
    if (child.exitCode !== null || child.signalCode) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await gone;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await gone;
  }

  get infoExists(): boolean {
    return existsSync(join(this.dataDir, 'daemon.json'));
  }
}
