import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installModel } from '../../daemon/pipeline/transcribe/model-install.js';
import { builtCli } from '../helpers/built-cli.js';
import { makeEmbeddingModel } from '../pipeline/test-embed-model.js';

// With `log.format: json`, every line of DATA_DIR/daemon.log of a daemon run by `daemon start`
// is one JSON record: its first and last lines, Node's warnings, and what its child processes and
// threads print (wrapped with the child's name). A job with a request and a sentence encoder
// installed starts them (the encoder, the face detector, the upload's hash threads); each child's
// Node prints a line at start (a preload given through NODE_OPTIONS, which the daemon hands on to
// its children).

const root = mkdtempSync(join(tmpdir(), 'clipper-json-log-'));
const dataDir = join(root, 'data');
const CHILD_LINE = 'a line a child prints {"not": json}';
const preload = join(root, 'child-says.cjs');
const DAEMON_WARNING = 'a warning of the daemon at its stop';
// Only a process or thread with no script (`node -e SOURCE`, an eval thread) prints: the daemon and
// the CLI have one. The daemon itself has Node warn once as it is stopped.
writeFileSync(preload, [
  `if (!process.argv[1]) process.stderr.write(${JSON.stringify(CHILD_LINE + '\nand a second line\n')});`,
  `else if (process.argv.includes('run')) process.on('SIGTERM', () => process.emitWarning(${JSON.stringify(DAEMON_WARNING)}));`,
].join('\n'));
const video = join(root, 'talk.mp4');
const clipper = builtCli({ PATH: process.env.PATH, HOME: root, CLIPPER_STATE_DIR: join(root, 'state'), CLIPPER_CONFIG_DIR: join(root, 'cfg'), CLIPPER_DATA_DIR: dataDir, NO_COLOR: '1' });

beforeAll(async () => {
  await installModel(makeEmbeddingModel(root), dataDir);
  writeFileSync(join(dataDir, 'config.json'), JSON.stringify({ log: { format: 'json' } }));
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', join(process.cwd(), 'fixtures', 'sample.mp4'), '-t', '40', '-c', 'copy', video]);
}, 120_000);
afterAll(async () => {
  await clipper(['daemon', 'stop', '--data-dir', dataDir]);
  rmSync(root, { recursive: true, force: true });
});

describe('log.format json', () => {
  it('makes every line of the log one JSON record, child output wrapped with the child name', async () => {
    const started = await clipper(['daemon', 'start', '--data-dir', dataDir, '--port', '0', '--json'], { NODE_OPTIONS: `--require ${preload}` });
    expect(started.code, started.stderr).toBe(0);
    const job = await clipper(['clips', 'create', video, '--criteria', 'the office dog', '--wait', '--json']);
    expect(job.code, job.stderr).toBe(0);
    expect(JSON.parse(job.stdout)).toMatchObject({ status: 'done', ranking: { embedding: 'test-embed' } });
    expect((await clipper(['daemon', 'stop', '--data-dir', dataDir])).code).toBe(0);

    const lines = readFileSync(join(dataDir, 'daemon.log'), 'utf8').split('\n').filter(Boolean);
    const records = lines.map((line) => {
      expect(() => JSON.parse(line), line).not.toThrow();
      return JSON.parse(line) as Record<string, unknown>;
    });
    for (const r of records) expect(r).toMatchObject({ level: expect.any(String), time: expect.any(String), role: 'all', msg: expect.any(String) });
    expect(records.find((r) => String(r.msg).startsWith('clipper daemon listening on http://'))).toMatchObject({ level: 'info', data_dir: dataDir });
    expect(records.at(-1)).toMatchObject({ level: 'info', msg: 'clipper daemon stopping' });
    // The children's lines, each a record naming its child; the encoder's and the hash threads' at least.
    const fromChildren = records.filter((r) => r.msg === CHILD_LINE);
    for (const r of fromChildren) expect(r.child).toEqual(expect.any(String));
    expect(new Set(fromChildren.map((r) => r.child)).size, JSON.stringify(fromChildren)).toBeGreaterThanOrEqual(2);
    expect(records.filter((r) => r.msg === 'and a second line')).toHaveLength(fromChildren.length);
    expect(records.find((r) => r.msg === DAEMON_WARNING)).toMatchObject({ level: 'warn', warning: 'Warning' });
  }, 900_000);

  it('writes why the daemon could not start as a record too', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const other = join(root, 'other');
    mkdirSync(other);
    writeFileSync(join(other, 'config.json'), JSON.stringify({ log: { format: 'json' } }));
    const r = await clipper(['daemon', 'start', '--data-dir', other, '--port', String((taken.address() as AddressInfo).port)]);
    await new Promise((resolve) => taken.close(resolve));
    expect(r.code).toBe(1);
    const lines = readFileSync(join(other, 'daemon.log'), 'utf8').split('\n').filter(Boolean);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ level: 'error', msg: expect.stringMatching(/^clipper daemon could not start: .*EADDRINUSE/) });
  }, 120_000);
});
