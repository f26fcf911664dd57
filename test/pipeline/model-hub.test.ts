import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assessEngines } from '../../daemon/pipeline/transcribe/engines.js';
import { modelsDir } from '../../daemon/pipeline/transcribe/models.js';
import { run as addModel } from '../../src/cli/models/add.js';
import { run as listModels } from '../../src/cli/models/list.js';
import { run as removeModel } from '../../src/cli/models/remove.js';
import { CliError } from '../../src/cli/exit-codes.js';
import { cliHarness, testContext } from '../helpers/cli-io.js';
import { tempDir } from './helpers.js';
import { makeTestModel } from './test-model.js';

// `clipper models add NAME` against a model hub on loopback (issue 14, item 5): the test
// model's files behind the hub's /<repo>/resolve/<revision>/<file> links, with Range support,
// a connection that drops half-way, a 404, a wrong checksum and a full disk.
const dir = tempDir('clipper-hub-');
const model = makeTestModel(dir, 'hubby.en');
const files = ['hubby.en-encoder.onnx', 'hubby.en-decoder.onnx', 'hubby.en-tokens.txt'];
const bytes = Object.fromEntries(files.map((f) => [f, readFileSync(join(model, f))]));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
let server: Server;
let hub: string;
let requests: { url: string; range?: string }[] = [];
/** File names whose next response is cut after half the bytes. */
const drop = new Set<string>();

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    requests.push({ url: req.url!, range: req.headers.range });
    const m = /^\/test\/hubby\/resolve\/(\w+)\/(.+)$/.exec(req.url!);
    const body = m ? bytes[m[2]] : undefined;
    if (!body) return res.writeHead(404, { 'content-type': 'text/plain' }).end('Entry not found');
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const from = range ? Number(range[1]) : 0;
    const part = body.subarray(from);
    res.writeHead(range ? 206 : 200, {
      'content-type': 'application/octet-stream',
      'content-length': String(part.length),
      ...(range ? { 'content-range': `bytes ${from}-${body.length - 1}/${body.length}` } : {}),
    });
    if (drop.delete(m![2])) {
      res.write(part.subarray(0, part.length >> 1));
      return setTimeout(() => res.destroy(), 20);
    }
    res.end(part);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  hub = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  requests = [];
  drop.clear();
});

/** A catalogue with the test model's real checksums (`wrong`: one of them altered). */
function catalogue(name: string, opts: { wrong?: boolean; missing?: boolean } = {}): string {
  const path = join(dir, `${name}.json`);
  const entry = {
    name,
    languages: 'en',
    speed: '~10x',
    licence: 'MIT',
    repo: 'test/hubby',
    revision: 'r1',
    files: files.map((file, i) => ({
      role: ['encoder', 'decoder', 'tokens'][i],
      file: opts.missing && i === 1 ? 'gone-decoder.onnx' : file,
      size_bytes: bytes[file].length,
      sha256: opts.wrong && i === 1 ? sha(Buffer.from('something else')) : sha(bytes[file]),
      verified: true,
    })),
  };
  writeFileSync(path, JSON.stringify([entry]));
  return path;
}

function cli(dataDir: string, catalogueFile: string, tty = false) {
  const h = cliHarness({ CLIPPER_DATA_DIR: dataDir, CLIPPER_MODEL_HUB: hub, CLIPPER_MODEL_CATALOGUE: catalogueFile });
  return testContext({ env: h.env, tty });
}

const installed = (dataDir: string) => (existsSync(modelsDir(dataDir)) ? readdirSync(modelsDir(dataDir)).filter((f) => f !== '.downloads') : []);

