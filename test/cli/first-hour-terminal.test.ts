// Issue 13, items 6, 12 and 13, on a real pseudo-terminal (util-linux `script`, test/helpers/pty.ts)
// with the built CLI (bin/clipper) against a real daemon on loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliHarness, type CliHarness } from '../helpers/cli-io.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { runInPty } from '../helpers/pty.js';

let d: TestDaemon;
let h: CliHarness;
let dir: string;
let big: string;
const env = () => ({ ...h.env, CLIPPER_BASE_URL: d.url, CLIPPER_DATA_DIR: d.dataDir, TERM: 'xterm' });

beforeAll(async () => {
  d = await startTestDaemon({ settings: { uploads: { min_part_size: 1024 * 1024 } } });
  h = cliHarness();
  dir = mkdtempSync(join(tmpdir(), 'clipper-pty-files-'));
  // 160 MiB of a repeating pattern (not zeros, so nothing on the way can shortcut it): 100 parts.
  big = join(dir, 'talk.mp4');
  const fd = openSync(big, 'w');
  const block = Buffer.alloc(1024 * 1024, 'clipper ');
  for (let i = 0; i < 160; i++) writeSync(fd, block);
  closeSync(fd);
}, 120_000);
afterAll(async () => {
  await d?.stop();
  h?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

describe('tables on a terminal (item 6)', () => {
  it('fit an 80-column terminal, cutting long cells with an ellipsis', async () => {
    const r = await runInPty({ args: ['doctor'], env: env(), cols: 80 });
    const lines = r.output.split('\n').filter((l) => l.includes('│'));
    expect(lines.length).toBeGreaterThan(4);
    for (const l of lines) expect([...l.replace(/\x1b\[[0-9;]*m/g, '')].length).toBeLessThanOrEqual(80);
    expect(r.output).toContain('…');
  });
});

describe('progress on an unsized terminal (item 12)', () => {
  it('draws no bar at 0 columns, finishes, and writes a few lines only', async () => {
    const r = await runInPty({ args: ['uploads', 'create', big, '--concurrency', '2'], env: env(), cols: 0, limitMs: 120_000 });
    expect(r.code).toBe(0);
    expect(r.output).toMatch(/^upl_\w+$/m);
    expect(r.output).not.toContain('\x1b[1A');
    expect(r.bytes).toBeLessThan(2000);
  }, 150_000);

  it('ends on SIGTERM at 0 columns, saying what was kept', async () => {
    const copy = join(dir, 'term.mp4');
    rmSync(copy, { force: true });
    await import('node:fs/promises').then((fs) => fs.copyFile(big, copy));
    // Nothing is drawn at 0 columns, so the signal goes once the daemon has the upload.
    const before = d.app.db.prepare('SELECT COUNT(*) FROM uploads').pluck().get() as number;
    const r = await runInPty({
      args: ['uploads', 'create', copy, '--concurrency', '1'], env: env(), cols: 0, limitMs: 120_000,
      signal: { when: () => (d.app.db.prepare('SELECT COUNT(*) FROM uploads').pluck().get() as number) > before, name: 'SIGTERM' },
    });
    expect(r.code).toBe(1); // ended by itself through the command's own stop, well before the limit
    expect(r.output).toMatch(/INTERRUPTED: upload upl_\w+ interrupted: the server keeps \d+ of 80 parts/);
    expect(r.output).not.toContain('\x1b[1A');
  }, 150_000);
});

describe('Ctrl-C during uploads create (item 13)', () => {
  it('says what the server kept and the command that resumes; the resume claims no expired URLs', async () => {
    const first = await runInPty({ args: ['uploads', 'create', big, '--concurrency', '1'], env: env(), keys: [{ when: /\d+% /, text: '\x03' }], limitMs: 120_000 });
    expect(first.code).toBe(1);
    expect(first.output).toMatch(/INTERRUPTED: upload upl_\w+ interrupted: the server keeps \d+ of 80 parts \([\d.]+ (MiB|B|KiB) of 160\.0 MiB\); nothing else was lost/);
    expect(first.output).toContain(`hint: Resume it (only the missing parts are sent, while the file is unchanged): clipper uploads create ${big}`);

    const again = await runInPty({ args: ['uploads', 'create', big], env: env(), limitMs: 120_000 });
    expect(again.code).toBe(0);
    expect(again.output).toMatch(/resuming upload upl_\w+: \d+ of 80 parts already sent/);
    expect(again.output).toMatch(/signed URLs for the \d+ part\(s\) still to send/);
    expect(again.output).not.toMatch(/expired/);
  }, 300_000);
});

describe('destructive verbs on a terminal (item 16)', () => {
  it('keys revoke asks first: no leaves the key, yes revokes it', async () => {
    const { record } = await d.app.store.apiKeys.create(d.rootTeamId, 'doomed', d.clock.now());
    const no = await runInPty({ args: ['keys', 'revoke', record.id], env: env(), keys: [{ when: /Revoke API key/, text: 'n\r' }] });
    expect(no.code).toBe(1);
    expect(no.output).toContain('stopped: nothing was changed');
    expect((await d.app.store.apiKeys.list(d.rootTeamId)).map((k) => k.id)).toContain(record.id); // only live keys are listed
    const yes = await runInPty({ args: ['keys', 'revoke', record.id], env: env(), keys: [{ when: /Revoke API key/, text: 'y\r' }] });
    expect(yes.code).toBe(0);
    expect(yes.output).toContain(`API key ${record.id} revoked`);
    expect((await d.app.store.apiKeys.list(d.rootTeamId)).map((k) => k.id)).not.toContain(record.id);
  }, 60_000);
});
