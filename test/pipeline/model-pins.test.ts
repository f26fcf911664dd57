// Every file of every built-in model (Whisper, Parakeet, sentence encoders, diarization, language
// models) is pinned to a revision, a byte count and a SHA-256, so a download from a hub on loopback that serves other
// bytes is refused and deleted; `models list` sizes are decimal MB; an offline `models add NAME`
// names the model it could not fetch.
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_MODELS, kindOf } from '../../daemon/pipeline/transcribe/model-catalogue.js';
import { modelsDir } from '../../daemon/pipeline/transcribe/models.js';
import { run as addModel } from '../../src/cli/models/add.js';
import { run as listModels } from '../../src/cli/models/list.js';
import { CliError } from '../../src/cli/exit-codes.js';
import { cliHarness, testContext } from '../helpers/cli-io.js';
import { tempDir } from './helpers.js';
import { useHubServing } from './hub-serving.js';

const dir = tempDir('clipper-pins-');
const pinned = ALL_MODELS;
// A hub that answers every file with the same few bytes, which are no published model file.
const hub = useHubServing(() => 'not the published model\n');
const requests = hub.requests;

const cli = (dataDir: string, env: Record<string, string> = {}) => testContext({ env: cliHarness({ CLIPPER_DATA_DIR: dataDir, CLIPPER_MODEL_HUB: hub.url, ...env }).env });
const fileOf = (name: string, file: string) => ALL_MODELS.find((m) => m.name === name)!.files.find((f) => (f.path ?? f.file) === file)!;

describe('pinned ONNX models', () => {
  it('pins a commit and a SHA-256 for every file of every built-in model (Whisper, Parakeet v2/v3, both encoders, diarization, language models)', () => {
    expect(pinned.map((m) => m.name)).toEqual(expect.arrayContaining([
      '3dspeaker_speech_eres2net_base_sv_zh-cn_3dspeaker_16k', 'all-MiniLM-L6-v2', 'bge-small-en-v1.5', 'nemo_en_titanet_small',
      'parakeet-tdt-0.6b-v2', 'parakeet-tdt-0.6b-v3', 'sherpa-onnx-pyannote-segmentation-3-0', 'tiny.en', 'base', 'small',
    ]));
    expect(new Set(pinned.map(kindOf))).toEqual(new Set(['speech', 'embedding', 'diarization', 'llm']));
    for (const m of pinned) {
      expect(m.revision, m.name).toMatch(/^[0-9a-f]{40}$/);
      for (const f of m.files) expect(f.sha256, `${m.name} ${f.file}`).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(fileOf('parakeet-tdt-0.6b-v2', 'encoder.int8.onnx').size_bytes).toBe(652_184_296);
    expect(fileOf('nemo_en_titanet_small', 'nemo_en_titanet_small.onnx').size_bytes).toBe(40_257_283);
    expect(fileOf('3dspeaker_speech_eres2net_base_sv_zh-cn_3dspeaker_16k', '3dspeaker_speech_eres2net_base_sv_zh-cn_3dspeaker_16k.onnx').size_bytes).toBe(39_593_761);
  });

  it('refuses and deletes a download of each that is not the published file, installing nothing', async () => {
    for (const m of pinned) {
      const dataDir = join(dir, m.name);
      requests.length = 0;
      const err = (await addModel({ source: m.name }, cli(dataDir).ctx).catch((e: unknown) => e)) as CliError;
      expect(err, m.name).toBeInstanceOf(CliError);
      expect(err.message).toMatch(/is not the published one: its SHA-256 is [0-9a-f]{64}, the catalogue says [0-9a-f]{64}\. It was removed; nothing was installed/);
      expect(requests[0]).toBe(`/${m.repo}/resolve/${m.revision}/${m.files[0].path ?? m.files[0].file}`);
      expect(readdirSync(modelsDir(dataDir)).filter((f) => f !== '.downloads')).toEqual([]);
      const staging = join(modelsDir(dataDir), '.downloads', m.name);
      expect(existsSync(staging) ? readdirSync(staging) : []).toEqual([]);
    }
  });

  it('an offline `models add NAME` names the model it could not fetch', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const t = cli(join(dir, 'offline'), { CLIPPER_MODEL_HUB: `http://127.0.0.1:${port}` });
    const err = (await addModel({ source: 'parakeet-tdt-0.6b-v2' }, t.ctx).catch((e: unknown) => e)) as CliError;
    expect(err.message).toMatch(new RegExp(`^cannot install parakeet-tdt-0\\.6b-v2: cannot reach 127\\.0\\.0\\.1:${port} `));
  });

  it('`models list` says MB and means MB (1,000,000 bytes)', async () => {
    const t = cli(join(dir, 'list'));
    await listModels({ available: true }, t.ctx);
    const row = t.stdout.text.split('\n').find((l) => l.startsWith('qwen2.5-1.5b-instruct\t'))!;
    expect(row.split('\t')[3]).toBe('1117.3');
    expect(t.stdout.text).toMatch(/^parakeet-tdt-0\.6b-v2\t.*\t661\.2\t/m);
  });
});
