// Issue 28, items 3 and 6: sentence embeddings through the real onnxruntime-node, on a tiny
// random-weight BERT-style encoder our script writes in the ONNX format (Gather, MatMul, Add,
// LayerNormalization, attention with a mask, GELU from Erf), with our WordPiece tokenizer.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeEncoder, Embedder, findEmbedder, shortlist } from '../../daemon/pipeline/embed/embedder.js';
import { EncoderProcess, onnxRuntimePackage } from '../../daemon/pipeline/embed/embed-process.js';
import { readEmbeddingModel } from '../../daemon/pipeline/embed/embed-model.js';
import { passages, semanticMatch } from '../../daemon/pipeline/embed/semantic.js';
import { embeddingsFor } from '../../daemon/pipeline/embed/stage.js';
import { WordPiece } from '../../daemon/pipeline/embed/wordpiece.js';
import { installModel } from '../../daemon/pipeline/transcribe/model-install.js';
import { listModels } from '../../daemon/pipeline/transcribe/models.js';
import type { Transcript } from '../../daemon/pipeline/types.js';
import { makeEmbeddingModel } from './test-embed-model.js';

const tmp = mkdtempSync(join(tmpdir(), 'clipper-embed-'));
const modelDir = makeEmbeddingModel(tmp);
afterAll(() => {
  closeEncoder();
  rmSync(tmp, { recursive: true, force: true });
});

const talk = (sentences: string[]): Transcript => ({
  engine: 'pocketsphinx',
  language: 'en',
  segments: sentences.map((text, i) => {
    const words = text.split(' ').map((w, k) => ({ text: w, start: i * 30 + k * 0.4, end: i * 30 + k * 0.4 + 0.3 }));
    return { text, start: words[0].start, end: words[words.length - 1].end, words };
  }),
});

describe('WordPiece', () => {
  const wp = new WordPiece(['[PAD]', '[UNK]', '[CLS]', '[SEP]', 'the', 'play', '##ing', '##s', 'un', '##aff', '##able', ',', '.'].join('\n'));
  it('splits words into the longest pieces, lower-cases, strips accents and parts punctuation', () => {
    expect(wp.basic('Thé PLAYING, plays.')).toEqual(['the', 'playing', ',', 'plays', '.']);
    expect(wp.encode('The playing, plays.')).toEqual([2, 4, 5, 6, 11, 5, 7, 12, 3]);
    expect(wp.pieces('unaffable')).toEqual([8, 9, 10]);
    expect(wp.pieces('xyz')).toEqual([1]);
  });
  it('cuts to the longest input and pads a batch with its mask', () => {
    expect(wp.encode('the the the the the', 4)).toEqual([2, 4, 4, 3]);
    const [a, b] = wp.batch(['the', 'the play']);
    expect(a).toEqual({ ids: [2, 4, 3, 0], mask: [1, 1, 1, 0] });
    expect(b.mask).toEqual([1, 1, 1, 1]);
  });
  it('refuses a vocabulary without BERT special tokens', () => {
    expect(() => new WordPiece('a\nb')).toThrow(/no \[CLS\]/);
  });
});

describe('the tiny encoder through onnxruntime-node', () => {
  it('is installed and recognised as an embedding model', async () => {
    expect(onnxRuntimePackage()).toBeTruthy();
    const dataDir = join(tmp, 'data');
    const info = await installModel(modelDir, dataDir);
    expect(info).toMatchObject({ name: 'test-embed', kind: 'embedding' });
    expect(listModels(dataDir).map((m) => m.kind)).toEqual(['embedding']);
    expect(findEmbedder(dataDir, {})?.name).toBe('test-embed');
    expect(findEmbedder(dataDir, { CLIPPER_EMBEDDING_MODEL: 'none' })).toBeUndefined();
  });

  it('gives unit vectors, the same for the same text whatever the batch, and padding changes nothing', async () => {
    const e = findEmbedder(undefined, { CLIPPER_EMBEDDING_MODEL: modelDir })!;
    const [a, b, c] = await e.embed(['battery range on a cold morning', 'the price of the phone', 'battery range on a cold morning']);
    expect(a).toHaveLength(32);
    expect(Math.hypot(...a)).toBeCloseTo(1, 5);
    b.forEach((x) => expect(Number.isFinite(x)).toBe(true));
    a.forEach((x, i) => expect(x).toBeCloseTo(c[i], 5));
    const [alone] = await e.embed(['battery range on a cold morning']);
    alone.forEach((x, i) => expect(x).toBeCloseTo(a[i], 4));
  });

  it('rates the passage that shares the request\'s words above unrelated ones (mean pooling keeps the words)', async () => {
    const e = findEmbedder(undefined, { CLIPPER_EMBEDDING_MODEL: modelDir })!;
    const like = await e.likeness('battery range', ['garden soil and rain water', 'battery range in a car', 'a song on guitar']);
    expect(like[1]).toBeGreaterThan(like[0]);
    expect(like[1]).toBeGreaterThan(like[2]);
  });

  it('matches passages of a talk to the request, with times', async () => {
    const e = findEmbedder(undefined, { CLIPPER_EMBEDDING_MODEL: modelDir })!;
    const t = talk(['we talk about garden soil', 'then battery range in cold weather', 'and price of a phone']);
    expect(passages(t).length).toBeGreaterThanOrEqual(2);
    const m = (await semanticMatch(e, 'battery range', t))!;
    expect(m.model).toBe('test-embed');
    for (const p of m.passages) expect(p.likeness).toBeGreaterThanOrEqual(0);
    const best = m.passages.reduce((x, y) => (y.likeness > x.likeness ? y : x));
    expect(best.start).toBe(30);
  });

  it('a broken model or an encoder process that dies leaves the heuristics, and says so', async () => {
    const broken = join(tmp, 'data', 'models', 'broken-embed');
    mkdirSync(broken, { recursive: true });
    writeFileSync(join(broken, 'model.onnx'), 'not a model');
    writeFileSync(join(broken, 'vocab.txt'), '[PAD]\n[UNK]\n[CLS]\n[SEP]\nthe\n');
    const t = talk(['the garden and the soil']);
    const r = await embeddingsFor(join(tmp, 'data'), { CLIPPER_EMBEDDING_MODEL: 'broken-embed' }, 'the garden', false, t);
    expect(r.semantic).toBeUndefined();
    expect(r.ranking).toMatchObject({ by: 'heuristics', note: expect.stringMatching(/^sentence embeddings failed/) });
    expect(await embeddingsFor(join(tmp, 'data'), {}, undefined, false, t)).toEqual({});

    const proc = new EncoderProcess(onnxRuntimePackage()!);
    const model = readEmbeddingModel(modelDir);
    const pending = proc.encode({ model: model.model, pooling: 'mean', ids: [[2, 3]], mask: [[1, 1]] });
    proc.kill();
    await expect(pending).rejects.toThrow(/ended/);
    const e = new Embedder(model, () => proc);
    await expect(e.embed(['x'])).rejects.toThrow(/ended/);
  });
});

describe('shortlist for a language model', () => {
  it('keeps the texts most like the request, best first', async () => {
    const e = findEmbedder(undefined, { CLIPPER_EMBEDDING_MODEL: modelDir })!;
    expect(await shortlist(e, 'battery range', ['garden soil and rain water', 'battery range in a car', 'a song on guitar'], 1)).toEqual([1]);
  });
});
