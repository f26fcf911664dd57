// Issue 30, item 3: sherpa-onnx's speaker diarization through the real sherpa-onnx-node package,
// on a tiny random-weight pyannote segmentation model and speaker-embedding model our script
// writes in the ONNX format (fixtures/make-diarization-models.mjs), run in a child process.
// What the random weights find is not checked; the shape of the result, the labels, the fallback
// to the heuristic and a killed child that leaves the test's own process running are.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDiarizationModel } from '../../daemon/pipeline/speakers/diarization-model.js';
import { DiarizerProcess, DiarizerProcessError } from '../../daemon/pipeline/speakers/diarizer-process.js';
import { diarizeWithModels, turnsOf } from '../../daemon/pipeline/speakers/model-diarization.js';
import { installModel, removeModel } from '../../daemon/pipeline/transcribe/model-install.js';
import { findCatalogueModel } from '../../daemon/pipeline/transcribe/model-catalogue.js';
import { describeModel, listModels } from '../../daemon/pipeline/transcribe/models.js';
import { sherpaPackage } from '../../daemon/pipeline/transcribe/sherpa-process.js';
import { wavHeader } from '../../daemon/pipeline/transcribe/wav.js';
import { run as addModel } from '../../src/cli/models/add.js';
import { run as listCli } from '../../src/cli/models/list.js';
import { run as removeCli } from '../../src/cli/models/remove.js';
import { cliHarness, testContext } from '../helpers/cli-io.js';
import { tempDir } from './helpers.js';
import { makeDiarizationModels } from './test-diarization-models.js';

const dir = tempDir('clipper-diarize-');
const models = makeDiarizationModels(join(dir, 'made'));
const RATE = 16000;

/** Turns of two pulse-train voices (120 and 210 Hz) with pauses between, as a 16 kHz WAV. */
function twoVoices(name: string, turns: number, seconds = 4): string {
  const samples: number[] = [];
  for (let t = 0; t < turns; t++) {
    const hz = t % 2 ? 210 : 120;
    for (let i = 0; i < seconds * RATE; i++) {
      const p = ((i * hz) / RATE) % 1;
      samples.push(0.3 * (Math.sin(2 * Math.PI * p) + 0.5 * Math.sin(4 * Math.PI * p)));
    }
    for (let i = 0; i < 0.8 * RATE; i++) samples.push(0);
  }
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => data.writeInt16LE(Math.round(s * 32767), i * 2));
  const path = join(dir, name);
  writeFileSync(path, Buffer.concat([wavHeader({ sampleRate: RATE, channels: 1 }, data.length), data]));
  return path;
}
const wav = twoVoices('two.wav', 6);

describe('diarization models', () => {
  it('are told apart by the ONNX metadata sherpa-onnx reads, and install as kind diarization', async () => {
    expect(readDiarizationModel(models.segmentation)).toMatchObject({ name: 'test-segmentation', role: 'segmentation' });
    expect(readDiarizationModel(models.embedding)).toMatchObject({ name: 'test-speaker-embedding', role: 'embedding' });
    const dataDir = join(dir, 'data-install');
    await installModel(models.segmentation, dataDir);
    await installModel(models.embedding, dataDir);
    expect(listModels(dataDir).map((m) => [m.name, m.kind, m.role]).sort()).toEqual([
      ['test-segmentation', 'diarization', 'segmentation'],
      ['test-speaker-embedding', 'diarization', 'embedding'],
    ]);
    await removeModel('test-segmentation', dataDir);
    expect(listModels(dataDir).map((m) => m.name)).toEqual(['test-speaker-embedding']);
    // A folder holding some other ONNX file is not one.
    expect(describeModel(join(dir, 'made'))).toBeUndefined();
  });

  it('label sherpa-onnx segments S1, S2 ... in order of first appearance, in time order', () => {
    expect(turnsOf([{ start: 5, end: 6, speaker: 0 }, { start: 1, end: 2.12345, speaker: 3 }, { start: 3, end: 4, speaker: 0 }])).toEqual([
      { start: 1, end: 2.123, speaker: 'S1' },
      { start: 3, end: 4, speaker: 'S2' },
      { start: 5, end: 6, speaker: 'S2' },
    ]);
  });
});

