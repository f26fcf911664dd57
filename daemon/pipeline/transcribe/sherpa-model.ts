import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { OnnxFormatError, readOnnxInfo } from './onnx-info.js';

/**
 * A Whisper model in sherpa-onnx's format (issue 14, item 1): `<x>-encoder.onnx`,
 * `<x>-decoder.onnx` and `<x>-tokens.txt` in one folder (`.int8.onnx` for the quantised ones),
 * as sherpa-onnx's scripts/whisper/export-onnx.py writes them and its model hub publishes them.
 */
export interface SherpaWhisperModel {
  /** The folder's name in DATA_DIR/models (what `clipper models list` shows). */
  name: string;
  dir: string;
  encoder: string;
  decoder: string;
  tokens: string;
  /** ISO 639-1 codes the model knows; English-only (`.en`) models know `en` alone. */
  languages: string[];
  multilingual: boolean;
  /**
   * `tokens`: the decoder gives cross-attention weights (export-onnx-with-attention.py), so
   * every token gets a time (DTW). `segments`: only Whisper's own timestamp tokens, a start and
   * end per phrase; word times inside a phrase are shared out by length.
   */
  timings: 'tokens' | 'segments';
  size_bytes: number;
  /** `nemo_transducer`: NVIDIA Parakeet TDT (issue 28, item 4), with `joiner`; absent: Whisper. */
  family?: 'nemo_transducer';
  joiner?: string;
}

/** A model folder that is not a usable sherpa-onnx Whisper model; the message says why. */
export class SherpaModelError extends Error {}

/**
 * Metadata sherpa-onnx reads from the encoder and, when one is missing, answers by ending its
 * process (SHERPA_ONNX_EXIT): checked here first, so a bad model is a clear message instead.
 */
const REQUIRED = ['n_mels', 'n_text_layer', 'n_text_ctx', 'n_text_state', 'n_vocab', 'sot', 'eot', 'blank_id', 'translate', 'transcribe', 'is_multilingual', 'no_timestamps', 'no_speech', 'sot_sequence'];

const ROLE = /^(.*)-(encoder|decoder)(\.int8)?\.onnx$/;
const TRANSDUCER = /^(encoder|decoder|joiner)(\.int8)?\.onnx$/;
/** Metadata sherpa-onnx reads from a NeMo transducer's encoder (offline-transducer-nemo-model.cc). */
const NEMO_REQUIRED = ['vocab_size', 'subsampling_factor', 'pred_rnn_layers', 'pred_hidden'];

/** The three files of the model in `dir`, checked; throws SherpaModelError. */
export function readSherpaModel(dir: string): SherpaWhisperModel {
  const name = basename(dir);
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch {
    throw new SherpaModelError(`${name} is not a model folder`);
  }
  if (files.some((f) => TRANSDUCER.exec(f)?.[1] === 'joiner')) return readTransducer(dir, name, files);
  const pick = (role: string) => {
    const found = files.filter((f) => ROLE.exec(f)?.[2] === role).sort((a, b) => a.length - b.length);
    if (!found.length) throw new SherpaModelError(`${name} has no ${role} (a file called <name>-${role}.onnx)`);
    return found[0];
  };
  const encoder = pick('encoder');
  const decoder = pick('decoder');
  const prefix = ROLE.exec(encoder)![1];
  const tokens = files.includes(`${prefix}-tokens.txt`) ? `${prefix}-tokens.txt` : files.find((f) => f.endsWith('tokens.txt'));
  if (!tokens) throw new SherpaModelError(`${name} has no tokens file (${prefix}-tokens.txt)`);

  let enc, dec;
  try {
    enc = readOnnxInfo(join(dir, encoder));
    dec = readOnnxInfo(join(dir, decoder));
  } catch (e) {
    if (e instanceof OnnxFormatError) throw new SherpaModelError(`${name}: ${e.message}`);
    throw e;
  }
  const meta = enc.metadata;
  const missing = REQUIRED.filter((k) => !(k in meta));
  if (missing.length) throw new SherpaModelError(`${name} is not a Whisper model for sherpa-onnx: its encoder has no ${missing.join(', ')} metadata`);
  if (dec.outputs.length < 3) throw new SherpaModelError(`${name} is not a Whisper model for sherpa-onnx: its decoder has ${dec.outputs.length} outputs, not 3 or 4`);
  const multilingual = meta.is_multilingual === '1';
  const languages = multilingual ? (meta.all_language_codes ?? '').split(',').filter(Boolean) : ['en'];
  if (multilingual && languages.length !== (meta.all_language_tokens ?? '').split(',').filter(Boolean).length) {
    throw new SherpaModelError(`${name}: its encoder's language codes and language tokens differ in number`);
  }
  const size = [encoder, decoder, tokens].reduce((n, f) => n + statSync(join(dir, f)).size, 0);
  return {
    name,
    dir,
    encoder: join(dir, encoder),
    decoder: join(dir, decoder),
    tokens: join(dir, tokens),
    languages,
    multilingual,
    timings: dec.outputs.length >= 4 ? 'tokens' : 'segments',
    size_bytes: size,
  };
}

