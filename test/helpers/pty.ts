import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Runs bin/clipper on a pseudo-terminal made by util-linux's `script` (node-pty has no Linux
 * binaries in its package and would build from source; issue 13 allows `script`). `cols: 0`
 * leaves the terminal unsized, as `script` from a non-terminal does (issue 13, item 12).
 * `keys` are typed into the terminal once it shows a pattern (Ctrl-C is "\x03"); `signal` is sent
 * to the CLI's process instead. Resolves with the exit code and everything the terminal showed.
 */
export interface PtyRun {
  args: string[];
  env: NodeJS.ProcessEnv;
  cols?: number;
  /** Typed once the terminal has shown `when` (a key press in the middle of the work). */
  keys?: Array<{ when: RegExp; text: string }>;
  /** Sent once `when` holds (a pattern of the terminal, or a check of the daemon's state). */
  signal?: { when: RegExp | (() => boolean); name: NodeJS.Signals };
  /** Kill it all after this long (a hang is a failure, reported as code null). */
  limitMs?: number;
}

const bin = join(process.cwd(), 'bin', 'clipper');
const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function runInPty(o: PtyRun): Promise<{ code: number | null; output: string; bytes: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'clipper-pty-'));
  const log = join(dir, 'typescript');
  const size = o.cols === undefined ? 'stty cols 100 rows 30; ' : o.cols > 0 ? `stty cols ${o.cols} rows 30; ` : '';
  const child = spawn('script', ['-qfec', `${size}exec ${[bin, ...o.args].map(q).join(' ')}`, log], { env: o.env, stdio: ['pipe', 'pipe', 'ignore'] });
  let shown = '';
  const pending: Array<{ when: RegExp; act: () => unknown }> = (o.keys ?? []).map((k) => ({ when: k.when, act: () => child.stdin.write(k.text) }));
  // The CLI is script's only child (exec): signal it by its parent's id, as `kill` would.
  const sendSignal = () => void spawn('pkill', [`-${o.signal!.name.replace('SIG', '')}`, '-P', String(child.pid)]);
  let poll: NodeJS.Timeout | undefined;
  if (o.signal?.when instanceof RegExp) pending.push({ when: o.signal.when, act: sendSignal });
  else if (o.signal) {
    const check = o.signal.when;
    poll = setInterval(() => check() && (clearInterval(poll), sendSignal()), 50);
  }
  child.stdout.on('data', (chunk: Buffer) => {
    shown += chunk.toString('utf8');
    for (const p of [...pending]) if (p.when.test(shown)) (pending.splice(pending.indexOf(p), 1), p.act());
  });
  const limit = setTimeout(() => child.kill('SIGKILL'), o.limitMs ?? 60_000);
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      clearTimeout(limit);
      clearInterval(poll);
      const raw = readFileSync(log);
      rmSync(dir, { recursive: true, force: true });
      const text = raw.toString('utf8');
      resolve({ code, output: text.replace(/^Script started.*\n/, '').replace(/\nScript done.*\n?$/, '').replace(/\r/g, ''), bytes: raw.length });
    });
    child.stdin.on('error', () => undefined);
  });
}