describe('sherpa-onnx speaker diarization in a child process', () => {
  const config = {
    segmentation: { pyannote: { model: join(models.segmentation, 'model.onnx') }, numThreads: 1 },
    embedding: { model: join(models.embedding, 'model.onnx'), numThreads: 1 },
    clustering: { numClusters: -1, threshold: 0.5 },
    minDurationOn: 0.2,
    minDurationOff: 0.5,
  };

  it('loads both random-weight models through the real package and gives speaker segments', async () => {
    const child = new DiarizerProcess(sherpaPackage()!);
    try {
      const segments = await child.diarize(wav, config);
      expect(segments.length).toBeGreaterThan(0);
      for (const s of segments) {
        expect(s.end).toBeGreaterThan(s.start);
        expect(s.start).toBeGreaterThanOrEqual(0);
        expect(s.end).toBeLessThanOrEqual(6 * 4.8 + 1);
        expect(Number.isInteger(s.speaker)).toBe(true);
      }
      // Two clusters asked for: two speakers at most.
      const two = await child.diarize(wav, { ...config, clustering: { numClusters: 2, threshold: 0.5 } });
      expect(new Set(two.map((s) => s.speaker)).size).toBeLessThanOrEqual(2);
    } finally {
      child.kill();
    }
  }, 60_000);

  it('a killed child is an error of its own and the parent goes on', async () => {
    const long = twoVoices('long.wav', 120);
    const child = new DiarizerProcess(sherpaPackage()!);
    const running = child.diarize(long, config);
    await new Promise((r) => setTimeout(r, 300));
    process.kill(child.pid!, 'SIGKILL');
    const err = (await running.catch((e: unknown) => e)) as DiarizerProcessError;
    expect(err).toBeInstanceOf(DiarizerProcessError);
    expect(err.exit?.signal).toBe('SIGKILL');
    expect(child.alive).toBe(false);
  }, 60_000);

  it('refuses a model that is not one, with sherpa-onnx\'s reason, without ending the parent', async () => {
    const child = new DiarizerProcess(sherpaPackage()!);
    try {
      const err = await child.diarize(wav, { ...config, embedding: { model: join(dir, 'two.wav'), numThreads: 1 } }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DiarizerProcessError);
    } finally {
      child.kill();
    }
  }, 60_000);
});

describe('diarizeWithModels (the job\'s choice)', () => {
  const dataDir = join(dir, 'data-job');
  beforeAll(async () => {
    await installModel(models.segmentation, dataDir);
    await installModel(models.embedding, dataDir);
  });

  it('uses both models when installed and names them', async () => {
    const got = await diarizeWithModels(dataDir, wav, 28.8, {});
    expect(got.diarization).toEqual({ by: 'model', models: ['test-segmentation', 'test-speaker-embedding'] });
    expect(got.speakers!.length).toBeGreaterThan(0);
    expect(got.speakers!.every((t) => /^S\d+$/.test(t.speaker) && t.end > t.start)).toBe(true);
    expect(got.speakers![0].speaker).toBe('S1');
  }, 60_000);

  it('falls back to the heuristic when the child crashes or runs past its time, saying why', async () => {
    const crashed = await diarizeWithModels(dataDir, wav, 29, { ...process.env, CLIPPER_FAILPOINTS: 'diarization-crash' });
    expect(crashed.speakers).toBeUndefined();
    expect(crashed.diarization).toMatchObject({ by: 'heuristic', models: ['test-segmentation', 'test-speaker-embedding'] });
    expect(crashed.diarization.note).toMatch(/^speaker diarization failed: the speaker diarization process ended; speakers were told apart by pitch and pauses$/);
    const slow = await diarizeWithModels(dataDir, wav, 29, { ...process.env, CLIPPER_FAILPOINTS: 'diarization-hang', CLIPPER_DIARIZATION_TIMEOUT_MS: '1000' });
    expect(slow.diarization.note).toMatch(/^speaker diarization took longer than 1 s; speakers were told apart/);
  }, 60_000);

  it('a job abort is not a fallback: it ends the child and rejects', async () => {
    const ac = new AbortController();
    const running = diarizeWithModels(dataDir, wav, 29, { ...process.env, CLIPPER_FAILPOINTS: 'diarization-hang' }, ac.signal);
    setTimeout(() => ac.abort(new Error('stopping')), 200);
    await expect(running).rejects.toThrow('stopping');
  });

  it('without one of the two models says which to add', async () => {
    const half = join(dir, 'data-half');
    await installModel(models.segmentation, half);
    const got = await diarizeWithModels(half, wav, 29, {});
    expect(got).toEqual({ diarization: { by: 'heuristic', note: expect.stringContaining('needs a speaker-embedding model too (`clipper models add nemo_en_titanet_small`)') } });
    expect(await diarizeWithModels(join(dir, 'none'), wav, 29, {})).toEqual({ diarization: { by: 'heuristic' } });
  });
});

