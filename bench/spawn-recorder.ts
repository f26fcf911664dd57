import childProcess, { type ChildProcess } from 'node:child_process';
import { copyFileSync, linkSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { basename, join } from 'node:path';

/** One child process the pipeline started, with its arguments rewritten for a bare replay. */
export interface RecordedCommand {
  kind: 'probe' | 'audio' | 'analyse' | 'transcribe' | 'preview' | 'other';
  command: string;
  args: string[];
  startedAt: number;
  endedAt?: number;
  /** Wall time of the bare replay of this command. */
  replayMs?: number;
}

function kindOf(command: string, args: string[]): RecordedCommand['kind'] {
  const name = basename(command);
  const all = args.join(' ');
  if (name.startsWith('ffprobe')) return 'probe';
  if (name.startsWith('pocketsphinx')) return 'transcribe';
  if (!name.startsWith('ffmpeg')) return 'other';
  if (all.includes('pcm_s16le')) return 'audio';
  if (all.includes('silencedetect')) return 'analyse';
  if (all.includes('libx264')) return 'preview';
  return 'other';
}

/**
 * Records every process the pipeline spawns, through node:child_process itself (the pipeline's
 * own modules are untouched): the bench replays exactly these commands as bare commands. Inputs
 * that the job deletes afterwards (chunk WAVs) are kept by a hard link made at spawn time (a
 * metadata write, so recording adds next to nothing to the timed run; a copy only when the link
 * cannot be made), and outputs are pointed into `dir`, so the replay reads and writes the same
 * kinds of files.
 */
export function recordSpawns(dir: string): { commands: RecordedCommand[]; stop(): void } {
  const original = childProcess.spawn;
  const commands: RecordedCommand[] = [];
  let n = 0;
  const patched = function (this: unknown, command: string, args: readonly string[] = [], options?: object): ChildProcess {
    const kind = kindOf(command, [...args]);
    const replayArgs = [...args];
    if (kind === 'transcribe') {
      const i = replayArgs.indexOf('-infile');
      const kept = join(dir, `in-${n++}.wav`);
      try {
        linkSync(replayArgs[i + 1], kept);
      } catch {
        copyFileSync(replayArgs[i + 1], kept); // another file system
      }
      replayArgs[i + 1] = kept;
    } else if (kind === 'audio' || kind === 'preview') {
      replayArgs[replayArgs.length - 1] = join(dir, `out-${n++}.${kind === 'audio' ? 'wav' : 'mp4'}`);
    }
    const record: RecordedCommand = { kind, command, args: replayArgs, startedAt: Date.now() };
    commands.push(record);
    const child = (original as (...a: unknown[]) => ChildProcess)(command, args, options);
    child.once('exit', () => (record.endedAt = Date.now()));
    return child;
  } as typeof childProcess.spawn;
  childProcess.spawn = patched;
  syncBuiltinESMExports();
  return {
    commands,
    stop() {
      childProcess.spawn = original;
      syncBuiltinESMExports();
    },
  };
}

/**
 * Runs commands as bare processes, `parallel` at a time, each started as soon as a slot is free,
 * in the given order; resolves with the wall time in ms.
 */
export async function replay(commands: RecordedCommand[], parallel: number): Promise<number> {
  const started = Date.now();
  const queue = [...commands];
  const worker = async () => {
    for (let c = queue.shift(); c; c = queue.shift()) await runBare(c);
  };
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));
  return Date.now() - started;
}

function runBare(c: RecordedCommand): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = childProcess.spawn(c.command, c.args, { stdio: ['ignore', 'ignore', 'ignore'] });
    child.on('error', reject);
    child.on('exit', (code) => {
      c.replayMs = Date.now() - started;
      if (code === 0) resolve();
      else reject(new Error(`${basename(c.command)} exited with ${code}`));
    });
  });
}
