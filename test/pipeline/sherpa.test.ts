import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractAudio } from '../../daemon/pipeline/media/index.js';
import { limitModelHosts } from '../../daemon/pipeline/model-host.js';
import { SpeechEngineError } from '../../daemon/pipeline/transcribe/errors.js';
import { readSherpaModel } from '../../daemon/pipeline/transcribe/sherpa-model.js';
import { sherpaPackage } from '../../daemon/pipeline/transcribe/sherpa-process.js';
import { SherpaWhisperEngine } from '../../daemon/pipeline/transcribe/sherpa.js';
import { writeWavSlice, readWavInfo } from '../../daemon/pipeline/transcribe/wav.js';
import type { Transcript } from '../../daemon/pipeline/types.js';
import { fixture, tempDir } from './helpers.js';
import { makeTestModel } from './test-model.js';

// The real sherpa-onnx-node package running the random-weight test model (fixtures/
// make-test-model.mjs) in its own process: the words are noise, so the tests check their shape,
// their times, languages, progress, cancellation and what happens when the engine dies.
const dir = tempDir('clipper-sherpa-');
const engine = (name: string, ...flags: string[]) => new SherpaWhisperEngine('test', readSherpaModel(makeTestModel(dir, name, ...flags)), sherpaPackage()!);
let wav: string;
let short: string;

