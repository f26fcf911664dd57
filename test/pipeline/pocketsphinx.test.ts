import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractAudio } from '../../daemon/pipeline/media/index.js';
import { FRAME_SECONDS, planChunks } from '../../daemon/pipeline/transcribe/chunking.js';
import { PocketsphinxEngine } from '../../daemon/pipeline/transcribe/pocketsphinx.js';
import { parsePocketsphinxOutput } from '../../daemon/pipeline/transcribe/pocketsphinx-output.js';
import { findPocketsphinx, type PocketsphinxSetup } from '../../daemon/pipeline/transcribe/pocketsphinx-setup.js';
import { readWavInfo, writeWavSlice } from '../../daemon/pipeline/transcribe/wav.js';
import type { Transcript } from '../../daemon/pipeline/types.js';
import { contentWords, fixture, tempDir, type FixtureExpectation } from './helpers.js';

// What `pocketsphinx_continuous -infile in.wav -time yes -logfn /dev/null` printed for festival
// speech on this machine (FACTS.md), with a filler and a second utterance added.
const RECORDED = `let us talk about pricing the cost of the planets
<s> 0.060 0.140 0.999500
let 0.150 0.390 0.908091
us 0.400 0.560 0.977358
talk 0.570 0.870 0.999100
about 0.880 1.150 0.999800
pricing 1.160 1.840 0.999800
<sil> 1.850 2.150 0.998900
[NOISE] 2.160 2.200 0.400000
(NULL) 2.200 2.200 1.000000
the 2.210 2.260 0.820679
cost 2.270 2.650 0.990445
of 2.660 2.760 0.984125
the 2.770 2.830 0.971413
planets 2.840 3.470 0.279250
</s> 3.480 3.530 1.000000

<s> 5.000 5.100 1.000000
</s> 5.100 5.200 1.000000
and the price
<s> 6.000 6.050 0.999000
and(2) 6.060 6.200 0.777533
the 6.210 6.300 0.960785
price 6.310 6.800 1.000100
</s> 6.810 6.900 1.000000
`;

describe('pocketsphinx output', () => {
  it('makes a segment per utterance with word times, leaving out markers and fillers', () => {
    const segments = parsePocketsphinxOutput(RECORDED, 100, 1);
    expect(segments.map((s) => s.text)).toEqual(['let us talk about pricing the cost of the planets', 'and the price']);
    expect(segments[0]).toMatchObject({ start: 100.15, end: 103.47 });
    expect(segments[0].words[4]).toEqual({ text: 'pricing', start: 101.16, end: 101.84, confidence: 0.9998 });
    expect(segments[1].words[0]).toMatchObject({ text: 'and', start: 106.06 });
    // Posteriors a hair over 1 are clamped.
    expect(segments[1].words[2].confidence).toBe(1);
  });

  it('also ends a segment at a sentence-long pause inside an utterance', () => {
    const segments = parsePocketsphinxOutput(RECORDED);
    expect(segments.map((s) => s.text)).toEqual(['let us talk about pricing', 'the cost of the planets', 'and the price']);
    expect(segments[1]).toMatchObject({ start: 2.21, end: 3.47 });
  });
});

describe('chunk planning', () => {
  const energies = (seconds: number, quiet: [number, number][]) => {
    const e = new Float32Array(Math.round(seconds / FRAME_SECONDS)).fill(3000);
    for (const [a, b] of quiet) e.fill(0, Math.round(a / FRAME_SECONDS), Math.round(b / FRAME_SECONDS));
    return e;
  };

  it('keeps short audio whole', () => {
    expect(planChunks(energies(20, []), 20, { parallel: 2 })).toEqual([{ start: 0, end: 20 }]);
  });

  it('splits for every core, inside the pause nearest the even split', () => {
    const chunks = planChunks(energies(100, [[20, 21], [46.5, 48.5]]), 100, { parallel: 2 });
    expect(chunks).toHaveLength(2);
    expect(chunks[0].end).toBeGreaterThanOrEqual(46.65);
    expect(chunks[0].end).toBeLessThanOrEqual(48.35);
    expect(chunks[1]).toEqual({ start: chunks[0].end, end: 100 });
  });

  it('bounds the chunk length on long audio and covers it end to end', () => {
    const chunks = planChunks(energies(600, []), 600, { parallel: 2, maxChunk: 60 });
    expect(chunks).toHaveLength(10);
    expect(chunks[0].start).toBe(0);
    expect(chunks.at(-1)!.end).toBe(600);
    chunks.slice(1).forEach((c, i) => expect(c.start).toBe(chunks[i].end));
  });

  it('with a hard limit (Whisper hears 30 s at once), cuts a chunk the quiet point made too long again', () => {
    // Pauses placed so that the quiet points pull the cuts away from the even split.
    const quiet: [number, number][] = [[18, 18.6], [40, 40.6], [53.6, 54.2], [66, 66.6]];
    const loose = planChunks(energies(120, quiet), 120, { parallel: 2, maxChunk: 26 });
    expect(Math.max(...loose.map((c) => c.end - c.start))).toBeGreaterThan(26);
    const strict = planChunks(energies(120, quiet), 120, { parallel: 2, maxChunk: 26, strict: true });
    for (const c of strict) expect(c.end - c.start).toBeLessThanOrEqual(26);
    expect(strict[0].start).toBe(0);
    expect(strict.at(-1)!.end).toBe(120);
    strict.slice(1).forEach((c, i) => expect(c.start).toBe(strict[i].end));
    // A new cut goes into a pause where there is one.
    expect(strict.some((c) => c.end > 40 && c.end < 40.6)).toBe(true);
  });
});

