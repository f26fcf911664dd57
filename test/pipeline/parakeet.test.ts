// Issue 28, items 4 and 6: NVIDIA Parakeet TDT through the real sherpa-onnx-node, on a tiny
// random-weight transducer our script writes in the shape of sherpa-onnx's Parakeet export
// (encoder with NeMo metadata, stateful decoder, joiner with token and duration logits). The
// words are noise; their times are the transducer's own frames (80 ms apart), not shared out.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractAudio } from '../../daemon/pipeline/media/index.js';
import { assessSherpa } from '../../daemon/pipeline/transcribe/sherpa-setup.js';
import { installModel } from '../../daemon/pipeline/transcribe/model-install.js';
import { listModels } from '../../daemon/pipeline/transcribe/models.js';
import { readSherpaModel } from '../../daemon/pipeline/transcribe/sherpa-model.js';
import { sherpaPackage } from '../../daemon/pipeline/transcribe/sherpa-process.js';
import { SherpaWhisperEngine } from '../../daemon/pipeline/transcribe/sherpa.js';
import { readWavInfo, writeWavSlice } from '../../daemon/pipeline/transcribe/wav.js';
import { findCatalogueModel } from '../../daemon/pipeline/transcribe/model-catalogue.js';
import { fixture, tempDir } from './helpers.js';
import { makeParakeetModel } from './test-parakeet-model.js';

const dir = tempDir('clipper-parakeet-');
const model = makeParakeetModel(dir);
let wav: string;

beforeAll(async () => {
  const full = join(dir, 'sample.wav');
  await extractAudio(fixture('sample').video, full);
  wav = join(dir, 'first-12s.wav');
  await writeWavSlice(await readWavInfo(full), full, 0, 12, wav);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('Parakeet TDT through sherpa-onnx', () => {
  it('is in the catalogue, v2 English and recommended, v3 with 25 languages', () => {
    expect(findCatalogueModel('parakeet-tdt-0.6b-v2')).toMatchObject({ kind: 'speech', model_type: 'nemo_transducer', recommended: true, language_codes: ['en'] });
    expect(findCatalogueModel('parakeet-tdt-0.6b-v3')?.language_codes).toHaveLength(25);
    expect(findCatalogueModel('parakeet-tdt-0.6b-v2')?.files.map((f) => f.file)).toEqual(['encoder.int8.onnx', 'decoder.int8.onnx', 'joiner.int8.onnx', 'tokens.txt']);
  });

  it('reads the model folder, refuses one without NeMo metadata or <blk>, and installs it as a speech model', async () => {
    expect(readSherpaModel(model)).toMatchObject({ family: 'nemo_transducer', languages: ['en'], timings: 'tokens', joiner: join(model, 'joiner.int8.onnx') });
    const broken = makeParakeetModel(dir, 'no-blank');
    writeFileSync(join(broken, 'tokens.txt'), '<unk> 0\n\u2581the 1\n');
    expect(() => readSherpaModel(broken)).toThrow(/does not end with the blank token <blk>/);
    const dataDir = join(dir, 'data');
    expect(await installModel(model, dataDir)).toMatchObject({ name: 'test-parakeet', kind: 'sherpa-onnx' });
    expect(listModels(dataDir).map((m) => m.name)).toEqual(['test-parakeet']);
    const chosen = assessSherpa({ dataDir }, {});
    expect(chosen).toMatchObject({ available: true, detail: expect.stringContaining('Parakeet transducer, English, word times from the transducer') });
  });

  it('transcribes with word times from the transducer\'s frames', async () => {
    const engine = new SherpaWhisperEngine('test', readSherpaModel(model), sherpaPackage()!);
    try {
      const t = await engine.transcribe(wav, { language: 'en' });
      expect(t).toMatchObject({ engine: 'sherpa-onnx', model: 'test-parakeet', language: 'en' });
      const words = t.segments.flatMap((s) => s.words);
      expect(words.length).toBeGreaterThan(5);
      let at = 0;
      for (const w of words) {
        expect(w.start).toBeGreaterThanOrEqual(at);
        expect(w.end).toBeGreaterThan(w.start);
        expect(w.end).toBeLessThanOrEqual(12);
        at = w.end;
      }
      // Frame times (8x subsampling of 10 ms frames): many word starts sit on the 80 ms grid (tokens of one frame are spread by at least 10 ms),
      // which a share-out by word length would give about one word in 80.
      const onGrid = words.filter((w) => Math.abs(w.start / 0.08 - Math.round(w.start / 0.08)) < 1e-6).length;
      expect(onGrid / words.length).toBeGreaterThan(0.3);
      await expect(engine.transcribe(wav, { language: 'de' })).rejects.toThrow(/cannot transcribe language "de"/);
    } finally {
      engine.close();
    }
  });
});