beforeAll(async () => {
  const full = join(dir, 'sample.wav');
  await extractAudio(fixture('sample').video, full);
  wav = join(dir, 'first-25s.wav');
  await writeWavSlice(await readWavInfo(full), full, 0, 25, wav);
  short = join(dir, 'first-5s.wav');
  await writeWavSlice(await readWavInfo(full), full, 0, 5, short);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const words = (t: Transcript) => t.segments.flatMap((s) => s.words);

describe('the sherpa-onnx Whisper engine with the test model', () => {
  it('reads the model: languages, word-time source', () => {
    expect(readSherpaModel(makeTestModel(dir, 'en-only'))).toMatchObject({ name: 'en-only', multilingual: false, languages: ['en'], timings: 'tokens' });
    expect(readSherpaModel(makeTestModel(dir, 'multi', '--multilingual'))).toMatchObject({ multilingual: true, languages: ['en', 'de', 'fr', 'es'] });
    expect(readSherpaModel(makeTestModel(dir, 'phrases', '--no-attention')).timings).toBe('segments');
    expect(() => readSherpaModel(makeTestModel(dir, 'broken', '--bad-metadata'))).toThrow(/its encoder has no n_mels metadata/);
  });

  it('transcribes into segments of words whose times go forward, inside the audio', async () => {
    const e = engine('tiny-a');
    const progress: number[] = [];
    const t = await e.transcribe(wav, { language: 'en', onProgress: (p) => progress.push(p) });
    e.close();
    expect(t).toMatchObject({ engine: 'sherpa-onnx', model: 'tiny-a', language: 'en' });
    const all = words(t);
    expect(all.length).toBeGreaterThan(10);
    let at = 0;
    for (const w of all) {
      expect(w.text).toMatch(/\S/);
      expect(w.start).toBeGreaterThanOrEqual(at);
      expect(w.end).toBeGreaterThan(w.start);
      expect(w.end).toBeLessThanOrEqual(25);
      at = w.end;
    }
    for (const s of t.segments) expect(s).toMatchObject({ start: s.words[0].start, end: s.words.at(-1)!.end, text: s.words.map((w) => w.text).join(' ') });
    expect(progress).toEqual([0, 1]);
  });

  it('cuts audio longer than Whisper hears at once itself (a job planned before the model came)', async () => {
    const e = engine('tiny-long');
    const progress: number[] = [];
    const long = join(dir, 'first-70s.wav');
    const full = join(dir, 'sample.wav');
    await writeWavSlice(await readWavInfo(full), full, 0, 70, long);
    const t = await e.transcribe(long, { language: 'en', onProgress: (p) => progress.push(p) });
    e.close();
    expect(t).toMatchObject({ engine: 'sherpa-onnx', model: 'tiny-long' });
    const all = words(t);
    for (let i = 1; i < all.length; i++) expect(all[i].start).toBeGreaterThanOrEqual(all[i - 1].start);
    expect(all.at(-1)!.end).toBeGreaterThan(50);
    expect(all.at(-1)!.end).toBeLessThanOrEqual(70);
    expect(progress.at(-1)).toBe(1);
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThanOrEqual(progress[i - 1]);
  });

  it('shares phrase times among words when the model gives no token times', async () => {
    const e = engine('tiny-b', '--no-attention');
    const t = await e.transcribe(short, { language: 'en' });
    e.close();
    const all = words(t);
    expect(all.length).toBeGreaterThan(0);
    for (let i = 1; i < all.length; i++) expect(all[i].start).toBeGreaterThanOrEqual(all[i - 1].end);
  });

  it('refuses a language the model does not know, before starting any process', async () => {
    const e = engine('tiny-c');
    const err = await e.transcribe(short, { language: 'de' }).catch((x: unknown) => x);
    expect(err).toBeInstanceOf(SpeechEngineError);
    expect(err).toMatchObject({ permanent: true, message: expect.stringMatching(/model tiny-c cannot transcribe language "de": it knows English only/) });
    expect(e.pool.started).toHaveLength(0);
    const m = engine('multi-c', '--multilingual');
    await expect(m.transcribe(short, { language: 'ja' })).rejects.toThrow(/it knows 4 languages \(en, de, fr, es\)/);
    // A multilingual model takes its languages, and detects one when the job names none.
    expect((await m.transcribe(short, { language: 'fr' })).language).toBe('fr');
    expect(['en', 'de', 'fr', 'es']).toContain((await m.transcribe(short, { language: '' })).language);
    m.close();
  });

  it('keeps one process loaded between calls, and survives its crash', async () => {
    const e = engine('tiny-d');
    await e.transcribe(short, { language: 'en' });
    await e.transcribe(short, { language: 'en' });
    expect(e.pool.started).toHaveLength(1);
    // The native code aborts (an uncaught C++ exception): the call fails (not for good), the daemon lives on.
    // Killed once the request is out (progress 0 is reported just before it is sent).
    const pid = e.pool.started[0].pid!;
    const crashing = e.transcribe(wav, { language: 'en', onProgress: (p) => p === 0 && setImmediate(() => process.kill(pid, 'SIGABRT')) });
    const err = await crashing.catch((x: unknown) => x);
    expect(err).toMatchObject({ permanent: false, message: expect.stringMatching(/recogniser crashed \(SIGABRT\)/) });
    // The next call gets a fresh process.
    expect(words(await e.transcribe(short, { language: 'en' })).length).toBeGreaterThan(0);
    expect(e.pool.started).toHaveLength(2);
    e.close();
  });

  it('recognises chunks sent at once in one host, one after the other, on a thread per heavy slot', async () => {
    limitModelHosts(2);
    const e = engine('tiny-one');
    const both = await Promise.all([e.transcribe(short, { language: 'en' }), e.transcribe(short, { language: 'en' })]);
    expect(both.map((t) => t.language)).toEqual(['en', 'en']);
    expect(e.pool.started).toHaveLength(1);
    e.close();
  });

  it('ends the process when the job is cancelled', async () => {
    const e = engine('tiny-e');
    const abort = new AbortController();
    const call = e.transcribe(wav, { language: 'en', signal: abort.signal });
    call.catch(() => {});
    // Cancelled as soon as its process is started (starting Node and loading the model take longer).
    while (!e.pool.started.length) await new Promise((r) => setTimeout(r, 1));
    abort.abort(new Error('cancelled'));
    await expect(call).rejects.toThrow('cancelled');
    await new Promise((r) => setTimeout(r, 200));
    expect(e.pool.started[0].alive).toBe(false);
  });

  it('turns a model sherpa-onnx refuses into a permanent error that names no file of the daemon', async () => {
    const bad = makeTestModel(dir, 'bad-e', '--bad-metadata');
    // Past the up-front check (a model that went bad after it was read): sherpa-onnx ends its process.
    const e = new SherpaWhisperEngine('test', { ...readSherpaModel(makeTestModel(dir, 'good-e')), encoder: join(bad, 'bad-e-encoder.onnx') }, sherpaPackage()!);
    const err = (await e.transcribe(short, { language: 'en' }).catch((x: unknown) => x)) as SpeechEngineError;
    expect(err).toMatchObject({ permanent: true, message: expect.stringMatching(/refused the speech model good-e \(exit status 255\): 'n_mels' does not exist in the metadata/) });
    expect(err.message).not.toContain(dir);
  });
});
