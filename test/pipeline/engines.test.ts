import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assessEngines, chooseEngine, describeEngines } from '../../daemon/pipeline/media/index.js';
import { run as doctor } from '../../src/cli/doctor/index.js';
import { mediaChecks } from '../../src/cli/doctor/media.js';
import { cliHarness, testContext } from '../helpers/cli-io.js';
import { tempDir } from './helpers.js';

const dir = tempDir('clipper-engines-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ggml = (path: string) => writeFileSync(path, Buffer.concat([Buffer.from('lmgg'), Buffer.alloc(64)]));
const model = join(dir, 'ggml-tiny.en.bin');
ggml(model);
const binDir = join(dir, 'bin');
mkdirSync(binDir);
const whisperCli = join(binDir, 'whisper-cli');
writeFileSync(whisperCli, '#!/bin/sh\nexit 0\n');
chmodSync(whisperCli, 0o755);

const base = { PATH: process.env.PATH };
const noSphinx = { ...base, CLIPPER_POCKETSPHINX_BIN: '/nonexistent/pocketsphinx_continuous' };

describe('chooseEngine', () => {
  it('picks pocketsphinx with its shipped English model when no whisper model is configured', () => {
    const engine = chooseEngine({}, base);
    expect(engine.name).toBe('pocketsphinx');
    expect(engine.reason).toMatch(/pocketsphinx_continuous with the English model/);
  });

  it('picks whisper.cpp when a ggml model and the binary are configured', () => {
    const engine = chooseEngine({}, { ...base, CLIPPER_WHISPER_MODEL: model, CLIPPER_WHISPER_BIN: whisperCli });
    expect(engine.name).toBe('whisper.cpp');
    expect(engine.reason).toContain(model);
    expect(engine.reason).toContain('CLIPPER_WHISPER_MODEL');
  });

  it('finds whisper-cli on PATH and a model installed in the data dir', () => {
    const dataDir = join(dir, 'data');
    mkdirSync(join(dataDir, 'models'), { recursive: true });
    ggml(join(dataDir, 'models', 'ggml-base.en.bin'));
    const env = { PATH: `${binDir}:${process.env.PATH}` };
    expect(chooseEngine({ dataDir }, env).reason).toMatch(/ggml-base\.en\.bin \(installed with `clipper models add`\)/);
    // A config name is looked up in the models folder.
    expect(chooseEngine({ dataDir, transcription: { model: 'ggml-base.en.bin' } }, env).reason).toContain('config transcription.model');
  });

  it('falls back to pocketsphinx, saying why, when the model is there but the binary is not', () => {
    const { candidates, chosen } = assessEngines({}, { ...base, CLIPPER_WHISPER_MODEL: model });
    expect('engine' in chosen && chosen.engine.name).toBe('pocketsphinx');
    expect(candidates.find((c) => c.name === 'whisper.cpp')).toMatchObject({ available: false, detail: expect.stringMatching(/no whisper.cpp binary/) });
  });

  it('does not take a file that is not a ggml model', () => {
    const fake = join(dir, 'not-a-model.bin');
    writeFileSync(fake, 'hello');
    const { candidates } = assessEngines({}, { ...base, CLIPPER_WHISPER_MODEL: fake, CLIPPER_WHISPER_BIN: whisperCli });
    expect(candidates.find((c) => c.name === 'whisper.cpp')).toMatchObject({ available: false, detail: expect.stringMatching(/not a ggml model/) });
  });

  it('runs without speech recognition when nothing is installed, and says so', () => {
    const engine = chooseEngine({}, noSphinx);
    expect(engine.name).toBe('none');
    expect(engine.reason).toMatch(/pocketsphinx_continuous is not installed.*pauses, loudness and scene changes/);
  });

  it('honours a forced engine, and refuses one that cannot run', () => {
    expect(chooseEngine({}, { ...base, CLIPPER_TRANSCRIBER: 'none' }).name).toBe('none');
    expect(chooseEngine({ transcription: { engine: 'pocketsphinx' } }, base).name).toBe('pocketsphinx');
    expect(() => chooseEngine({}, { ...noSphinx, CLIPPER_TRANSCRIBER: 'pocketsphinx' })).toThrow(/CLIPPER_TRANSCRIBER=pocketsphinx, but pocketsphinx_continuous is not installed/);
    expect(() => chooseEngine({}, { ...base, CLIPPER_TRANSCRIBER: 'whisper.cpp' })).toThrow(/no ggml model/);
    expect(() => chooseEngine({}, { ...base, CLIPPER_TRANSCRIBER: 'vosk' })).toThrow(/not an engine/);
  });

  it('the no-speech engine returns no segments', async () => {
    const t = await chooseEngine({}, { ...base, CLIPPER_TRANSCRIBER: 'none' }).transcribe('/any.wav', { language: 'en' });
    expect(t).toEqual({ engine: 'none', language: 'en', segments: [] });
  });
});

describe('describeEngines and doctor', () => {
  it('reports the engine, the alternatives and which ffmpeg and ffprobe run', async () => {
    const r = await describeEngines({}, base);
    expect(r.engine).toMatchObject({ name: 'pocketsphinx' });
    expect(r.engines.map((e) => [e.name, e.available])).toEqual([['sherpa-onnx', false], ['whisper.cpp', false], ['pocketsphinx', true], ['none', true]]);
    expect(r.ffmpeg).toMatchObject({ source: 'path', path: expect.stringContaining('ffmpeg'), version: expect.any(String) });
    expect(r.ffprobe).toMatchObject({ source: 'path' });
    const fallback = await describeEngines({}, { PATH: '/nonexistent' });
    expect(fallback.ffmpeg.source).toBe('npm');
  });

  it('clipper doctor checks ffmpeg, ffprobe and the engine, and fails when a forced engine cannot run', async () => {
    const h = cliHarness();
    const ok = testContext({ env: h.env });
    ok.ctx.globals.json = true;
    await doctor({}, ok.ctx, mediaChecks);
    const report = JSON.parse(ok.stdout.text);
    expect(report.checks.map((c: { id: string; status: string }) => [c.id, c.status])).toEqual([
      ['ffmpeg', 'ok'],
      ['ffprobe', 'ok'],
      ['transcription', 'ok'],
    ]);
    expect(report.checks[0].detail).toMatch(/^ffmpeg \S+ at \/.*ffmpeg \(PATH\)$/);
    expect(report.checks[2].detail).toMatch(/^pocketsphinx: .*\(not used: sherpa-onnx: no Whisper model for sherpa-onnx installed.*; whisper.cpp: no ggml model configured/);
    expect(ok.ctx.exitCode).toBe(0);

    const bad = testContext({ env: { ...h.env, CLIPPER_TRANSCRIBER: 'whisper.cpp', PATH: '/nonexistent' } });
    bad.ctx.globals.json = true;
    await doctor({}, bad.ctx, mediaChecks);
    const failed = JSON.parse(bad.stdout.text).checks;
    expect(failed[0]).toMatchObject({ status: 'warn', detail: expect.stringContaining('bundled npm build'), fix: expect.stringContaining('maintained') });
    expect(failed[2]).toMatchObject({ status: 'fail', detail: expect.stringMatching(/CLIPPER_TRANSCRIBER=whisper.cpp, but no ggml model/) });
    expect(bad.ctx.exitCode).toBe(1);
    h.cleanup();
  });
});

describe('sherpa-onnx, the default once a Whisper model is installed (issue 14)', () => {
  it('is chosen over whisper.cpp and pocketsphinx, and doctor names its model', async () => {
    const { makeTestModel } = await import('./test-model.js');
    const { installModel } = await import('../../daemon/pipeline/transcribe/model-install.js');
    const dataDir = join(dir, 'sherpa-data');
    await installModel(makeTestModel(dir, 'doc-tiny.en'), dataDir);
    const env = { ...base, CLIPPER_WHISPER_BIN: whisperCli };
    const r = await describeEngines({ dataDir }, env);
    expect(r.engine).toEqual({ name: 'sherpa-onnx', reason: expect.stringMatching(/^sherpa-onnx: model doc-tiny\.en \(installed with `clipper models add`; English, word times from cross-attention\)/) });
    expect(chooseEngine({ dataDir, transcription: { model: 'doc-tiny.en' } }, env).reason).toContain('config transcription.model');
    // Forced engines: pocketsphinx still wins when asked for; sherpa-onnx needs a model.
    expect(chooseEngine({ dataDir, transcription: { engine: 'pocketsphinx' } }, env).name).toBe('pocketsphinx');
    expect(() => chooseEngine({}, { ...env, CLIPPER_TRANSCRIBER: 'sherpa-onnx' })).toThrow(/CLIPPER_TRANSCRIBER=sherpa-onnx, but no Whisper model for sherpa-onnx installed/);
    const h = cliHarness({ CLIPPER_DATA_DIR: dataDir });
    const t = testContext({ env: { ...h.env, ...env } });
    t.ctx.globals.json = true;
    await doctor({ dataDir }, t.ctx).catch(() => undefined);
    const report = JSON.parse(t.stdout.text);
    expect(report.checks.find((c: { id: string }) => c.id === 'transcription').detail).toMatch(/^sherpa-onnx: model doc-tiny\.en/);
    h.cleanup();
  });
});