describe('clipper models add for the catalogue\'s diarization models (a hub on loopback)', () => {
  let server: Server;
  let hub: string;
  const served: Record<string, Buffer> = {
    '/csukuangfj/sherpa-onnx-pyannote-segmentation-3-0/resolve/main/model.onnx': readFileSync(join(models.segmentation, 'model.onnx')),
    '/csukuangfj/speaker-embedding-models/resolve/main/nemo_en_titanet_small.onnx': readFileSync(join(models.embedding, 'model.onnx')),
  };
  const asked: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      asked.push(req.url!);
      const body = served[req.url!];
      if (!body) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-length': body.length, 'content-type': 'application/octet-stream' }).end(body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    hub = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
  });

  it('lists them as kind diarization, installs both by name, lists and removes them', async () => {
    const dataDir = join(dir, 'data-hub');
    // The built-in entries pin the published files' SHA-256s: the same names, re-pinned to the fixture models the hub serves.
    const fixtures = join(dir, 'fixture-catalogue.json');
    writeFileSync(fixtures, JSON.stringify(['sherpa-onnx-pyannote-segmentation-3-0', 'nemo_en_titanet_small'].map((name) => {
      const m = findCatalogueModel(name)!;
      return { ...m, revision: 'main', files: m.files.map((f) => ({ ...f, sha256: createHash('sha256').update(served[`/${m.repo}/resolve/main/${f.path ?? f.file}`]).digest('hex') })) };
    })));
    const h = cliHarness({ CLIPPER_DATA_DIR: dataDir, CLIPPER_MODEL_HUB: hub, CLIPPER_MODEL_CATALOGUE: fixtures });
    const available = testContext({ env: { ...h.env, CLIPPER_MODEL_CATALOGUE: '' } });
    available.ctx.globals.json = true;
    await listCli({ available: true }, available.ctx);
    const listed = (JSON.parse(available.stdout.text) as { models: { name: string; kind: string; files: { url: string }[] }[] }).models.filter((m) => m.kind === 'diarization');
    expect(listed.map((m) => m.name)).toEqual(['sherpa-onnx-pyannote-segmentation-3-0', 'nemo_en_titanet_small', '3dspeaker_speech_eres2net_base_sv_zh-cn_3dspeaker_16k']);
    expect(listed[0].files[0].url).toBe(`${hub}/csukuangfj/sherpa-onnx-pyannote-segmentation-3-0/resolve/9403a6902bb58e3d5ae8c7e77c3422de279db2e0/model.onnx`);
    for (const name of ['sherpa-onnx-pyannote-segmentation-3-0', 'nemo_en_titanet_small']) {
      const t = testContext({ env: h.env });
      await addModel({ source: name }, t.ctx);
      expect(t.stdout.text.trim()).toBe(join(dataDir, 'models', name));
    }
    expect(asked).toEqual(Object.keys(served));
    const list = testContext({ env: h.env });
    list.ctx.globals.json = true;
    await listCli({}, list.ctx);
    expect((JSON.parse(list.stdout.text) as { models: { name: string; kind: string }[] }).models.map((m) => [m.name, m.kind]).sort()).toEqual([
      ['nemo_en_titanet_small', 'diarization'],
      ['sherpa-onnx-pyannote-segmentation-3-0', 'diarization'],
    ]);
    // Installed, a job would use them.
    const got = await diarizeWithModels(dataDir, wav, 28.8, {});
    expect(got.diarization).toEqual({ by: 'model', models: ['sherpa-onnx-pyannote-segmentation-3-0', 'nemo_en_titanet_small'] });
    await removeCli({ name: 'nemo_en_titanet_small' }, testContext({ env: h.env }).ctx);
    expect((await diarizeWithModels(dataDir, wav, 29, {})).diarization.note).toMatch(/needs a speaker-embedding model too/);
    expect(findCatalogueModel('nemo_en_titanet_small')?.kind).toBe('diarization');
  }, 60_000);
});
