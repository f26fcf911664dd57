import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseWhisperJson } from '../../daemon/pipeline/transcribe/whisper-json.js';
import { WhisperCppEngine } from '../../daemon/pipeline/transcribe/whisper.js';
import { tempDir } from './helpers.js';

// Written by hand in the layout of whisper.cpp's output_json(full = true) (examples/cli/cli.cpp):
// tabs, "offsets" in milliseconds, sub-word tokens, special tokens, quotes escaped.
const SAMPLE = resolve(import.meta.dirname, 'data', 'whisper-full.json');

const dir = tempDir('clipper-whisper-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('whisper.cpp JSON', () => {
  it('joins sub-word tokens into timed words and leaves special tokens out', () => {
    const { language, segments } = parseWhisperJson(readFileSync(SAMPLE));
    expect(language).toBe('en');
    expect(segments.map((s) => [s.text, s.start, s.end])).toEqual([
      ['Let us talk about pricing.', 0, 2.4],
      ['It costs "twenty" dollars.', 3, 5],
    ]);
    expect(segments[0].words.map((w) => w.text)).toEqual(['Let', 'us', 'talk', 'about', 'pricing.']);
    expect(segments[0].words[4]).toEqual({ text: 'pricing.', start: 1.3, end: 2.2, confidence: 0.8 });
    expect(segments[1].words.map((w) => w.text)).toEqual(['It', 'costs', '"twenty"', 'dollars.']);
    expect(segments[1].words[2]).toMatchObject({ start: 3.7, end: 4.25 });
  });

  it('decodes a character whose UTF-8 bytes are split over two tokens', () => {
    // whisper.cpp writes token bytes as they are: "é" = C3 A9 arrives as two tokens.
    const file = Buffer.concat([
      Buffer.from('{"transcription": [{"offsets": {"from": 500, "to": 1500}, "text": " caf'),
      Buffer.from([0xc3, 0xa9]),
      Buffer.from('\n", "tokens": [{"text": " caf", "offsets": {"from": 500, "to": 900}, "p": 0.9}, {"text": "'),
      Buffer.from([0xc3]),
      Buffer.from('", "offsets": {"from": 900, "to": 1100}, "p": 0.5}, {"text": "'),
      Buffer.from([0xa9]),
      Buffer.from('", "offsets": {"from": 1100, "to": 1400}, "p": 0.7}]}]}'),
    ]);
    const { segments } = parseWhisperJson(file, 10);
    expect(segments[0].text).toBe('café');
    expect(segments[0].words).toEqual([{ text: 'café', start: 10.5, end: 11.4, confidence: 0.7 }]);
  });

  it('spreads the words over the segment when there are no token times (plain -oj)', () => {
    const file = Buffer.from(JSON.stringify({ transcription: [{ offsets: { from: 0, to: 3000 }, text: ' aa bbbb' }] }));
    const { segments } = parseWhisperJson(file);
    expect(segments[0].words).toEqual([
      { text: 'aa', start: 0, end: 1 },
      { text: 'bbbb', start: 1, end: 3 },
    ]);
  });
});

/** A stand-in for whisper-cli that behaves like it at the process level: args, stderr, JSON file. */
function fakeWhisperCli(body: string): string {
  const bin = join(dir, `whisper-cli-${Math.random().toString(36).slice(2)}`);
  writeFileSync(bin, `#!/bin/sh\necho "$@" > "${bin}.args"\n${body}\n`);
  chmodSync(bin, 0o755);
  return bin;
}

describe('whisper.cpp engine', () => {
  const wav = join(dir, 'in.wav');
  writeFileSync(wav, 'RIFF');

  it('runs the binary with the model, the language and full JSON output, and reads the result', async () => {
    const bin = fakeWhisperCli(`
      while [ $# -gt 0 ]; do [ "$1" = "-of" ] && out="$2"; shift; done
      for p in 10 55 100; do echo "whisper_print_progress_callback: progress = $p%" >&2; done
      cp "${SAMPLE}" "$out.json"`);
    const engine = new WhisperCppEngine('test', { binary: bin, model: '/models/ggml-base.en.bin', threads: 2 });
    const progress: number[] = [];
    const t = await engine.transcribe(wav, { language: 'en', onProgress: (p) => progress.push(p) });
    expect(t.engine).toBe('whisper.cpp');
    expect(t.segments).toHaveLength(2);
    expect(progress).toEqual([0.1, 0.55, 0.99, 1]);
    const args = readFileSync(`${bin}.args`, 'utf8');
    expect(args).toContain('-m /models/ggml-base.en.bin');
    expect(args).toContain(`-f ${wav}`);
    expect(args).toContain('-l en');
    expect(args).toContain('-ojf');
  });

  it('says the binary is too old when it writes no JSON', async () => {
    const bin = fakeWhisperCli('echo "error: unknown argument: -ojf" >&2; exit 0');
    const engine = new WhisperCppEngine('test', { binary: bin, model: '/m.bin' });
    await expect(engine.transcribe(wav, { language: 'en' })).rejects.toThrow(/too old/);
  });

  it('passes a failure on with the end of stderr', async () => {
    const bin = fakeWhisperCli('echo "whisper_init_from_file: failed to load model" >&2; exit 3');
    const engine = new WhisperCppEngine('test', { binary: bin, model: '/m.bin' });
    await expect(engine.transcribe(wav, { language: 'en' })).rejects.toThrow(/status 3: whisper_init_from_file: failed to load model/);
  });
});
