// `clipper models setup` against a model hub on loopback (issue 28, items 5 and 6): the
// recommended model of each kind of the catalogue (here a tiny Whisper model for speech, a
// tiny sentence encoder for embeddings and a tiny llama GGUF for the language model, all written
// by our scripts), with sizes, what each
// changes and the total; a question on a terminal, --yes for scripts; progress, resume and
// SHA-256 checks of `models add`; kinds already installed left alone.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listModels } from '../../daemon/pipeline/transcribe/models.js';
import { recommendedSet, setupHint } from '../../daemon/pipeline/transcribe/model-setup.js';
import { ALL_MODELS } from '../../daemon/pipeline/transcribe/model-catalogue.js';
import { run as setup } from '../../src/cli/models/setup.js';
import { CliError, EXIT } from '../../src/cli/exit-codes.js';
import { cliHarness, testContext } from '../helpers/cli-io.js';
import { tempDir } from './helpers.js';
import { makeTestModel } from './test-model.js';
import { makeEmbeddingModel } from './test-embed-model.js';
import { makeTinyGguf } from './tiny-gguf.js';
import { loadConfig } from '../../daemon/config.js';
import { llmChoice } from '../../daemon/pipeline/llm/settings.js';
import { chooseWithLlm } from '../../daemon/pipeline/llm/choose.js';

