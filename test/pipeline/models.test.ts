import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listModels, ModelError, modelsDir } from '../../daemon/pipeline/transcribe/models.js';
import { installModel } from '../../daemon/pipeline/transcribe/model-install.js';
import { run as addModel } from '../../src/cli/models/add.js';
import { run as listModelsCli } from '../../src/cli/models/list.js';
import { CliError } from '../../src/cli/exit-codes.js';
import { cliHarness, testContext } from '../helpers/cli-io.js';
import { tempDir } from './helpers.js';

const dir = tempDir('clipper-models-');
const model = Buffer.concat([Buffer.from('lmgg'), randomBytes(300_000)]);
let server: Server;
let base: string;

/** A model host on loopback: good files in pieces, a lying length, a web page, a 404, a redirect. */
beforeAll(async () => {
  server = createServer((req, res) => {
    const send = (status: number, type: string, body: Buffer, length = body.length) => {
      res.writeHead(status, { 'content-type': type, 'content-length': String(length) });
      // In pieces, so that progress is reported more than once.
      for (let i = 0; i < body.length; i += 65536) res.write(body.subarray(i, i + 65536));
      res.end();
    };
    if (req.url === '/models/ggml-tiny.en.bin') return send(200, 'application/octet-stream', model);
    if (req.url === '/moved') return res.writeHead(302, { location: '/models/ggml-tiny.en.bin' }).end();
    if (req.url === '/not-ggml.bin') return send(200, 'application/octet-stream', Buffer.from('GGUF but not what whisper.cpp loads'));
    if (req.url === '/page.bin') return send(200, 'text/html; charset=utf-8', Buffer.from('<html>a model page</html>'));
    if (req.url === '/cut.bin') {
      res.writeHead(200, { 'content-length': String(model.length) });
      res.write(model.subarray(0, 1000));
      return setTimeout(() => res.destroy(), 20);
    }
    send(404, 'text/plain', Buffer.from('not found'));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Nothing but finished models in the folder: failed installs leave no temp files behind (an
 * unfinished download waits in the hidden .downloads folder, so the next run resumes it).
 */
const folder = (dataDir: string) => (existsSync(modelsDir(dataDir)) ? readdirSync(modelsDir(dataDir)).filter((f) => f !== '.downloads') : []);

describe('installModel', () => {
  it('downloads a model from a URL with progress, to the models folder', async () => {
    const dataDir = join(dir, 'a');
    const seen: [number, number | undefined][] = [];
    const m = await installModel(`${base}/models/ggml-tiny.en.bin`, dataDir, { onProgress: (r, t) => void seen.push([r, t]) });
    expect(m).toMatchObject({ name: 'ggml-tiny.en.bin', size_bytes: model.length, path: join(dataDir, 'models', 'ggml-tiny.en.bin') });
    expect(readFileSync(m.path).equals(model)).toBe(true);
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.at(-1)).toEqual([model.length, model.length]);
    expect(listModels(dataDir).map((x) => x.name)).toEqual(['ggml-tiny.en.bin']);
  });

  it('follows redirects and can install under another name', async () => {
    const dataDir = join(dir, 'b');
    const m = await installModel(`${base}/moved`, dataDir, { name: 'tiny.bin' });
    expect(m.name).toBe('tiny.bin');
    expect(folder(dataDir)).toEqual(['tiny.bin']);
  });

  it.each([
    ['not-ggml.bin', /not a ggml model/],
    ['page.bin', /is a web page/],
    ['cut.bin', /closed after 1000 of 300004 bytes.*run the same command again to resume/],
    ['missing.bin', /HTTP 404/],
  ])('refuses %s and leaves nothing behind', async (path, message) => {
    const dataDir = join(dir, `bad-${path}`);
    const err = await installModel(`${base}/${path}`, dataDir, { retryDelayMs: 1 }).catch((e: Error) => e);
    expect((err as Error).message).toMatch(message);
    expect(folder(dataDir)).toEqual([]);
  });

  it('says when nothing listens at the URL', async () => {
    await expect(installModel('http://127.0.0.1:1/ggml.bin', join(dir, 'c'))).rejects.toThrow(/cannot download/);
  });

  it('copies a local file, and replaces an installed model only with force', async () => {
    const dataDir = join(dir, 'd');
    const file = join(dir, 'ggml-small.bin');
    writeFileSync(file, model);
    await installModel(file, dataDir);
    await expect(installModel(file, dataDir)).rejects.toThrow(/installed already/);
    await installModel(file, dataDir, { force: true });
    expect(folder(dataDir)).toEqual(['ggml-small.bin']);
    await expect(installModel(join(dir, 'nope.bin'), dataDir)).rejects.toBeInstanceOf(ModelError);
    await expect(installModel(file, dataDir, { name: '../escape.bin' })).rejects.toThrow(/not a usable model file name/);
  });
});

describe('clipper models add / list', () => {
  it('installs from a URL and lists it, as JSON', async () => {
    const dataDir = join(dir, 'cli');
    const h = cliHarness({ CLIPPER_DATA_DIR: dataDir });
    const add = testContext({ env: h.env });
    add.ctx.globals.json = true;
    await addModel({ source: `${base}/models/ggml-tiny.en.bin` }, add.ctx);
    expect(JSON.parse(add.stdout.text)).toMatchObject({ name: 'ggml-tiny.en.bin', size_bytes: model.length });
    const list = testContext({ env: h.env });
    list.ctx.globals.json = true;
    await listModelsCli({}, list.ctx);
    expect(JSON.parse(list.stdout.text).models.map((m: { name: string }) => m.name)).toEqual(['ggml-tiny.en.bin']);
    // On a terminal, a download shows its progress on stderr.
    const tty = testContext({ env: h.env, tty: true });
    await addModel({ source: `${base}/models/ggml-tiny.en.bin`, name: 'again.bin' }, tty.ctx);
    expect(tty.stderr.text).toMatch(/ggml-tiny\.en\.bin \[#+\] 100%/);
    expect(tty.stdout.text.trim()).toBe(join(dataDir, 'models', 'again.bin'));
    h.cleanup();
  });

  it('turns a bad model into a CLI error with its reason', async () => {
    const h = cliHarness();
    const { ctx } = testContext({ env: h.env });
    const err = await addModel({ source: `${base}/not-ggml.bin`, dataDir: join(dir, 'cli2') }, ctx).catch((e: unknown) => e);
    h.cleanup();
    expect(err).toBeInstanceOf(CliError);
    expect((err as CliError).message).toMatch(/not a ggml model/);
  });
});
