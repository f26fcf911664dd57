import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CliError } from '../../src/cli/exit-codes.js';
import { Arrivals } from '../../src/cli/watch/arrivals.js';
import { ignoreReason } from '../../src/cli/watch/file-rules.js';
import { StatusBudget } from '../../src/cli/watch/follow.js';
import { parseWatchOptions } from '../../src/cli/watch/options.js';
import { WatchState, type SentFile } from '../../src/cli/watch/state.js';

const tmp: string[] = [];
afterEach(() => tmp.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'clipper-watch-unit-'));
  tmp.push(d);
  return d;
};

describe('file rules', () => {
  it('sends videos; ignores hidden, temporary and partial files; --all adds other files', () => {
    expect(ignoreReason('talk.MP4', { all: false })).toBeUndefined();
    expect(ignoreReason('sub/dir/clip.mkv', { all: false })).toBeUndefined();
    expect(ignoreReason('.talk.mp4', { all: true })).toBe('dotfile');
    expect(ignoreReason('.cache/talk.mp4', { all: true })).toBe('dotfile');
    expect(ignoreReason('talk.mp4~', { all: true })).toBe('temporary');
    for (const n of ['a.mp4.part', 'a.crdownload', 'a.mp4.tmp', 'a.download', 'a.partial']) expect(ignoreReason(n, { all: true }), n).toBe('partial');
    expect(ignoreReason('notes.txt', { all: false })).toBe('not_video');
    expect(ignoreReason('notes.txt', { all: true })).toBeUndefined();
  });
});

describe('options', () => {
  it('has defaults that keep within the spec limits, and converts units', () => {
    const o = parseWatchOptions('in', {});
    expect(o).toMatchObject({ concurrency: 2, settleMs: 3000, rescanMs: 30_000, pollIntervalMs: 10_000, once: false, all: false, request: { render: false, publish: [] } });
    const p = parseWatchOptions('in', { duration: '1m', language: ' DE ', publish: ['short_video', 'short_video', 'long_video'], settle: '0.5', render: true, timeout: '2m' });
    expect(p.request).toEqual({ criteria: undefined, target_duration: 60, language: 'de', render: true, publish: ['short_video', 'long_video'] });
    expect(p.settleMs).toBe(500);
    expect(p.timeoutMs).toBe(120_000);
  });

  it('refuses bad values as usage errors', () => {
    for (const raw of [{ publish: ['fax'] }, { language: 'eng' }, { concurrency: '1.5' }, { settle: '-1' }, { rescan: 'x' }, { timeout: 'forever' }]) {
      expect(() => parseWatchOptions('in', raw), JSON.stringify(raw)).toThrow(CliError);
    }
  });
});

describe('watch state', () => {
  const entry = (sha: string): SentFile => ({ sha256: sha, file: `${sha}.mp4`, size_bytes: 1, stage: 'uploading', request: { render: false, publish: [] }, first_seen_at: 1, updated_at: 1 });

  it('survives a restart: entries and path hashes come back; writes leave no temporary files', async () => {
    const dir = tempDir();
    const s = WatchState.open(dir, '/videos', 'http://127.0.0.1:7788');
    const e = entry('aa');
    await s.update(e, { stage: 'uploaded', upload_id: 'upl_1' });
    await s.rememberPath('aa.mp4', { size: 1, mtime_ms: 5 }, 'aa');
    await Promise.all([s.update(entry('bb')), s.update(entry('cc')), s.update(entry('dd'))]);
    await s.close();
    expect(readdirSync(join(dir, 'watch'))).toEqual([s.file.split('/').pop()]);

    const again = WatchState.open(dir, '/videos', 'http://127.0.0.1:7788');
    expect(again.get('aa')).toMatchObject({ stage: 'uploaded', upload_id: 'upl_1' });
    expect(again.all()).toHaveLength(4);
    expect(again.knownHash('aa.mp4', { size: 1, mtime_ms: 5 })).toBe('aa');
    expect(again.knownHash('aa.mp4', { size: 1, mtime_ms: 6 })).toBeUndefined();
    await again.close();
    // Another folder, or the same folder against another server, has its own state.
    const other = WatchState.open(dir, '/videos', 'https://clips.example.com');
    expect(other.all()).toEqual([]);
    await other.close();
  });

  it('refuses a second watcher of the same folder, and takes over a lock whose process is gone', async () => {
    const dir = tempDir();
    const s = WatchState.open(dir, '/videos', 'http://x');
    expect(() => WatchState.open(dir, '/videos', 'http://x')).toThrow(/another clipper watch/);
    await s.close();
    writeFileSync(`${s.file}.lock`, '999999999'); // a pid no process has
    const t = WatchState.open(dir, '/videos', 'http://x');
    expect(readFileSync(`${s.file}.lock`, 'utf8')).toBe(String(process.pid));
    await t.close();
  });

  it('says what to do when the state file is unreadable', () => {
    const dir = tempDir();
    const s = WatchState.open(dir, '/videos', 'http://x');
    writeFileSync(s.file, '{not json');
    return s.close().then(() => {
      writeFileSync(s.file, '{not json');
      expect(() => WatchState.open(dir, '/videos', 'http://x')).toThrow(/cannot read the watch state/);
    });
  });
});

describe('status-check budget', () => {
  it('lets at most N checks through in any 60 s, across every id', async () => {
    let now = 0;
    const slept: number[] = [];
    const budget = new StatusBudget(3, async (ms) => {
      slept.push(ms);
      now += ms;
    }, () => now);
    for (let i = 0; i < 3; i++) await budget.take();
    expect(slept).toEqual([]);
    now = 10_000;
    await budget.take();
    expect(slept).toEqual([50_001]);
    expect(now).toBe(60_001);
  });
});

describe('arrivals', () => {
  it('finds files by rescanning alone (events missed), once their size and mtime hold still', async () => {
    const dir = tempDir();
    const arrived: Array<[string, number]> = [];
    const arrivals = new Arrivals({ dir, settleMs: 100, rescanMs: 100, events: false, all: false, onArrived: (rel, sig) => arrived.push([rel, sig.size]), onIgnored: () => {}, onError: (e) => { throw e; } });
    await arrivals.start();
    writeFileSync(join(dir, 'late.mp4'), 'x'.repeat(10));
    writeFileSync(join(dir, 'empty.mp4'), '');
    for (let i = 0; i < 500 && arrived.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(arrived).toEqual([['late.mp4', 10]]);
    // (Waits are up to 10 s: a loaded machine may run the 100 ms rescan late.)
    // A periodic rescan may be walking at this instant (it counts as pending); it must end with
    // nothing nominated, since neither file changed.
    for (let i = 0; i < 500 && arrivals.pending > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(arrivals.pending).toBe(0);
    // New content under the name arrives again; unchanged files do not.
    writeFileSync(join(dir, 'late.mp4'), 'y'.repeat(20));
    for (let i = 0; i < 500 && arrived.length === 1; i++) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 300));
    await arrivals.stop();
    expect(arrived).toEqual([['late.mp4', 10], ['late.mp4', 20]]);
  });
});