const dir = tempDir('clipper-setup-');
const speech = makeTestModel(dir, 'setup.en');
const embed = makeEmbeddingModel(dir, 'setup-embed');
const served: Record<string, Buffer> = {};
for (const f of ['setup.en-encoder.onnx', 'setup.en-decoder.onnx', 'setup.en-tokens.txt']) served[`/test/speech/resolve/r1/${f}`] = readFileSync(join(speech, f));
served['/test/embed/resolve/r1/onnx/model.onnx'] = readFileSync(join(embed, 'model.onnx'));
served['/test/embed/resolve/r1/vocab.txt'] = readFileSync(join(embed, 'vocab.txt'));
served['/test/llm/resolve/r1/tiny-q4.gguf'] = readFileSync(makeTinyGguf(join(dir, 'tiny-q4.gguf')));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
let server: Server;
let hub: string;
let requests: { url: string; range?: string }[] = [];
const drop = new Set<string>();

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push({ url: req.url!, range: req.headers.range });
    const body = served[req.url!];
    if (!body) return res.writeHead(404).end('Entry not found');
    const from = Number(/^bytes=(\d+)-$/.exec(req.headers.range ?? '')?.[1] ?? 0);
    const part = body.subarray(from);
    res.writeHead(from ? 206 : 200, { 'content-length': String(part.length), ...(from ? { 'content-range': `bytes ${from}-${body.length - 1}/${body.length}` } : {}) });
    if (drop.delete(req.url!)) {
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

/** A catalogue whose recommended speech, embedding and language models are the test ones (`wrong`: the encoder's checksum altered). */
function catalogue(opts: { wrong?: boolean } = {}): string {
  const file = (url: string, role: string, name: string, path?: string) => ({ role, file: name, ...(path ? { path } : {}), size_bytes: served[url].length, sha256: sha(served[url]), verified: true });
  const speechFiles = ['encoder', 'decoder', 'tokens'].map((r) => {
    const f = r === 'tokens' ? 'setup.en-tokens.txt' : `setup.en-${r}.onnx`;
    return file(`/test/speech/resolve/r1/${f}`, r, f);
  });
  const model = file('/test/embed/resolve/r1/onnx/model.onnx', 'model', 'model.onnx', 'onnx/model.onnx');
  if (opts.wrong) model.sha256 = sha(Buffer.from('else'));
  const entries = [
    { name: 'test-speech', kind: 'speech', recommended: true, gains: 'real transcripts', languages: 'en', speed: '~10x', licence: 'MIT', repo: 'test/speech', revision: 'r1', files: speechFiles },
    { name: 'test-embed', kind: 'embedding', recommended: true, languages: 'en', speed: '-', licence: 'MIT', repo: 'test/embed', revision: 'r1',
      embedding: { pooling: 'mean' }, files: [model, file('/test/embed/resolve/r1/vocab.txt', 'vocab', 'vocab.txt')] },
    { name: 'test-llm', kind: 'llm', recommended: true, languages: ['en'], speed: '-', licence: 'Apache-2.0', repo: 'test/llm', revision: 'r1',
      files: [file('/test/llm/resolve/r1/tiny-q4.gguf', 'gguf', 'tiny-q4.gguf')] },
  ];
  const path = join(dir, `catalogue-${opts.wrong ? 'wrong' : 'ok'}.json`);
  writeFileSync(path, JSON.stringify(entries));
  return path;
}

function cli(dataDir: string, catalogueFile: string, o: { tty?: boolean; stdin?: string; json?: boolean } = {}) {
  const h = cliHarness({ CLIPPER_DATA_DIR: dataDir, CLIPPER_MODEL_HUB: hub, CLIPPER_MODEL_CATALOGUE: catalogueFile });
  const t = testContext({ env: h.env, tty: o.tty, stdin: o.stdin });
  if (o.json) t.ctx.globals.json = true;
  return t;
}

describe('the recommended set', () => {
  it('has one recommended model per kind in the built-in catalogue, and says what is missing in one line', () => {
    const set = recommendedSet(ALL_MODELS, []);
    expect(set.map((i) => [i.kind, i.model.name])).toEqual([['speech', 'parakeet-tdt-0.6b-v2'], ['embedding', 'bge-small-en-v1.5'], ['llm', 'qwen2.5-1.5b-instruct']]);
    // The language model's size is its GGUF file's (about 1.1 GB), in the total with the others.
    expect(set[2].size_bytes).toBe(1_117_320_736);
    expect(setupHint(set)).toMatch(/^Better clips: .+\. Run `clipper models setup` \(\d+ MB download\)\.$/);
    expect(setupHint(set.map((i) => ({ ...i, installed: 'x' })))).toBeUndefined();
  });
});

describe('clipper models setup', () => {
  it('in a script without --yes, shows the set and the total and downloads nothing', async () => {
    const dataDir = join(dir, 'ask');
    const t = cli(dataDir, catalogue());
    const err = (await setup({}, t.ctx).catch((e: unknown) => e)) as CliError;
    expect(err).toBeInstanceOf(CliError);
    expect(err.exitCode).toBe(EXIT.USAGE);
    expect(err.hint).toMatch(/--yes/);
    expect(t.stderr.text).toMatch(/speech +test-speech \([\d,]+ MB, MIT\): real transcripts/);
    expect(t.stderr.text).toMatch(/embedding +test-embed .*clips match what you ask for by meaning/);
    expect(t.stderr.text).toMatch(/llm +test-llm \([\d,]+ MB, Apache-2.0\): a language model judges, ranks and titles the clips/);
    expect(t.stderr.text).toMatch(/total +\d+ MB to download/);
    expect(requests).toEqual([]);
  });

  it('on a terminal, asks, and a no downloads nothing', async () => {
    const t = cli(join(dir, 'no'), catalogue(), { tty: true, stdin: 'n\n' });
    const err = (await setup({}, t.ctx).catch((e: unknown) => e)) as CliError;
    expect(err.code).toBe('DECLINED');
    expect(requests).toEqual([]);
  });

  it('with --yes, downloads, checks and installs each kind, resuming a dropped file; a job then uses the language model; a second run has nothing to do', async () => {
    const dataDir = join(dir, 'yes');
    drop.add('/test/embed/resolve/r1/onnx/model.onnx');
    drop.add('/test/llm/resolve/r1/tiny-q4.gguf');
    const t = cli(dataDir, catalogue(), { json: true });
    await setup({ yes: true }, t.ctx);
    const out = JSON.parse(t.stdout.text);
    expect(out.models.map((m: any) => [m.kind, m.name, m.status])).toEqual([['speech', 'test-speech', 'installed'], ['embedding', 'test-embed', 'installed'], ['llm', 'test-llm', 'installed']]);
    expect(out.total_bytes).toBe(Object.values(served).reduce((n, b) => n + b.length, 0));
    expect(listModels(dataDir).map((m) => m.kind).sort()).toEqual(['embedding', 'gguf', 'sherpa-onnx']);
    expect(requests.filter((r) => r.url.endsWith('model.onnx')).map((r) => r.range)).toEqual([undefined, expect.stringMatching(/^bytes=\d+-$/)]);
    expect(requests.filter((r) => r.url.endsWith('.gguf')).map((r) => r.range)).toEqual([undefined, expect.stringMatching(/^bytes=\d+-$/)]);
    expect(readFileSync(join(dataDir, 'models', 'test-llm')).equals(served['/test/llm/resolve/r1/tiny-q4.gguf'])).toBe(true);

    // No `llm` setting at all: the job's suggest stage picks the installed model and it judges, ranks and titles (real node-llama-cpp).
    const config = loadConfig({ dataDir });
    config.llm.threads = 1; // not a setting: this shared test machine's cores (llama.cpp's threads spin)
    const choice = llmChoice(config);
    try {
      const engine = choice();
      expect(engine).toMatchObject({ engine: 'embedded', model: 'test-llm' });
      const pool = ['My hands shook before my first talk, and the opening was gone.', 'We moved the team to four day weeks and output went up.'].map((transcript, i) => ({
        start: i * 40, end: i * 40 + 30, title: `Heuristic title ${i}`, score: 0.8 - i * 0.1, score_breakdown: { relevance: 0.5, hook: 0.5, energy: 0.5, completeness: 0.9 }, reason: 'heuristics', transcript,
      }));
      const { ranking, clips } = await chooseWithLlm(engine!, 'stage fright', pool, 2);
      expect(ranking).toMatchObject({ by: 'llm', model: 'test-llm' });
      for (const c of clips) expect(c.reason).toMatch(/^Language model: /);
    } finally {
      choice.close();
    }
    expect(readFileSync(join(dataDir, 'models', 'test-embed', 'model.onnx')).equals(served['/test/embed/resolve/r1/onnx/model.onnx'])).toBe(true);
    expect(JSON.parse(readFileSync(join(dataDir, 'models', 'test-embed', 'clipper-model.json'), 'utf8'))).toMatchObject({ kind: 'embedding', embedding: { pooling: 'mean' } });

    requests = [];
    const again = cli(dataDir, catalogue(), { json: true });
    await setup({ yes: true }, again.ctx);
    expect(JSON.parse(again.stdout.text).models.map((m: any) => m.status)).toEqual(['already_installed', 'already_installed', 'already_installed']);
    expect(requests).toEqual([]);
  });

  it('a model whose checksum is wrong is refused; the others are installed and the command fails', async () => {
    const dataDir = join(dir, 'wrong');
    const t = cli(dataDir, catalogue({ wrong: true }));
    const err = (await setup({ yes: true }, t.ctx).catch((e: unknown) => e)) as CliError;
    expect(err.exitCode).toBe(EXIT.ERROR);
    expect(err.message).toMatch(/1 of 3 models could not be installed: test-embed/);
    expect(t.stderr.text).toMatch(/test-embed was not installed: .*is not the published one/);
    expect(listModels(dataDir).map((m) => m.name).sort()).toEqual(['test-llm', 'test-speech']);
  });
});