/**
 * NVIDIA Parakeet TDT as sherpa-onnx's export writes it (issue 28, item 4): `encoder.onnx`,
 * `decoder.onnx`, `joiner.onnx` (or `.int8.onnx`) and `tokens.txt` ending with `<blk>`. Every
 * token gets a frame time and a duration from the transducer, so word times are real. Its
 * languages are the catalogue entry's (clipper-model.json), English when it does not say.
 */
function readTransducer(dir: string, name: string, files: string[]): SherpaWhisperModel {
  const pick = (role: string) => {
    const found = files.filter((f) => TRANSDUCER.exec(f)?.[1] === role).sort((a, b) => a.length - b.length);
    if (!found.length) throw new SherpaModelError(`${name} has no ${role} (${role}.onnx or ${role}.int8.onnx)`);
    return found[0];
  };
  const [encoder, decoder, joiner] = ['encoder', 'decoder', 'joiner'].map(pick);
  if (!files.includes('tokens.txt')) throw new SherpaModelError(`${name} has no tokens file (tokens.txt)`);
  let meta;
  try {
    meta = readOnnxInfo(join(dir, encoder)).metadata;
    for (const f of [decoder, joiner]) readOnnxInfo(join(dir, f));
  } catch (e) {
    if (e instanceof OnnxFormatError) throw new SherpaModelError(`${name}: ${e.message}`);
    throw e;
  }
  const missing = NEMO_REQUIRED.filter((k) => !(k in meta));
  if (missing.length) throw new SherpaModelError(`${name} is not a NeMo transducer for sherpa-onnx: its encoder has no ${missing.join(', ')} metadata`);
  const tokens = readFileSync(join(dir, 'tokens.txt'), 'utf8').trimEnd().split('\n');
  if (!/^<blk> \d+$/.test(tokens[tokens.length - 1] ?? '')) throw new SherpaModelError(`${name}: tokens.txt does not end with the blank token <blk>`);
  let languages = ['en'];
  try {
    const record = JSON.parse(readFileSync(join(dir, 'clipper-model.json'), 'utf8')) as { language_codes?: string[] };
    if (Array.isArray(record.language_codes) && record.language_codes.length) languages = record.language_codes;
  } catch {
    // no record (a model copied in by hand): English
  }
  return {
    name,
    dir,
    encoder: join(dir, encoder),
    decoder: join(dir, decoder),
    joiner: join(dir, joiner),
    tokens: join(dir, 'tokens.txt'),
    languages,
    multilingual: languages.length > 1,
    timings: 'tokens',
    family: 'nemo_transducer',
    size_bytes: [encoder, decoder, joiner, 'tokens.txt'].reduce((n, f) => n + statSync(join(dir, f)).size, 0),
  };
}