let expected: FixtureExpectation;
let wav: string;
let setup: PocketsphinxSetup;
const dir = tempDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  const f = fixture('topics');
  expected = f.expected;
  wav = await extractAudio(f.video, join(dir, 'topics.wav'));
  setup = findPocketsphinx().setup!;
  expect(setup, 'pocketsphinx and pocketsphinx-en-us must be installed').toBeDefined();
});

describe('wav slices', () => {
  it('copies a time range with a header of its own', async () => {
    const info = await readWavInfo(wav);
    const out = join(dir, 'slice.wav');
    await writeWavSlice(info, wav, 1, 2.5, out);
    const slice = await readWavInfo(out);
    expect(slice).toMatchObject({ sampleRate: 16000, channels: 1, dataOffset: 44, duration: 1.5 });
    expect(readFileSync(out).subarray(44).equals(readFileSync(wav).subarray(44 + 32000, 44 + 32000 * 2.5))).toBe(true);
  });
});

describe('pocketsphinx engine on festival speech', () => {
  let transcript: Transcript;
  const progress: number[] = [];

  beforeAll(async () => {
    const engine = new PocketsphinxEngine('test', setup, { parallel: 2 });
    transcript = await engine.transcribe(wav, { language: 'en', onProgress: (p) => progress.push(p) });
  }, 120_000);

  it('recognises most content words of each topic at the time it was spoken', () => {
    expect(transcript.engine).toBe('pocketsphinx');
    for (const seg of expected.segments) {
      const said = new Set(contentWords(seg.text));
      const heard = new Set(transcript.segments.flatMap((s) => s.words).filter((w) => w.start >= seg.start - 0.5 && w.end <= seg.end + 0.5).map((w) => w.text));
      const found = [...said].filter((w) => heard.has(w));
      expect(found.length / said.size, `${seg.topic}: heard ${[...heard].join(' ')}`).toBeGreaterThanOrEqual(0.6);
    }
  });

  it('gives ordered, plausible word and segment times that never span a topic pause', () => {
    const words = transcript.segments.flatMap((s) => s.words);
    words.forEach((w, i) => {
      expect(w.end).toBeGreaterThan(w.start);
      expect(w.end - w.start).toBeLessThan(2);
      if (i) expect(w.start).toBeGreaterThanOrEqual(words[i - 1].start);
    });
    for (const s of transcript.segments) {
      const inOne = expected.segments.some((e) => s.start >= e.start - 0.5 && s.end <= e.end + 0.5);
      expect(inOne, `${s.start}-${s.end} ${s.text}`).toBe(true);
    }
  });

  it('reports growing progress that ends at 1', () => {
    expect(progress.length).toBeGreaterThan(1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(progress.at(-1)).toBe(1);
  });
});

describe('pocketsphinx engine options', () => {
  it('recognises exactly the sentences of a JSGF grammar', async () => {
    const seg = expected.segments.find((s) => s.topic === 'roadmap')!;
    const part = join(dir, 'roadmap.wav');
    await writeWavSlice(await readWavInfo(wav), wav, seg.start - 0.5, seg.end + 0.5, part);
    const sentences = seg.text.toLowerCase().replace(/[^a-z .]+/g, '').split('.').map((s) => s.trim()).filter(Boolean);
    const grammar = join(dir, 'roadmap.jsgf');
    writeFileSync(grammar, `#JSGF V1.0;\ngrammar roadmap;\npublic <talk> = <sentence>+;\n<sentence> = ${sentences.join(' | ')};\n`);
    const engine = new PocketsphinxEngine('test', setup, { grammar });
    const t = await engine.transcribe(part, { language: 'en' });
    const vocabulary = new Set(sentences.join(' ').split(/\s+/));
    const words = t.segments.flatMap((s) => s.words.map((w) => w.text));
    expect(words.every((w) => vocabulary.has(w)), words.join(' ')).toBe(true);
    expect(words.length / sentences.join(' ').split(/\s+/).length).toBeGreaterThanOrEqual(0.8);
  });

  it('leaves languages other than English to the no-speech mode', async () => {
    const t = await new PocketsphinxEngine('test', setup).transcribe(wav, { language: 'de' });
    expect(t).toEqual({ engine: 'none', language: 'de', segments: [] });
  });

  it('stops every recogniser on abort and removes its chunk files', async () => {
    const ac = new AbortController();
    const engine = new PocketsphinxEngine('test', setup, { parallel: 2 });
    // Abort while the recognisers run (they print nothing until their first utterance ends).
    setTimeout(() => ac.abort(), 500);
    const err = await engine.transcribe(wav, { language: 'en', signal: ac.signal }).catch((e: Error) => e);
    expect((err as Error).name).toBe('AbortError');
    expect(readdirSync(dir).filter((f) => f.startsWith('.chunks-'))).toEqual([]);
  });
});