describe('clipper models add NAME', () => {
  it('downloads each file with a progress bar, checks it, and the model becomes the default engine', async () => {
    const dataDir = join(dir, 'ok');
    const t = cli(dataDir, catalogue('hub-tiny.en'), true);
    await addModel({ source: 'hub-tiny.en' }, t.ctx);
    expect(t.stderr.text).toMatch(/hubby\.en-encoder\.onnx \[#+\] 100%/);
    expect(t.stderr.text).toMatch(/hubby\.en-tokens\.txt \[#+\] 100%/);
    expect(t.stdout.text.trim()).toBe(join(dataDir, 'models', 'hub-tiny.en'));
    for (const f of files) expect(readFileSync(join(dataDir, 'models', 'hub-tiny.en', f)).equals(bytes[f])).toBe(true);
    expect(requests.map((r) => r.url)).toEqual(files.map((f) => `/test/hubby/resolve/r1/${f}`));
    const chosen = assessEngines({ dataDir }, { PATH: process.env.PATH }).chosen;
    expect('engine' in chosen && chosen.engine).toMatchObject({ name: 'sherpa-onnx', modelName: 'hub-tiny.en' });
    const list = cli(dataDir, catalogue('hub-tiny.en'));
    list.ctx.globals.json = true;
    await listModels({}, list.ctx);
    expect(JSON.parse(list.stdout.text).models).toEqual([expect.objectContaining({ name: 'hub-tiny.en', kind: 'sherpa-onnx', languages: ['en'] })]);
  });

  it('resumes a dropped connection with a Range request', async () => {
    const dataDir = join(dir, 'resume');
    drop.add('hubby.en-decoder.onnx');
    const t = cli(dataDir, catalogue('hub-resume'));
    await addModel({ source: 'hub-resume' }, t.ctx);
    const decoder = requests.filter((r) => r.url.endsWith('decoder.onnx'));
    expect(decoder.map((r) => r.range)).toEqual([undefined, expect.stringMatching(/^bytes=\d+-$/)]);
    // It continued from what had arrived before the cut (at most the half the server sent).
    const from = Number(/\d+/.exec(decoder[1].range!)![0]);
    expect(from).toBeGreaterThan(0);
    expect(from).toBeLessThanOrEqual(bytes['hubby.en-decoder.onnx'].length >> 1);
    expect(readFileSync(join(dataDir, 'models', 'hub-resume', 'hubby.en-decoder.onnx')).equals(bytes['hubby.en-decoder.onnx'])).toBe(true);
  });

  it('refuses a file whose SHA-256 is not the published one, and installs nothing', async () => {
    const dataDir = join(dir, 'mismatch');
    const err = (await addModel({ source: 'hub-bad' }, cli(dataDir, catalogue('hub-bad', { wrong: true })).ctx).catch((e: unknown) => e)) as CliError;
    expect(err).toBeInstanceOf(CliError);
    expect(err.message).toMatch(/hubby\.en-decoder\.onnx is not the published one: its SHA-256 is [0-9a-f]{64}, the catalogue says [0-9a-f]{64}\. It was removed; nothing was installed/);
    expect(installed(dataDir)).toEqual([]);
    expect(readdirSync(join(modelsDir(dataDir), '.downloads', 'hub-bad'))).not.toContain('hubby.en-decoder.onnx.part');
  });

  it('says when the hub has no such file', async () => {
    const dataDir = join(dir, 'missing');
    const err = (await addModel({ source: 'hub-404' }, cli(dataDir, catalogue('hub-404', { missing: true })).ctx).catch((e: unknown) => e)) as CliError;
    expect(err.message).toMatch(/cannot download .*gone-decoder\.onnx: the server answered HTTP 404 \(not found\)/);
    expect(installed(dataDir)).toEqual([]);
  });

  it('says that the host cannot be reached when nothing answers there (issue 27, item 10), not "run again to resume"', async () => {
    const dataDir = join(dir, 'offline');
    // A port nothing listens on: the connection is refused, as with no network to the hub.
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const h = cliHarness({ CLIPPER_DATA_DIR: dataDir, CLIPPER_MODEL_HUB: `http://127.0.0.1:${port}`, CLIPPER_MODEL_CATALOGUE: catalogue('hub-offline') });
    const err = (await addModel({ source: 'hub-offline' }, testContext({ env: h.env }).ctx).catch((e: unknown) => e)) as CliError;
    expect(err).toBeInstanceOf(CliError);
    expect(err.message).toMatch(new RegExp(`cannot reach 127\\.0\\.0\\.1:${port} \\(.*\\): check the network connection`));
    expect(err.message).not.toMatch(/again to resume/);
    expect(installed(dataDir)).toEqual([]);
    h.cleanup();
  });

  it('stops on a full disk, keeping what it has, and resumes on the next run', async () => {
    const dataDir = join(dir, 'full');
    const staging = join(modelsDir(dataDir), '.downloads', 'hub-full');
    mkdirSync(staging, { recursive: true });
    // Writing to /dev/full fails with ENOSPC, as a full disk does.
    symlinkSync('/dev/full', join(staging, 'hubby.en-decoder.onnx.part'));
    const err = (await addModel({ source: 'hub-full' }, cli(dataDir, catalogue('hub-full')).ctx).catch((e: unknown) => e)) as CliError;
    expect(err.message).toMatch(/the disk is full: .* Free some space and run the same command again to resume/);
    expect(installed(dataDir)).toEqual([]);
    expect(readdirSync(staging)).toContain('hubby.en-encoder.onnx');
    rmSync(join(staging, 'hubby.en-decoder.onnx.part'));
    requests = [];
    await addModel({ source: 'hub-full' }, cli(dataDir, catalogue('hub-full')).ctx);
    // The encoder finished before the disk filled up: only the rest is fetched.
    expect(requests.map((r) => r.url.split('/').pop())).toEqual(['hubby.en-decoder.onnx', 'hubby.en-tokens.txt']);
    expect(installed(dataDir)).toEqual(['hub-full']);
  });

  it('lists the catalogue with the official links and checksums, and removes a model', async () => {
    const dataDir = join(dir, 'ok');
    const h = cliHarness({ CLIPPER_DATA_DIR: dataDir });
    const t = testContext({ env: h.env });
    t.ctx.globals.json = true;
    await listModels({ available: true }, t.ctx);
    const tiny = JSON.parse(t.stdout.text).models.find((m: { name: string }) => m.name === 'tiny');
    // Issue 27, item 10: a list for every model (it was the string "99 languages" for multilingual ones).
    expect(tiny).toMatchObject({ engine: 'sherpa-onnx', licence: 'MIT' });
    expect(tiny.languages).toHaveLength(99);
    expect(tiny.languages.slice(0, 4)).toEqual(['en', 'zh', 'de', 'es']);
    for (const m of JSON.parse(t.stdout.text).models as Array<{ name: string; languages: unknown }>) {
      expect(Array.isArray(m.languages)).toBe(true);
      if (m.name.endsWith('.en')) expect(m.languages).toEqual(['en']);
    }
    expect(tiny.files[0]).toEqual({
      file: 'tiny-encoder.int8.onnx',
      url: 'https://huggingface.co/csukuangfj/sherpa-onnx-whisper-tiny/resolve/18e7b4cce9526312a66981ec3af7b9446b70db66/tiny-encoder.int8.onnx',
      size_bytes: 12_900_000,
      sha256: 'dd5531121627e7e184a6b8f6a6e353edf39b40e328032dfdc146b5a359a3e3d0',
      sha256_from_hub: true,
    });
    const rm = testContext({ env: h.env });
    await removeModel({ name: 'hub-tiny.en' }, rm.ctx);
    expect(installed(dataDir)).toEqual([]);
    const again = await removeModel({ name: 'hub-tiny.en' }, testContext({ env: h.env }).ctx).catch((e: unknown) => e);
    expect(again).toMatchObject({ exitCode: 3, message: expect.stringMatching(/no model called hub-tiny\.en is installed/) });
    h.cleanup();
  });
});
