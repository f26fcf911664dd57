import { readFileSync } from 'node:fs';
import { ModelError } from './models.js';
import { WHISPER_LANGUAGES } from './whisper-languages.js';
import { LLM_CATALOGUE, type LlmFacts } from '../llm/catalogue.js';
import { DIARIZATION, EMBEDDINGS, PARAKEET } from './catalogue-onnx.js';

/**
 * The models `clipper models list --available` shows and `clipper models add NAME` installs
 * (issue 14, item 2): OpenAI's Whisper converted by the sherpa-onnx project to its ONNX format
 * (scripts/whisper/export-onnx.py), int8-quantised, from the project's pages on the public model
 * hub. The hub's address is CLIPPER_MODEL_HUB (default https://huggingface.co), so tests point
 * it at a local server.
 *
 * Checksums: `sha256` of an ONNX file is the Git LFS SHA-256 the hub shows for that file at the
 * pinned revision (`verified: true`). The tokens files are not in LFS; their SHA-256 is that of
 * the tiktoken file export-onnx.py copies line by line (openai/whisper's whisper/assets, same
 * byte count as the hub's file), `verified: false`. The other models (tiny.en, base.en, base,
 * small.en, small): the hub could not be reached from here; their pinned revisions, byte counts
 * and LFS SHA-256s are those independent public projects record alike for these files (their
 * tokens-file SHA-256s agree with the tiktoken ones below), so they are checked on download but
 * shown as not read from the hub (`verified: false`). A catalogue entry without a SHA-256 (one
 * of CLIPPER_MODEL_CATALOGUE) is downloaded and its SHA-256 printed instead of checked.
 */
export interface CatalogueFile {
  role: 'encoder' | 'decoder' | 'joiner' | 'tokens' | 'model' | 'vocab' | 'gguf';
  /** Its name in the installed folder. */
  file: string;
  /** Its path in the hub's repository, when not `file` (e.g. `onnx/model_quantized.onnx`). */
  path?: string;
  size_bytes: number;
  sha256?: string;
  /** True when `sha256` was read from the hub itself. */
  verified: boolean;
}

/** What a catalogue model is for (issue 28): `models setup` offers one of each kind. */
export type ModelKind = 'speech' | 'embedding' | 'llm' | 'diarization';

export interface CatalogueModel {
  name: string;
  /** Absent: `speech` (the Whisper entries of issue 14). */
  kind?: ModelKind;
  /** The one of its kind `clipper models setup` offers. */
  recommended?: boolean;
  /** What installing it changes for the user, in one line (`models setup` shows it). */
  gains?: string;
  /** Sentence encoders: how to pool and what to put before a request (kept in clipper-model.json). */
  embedding?: { pooling: 'cls' | 'mean'; query_prefix?: string; max_tokens?: number; similarity_floor?: number };
  /** Language models (kind `llm`, issue 28, item 1): size, quantisation, context, expected CPU rates. */
  llm?: LlmFacts;
  /** Speech models other than Whisper: sherpa-onnx's model type (`nemo_transducer` for Parakeet). */
  model_type?: 'nemo_transducer';
  /** ISO 639-1 codes of a speech model that is not Whisper (Whisper's are in its encoder). */
  language_codes?: string[];
  /** ISO 639 codes of the languages the model transcribes (`['en']` for an English-only one). */
  languages: string[];
  /** Relative speed from Whisper's README (large = 1x). */
  speed: string;
  licence: string;
  /** Published word error rate on LibriSpeech test-clean, where Whisper's paper gives one. */
  wer?: string;
  repo: string;
  revision: string;
  files: CatalogueFile[];
}

/** SHA-256 of openai/whisper's gpt2.tiktoken (English models) and multilingual.tiktoken. */
const TOKENS_EN = { size_bytes: 835_554, sha256: '306cd27f03c1a714eca7108e03d66b7dc042abe8c258b44c199a7ed9838dd930', verified: false };
const TOKENS_MULTI = { size_bytes: 816_730, sha256: 'b34b360dbb493e781e479794586d661700670d65564001f23024971d1f2fa126', verified: false };

const MB = 1_000_000;
function entry(name: string, speed: string, sizes: [number, number], wer: string | undefined, revision = 'main', hashes: [string?, string?] = [], fromHub = true): CatalogueModel {
  const en = name.endsWith('.en');
  return {
    name,
    languages: en ? ['en'] : [...WHISPER_LANGUAGES],
    speed,
    licence: 'MIT',
    wer,
    repo: `csukuangfj/sherpa-onnx-whisper-${name}`,
    revision,
    files: [
      { role: 'encoder', file: `${name}-encoder.int8.onnx`, size_bytes: Math.round(sizes[0] * MB), sha256: hashes[0], verified: fromHub && !!hashes[0] },
      { role: 'decoder', file: `${name}-decoder.int8.onnx`, size_bytes: Math.round(sizes[1] * MB), sha256: hashes[1], verified: fromHub && !!hashes[1] },
      { role: 'tokens', file: `${name}-tokens.txt`, ...(en ? TOKENS_EN : TOKENS_MULTI) },
    ],
  };
}

export const CATALOGUE: CatalogueModel[] = [
  entry('tiny.en', '~10x', [12.937772, 89.853865], '5.6%', 'd026532c022fa99fd789d6b32446a1df7b6bfc43', [
    '0ce578b827c94a961aacb8fa14b02f096504b337e5c94be37c36238cbe3e8bc6',
    '06c0e6ff6348d427e51839219d1c886c18cfdf411e629e33f5e1679bff9c1527',
  ], false),
  entry('tiny', '~10x', [12.9, 89.9], '7.6%', '18e7b4cce9526312a66981ec3af7b9446b70db66', [
    'dd5531121627e7e184a6b8f6a6e353edf39b40e328032dfdc146b5a359a3e3d0',
    'dd29c14f2104c14c3aca7dc8e13308190bbe4c65be21c82f4b86a27d8326b26b',
  ]),
  entry('base.en', '~7x', [29.120534, 130.669978], '4.2%', '59eea950fc76df2453efb57e6c0fd334548e8ffe', [
    'ef6b936f4c9b1d90a3b68634b60c4ed8576b26172b33c2535ec0e933c9edb823',
    'f7162ad6db2dbef16cfaeaa7f945b9d7dd9c1b8d472f6aca82f2273d185e4d41',
  ], false),
  entry('base', '~7x', [29.120534, 130.672026], '5.0%', 'bb53ee204431c90d314c1cc08d28d23e5b7927cc', [
    '0b8fb1304b6109976038efff5ace81720e00386f3ff6b54ee8c75291ca0a1e11',
    '9759d217388a01b3a4c7c15533201067b48ae819c4daafc8624e64b9409dc02d',
  ], false),
  entry('small.en', '~4x', [112.442483, 262.223042], '3.1%', 'd9533f69affd85061aee349af7fea5cb2996dbbe', [
    '8bdac288f369aa94ee2194059238c465ed82ea9d47ee8fa4a8c0a891873e462f',
    '710ccf890e10f3faa15f51ec346081a2723c9f3adb6e4da81c6573a5a6f877fb',
  ], false),
  entry('small', '~4x', [112.442483, 262.226114], '3.4%', '8f3c18b358db4d1f2fc1eae49d75cd20989e4309', [
    '4cbe7b22fa9026b843b60a68640c747de05bafb1a11b57edc0e66c232d9f33a9',
    'acad50b5c782696e91b55914cc5ab4f756f1532f76e22aa6fc615f39fb69a8ee',
  ], false),
];

/** Every entry of the catalogue, by kind: speech (Whisper, Parakeet), embedding, diarization, llm (llm/catalogue.ts). */
export const ALL_MODELS: CatalogueModel[] = [...CATALOGUE, ...PARAKEET, ...EMBEDDINGS, ...DIARIZATION, ...LLM_CATALOGUE];

/** A catalogue entry's kind (entries without one are speech models). */
export const kindOf = (m: CatalogueModel): ModelKind => m.kind ?? 'speech';

/** What runs a kind of model (`models list` shows it). */
export const ENGINE_OF_KIND: Record<ModelKind, string> = { speech: 'sherpa-onnx', embedding: 'onnxruntime', diarization: 'sherpa-onnx', llm: 'llama.cpp' };

/**
 * The catalogue in use, one kind of model (issue 28: speech, embedding, llm); the entry a kind
 * recommends is `recommendedOf`. Every reader (models list/add/setup, doctor, the engines'
 * hints) goes through `catalogue()`, so CLIPPER_MODEL_CATALOGUE reaches each the same way.
 */
export const modelsOfKind = (kind: ModelKind, env: NodeJS.ProcessEnv = process.env) => catalogue(env).filter((m) => kindOf(m) === kind);

/** The catalogue's recommended model of a kind (the last one, so an entry of CLIPPER_MODEL_CATALOGUE overrides the built-in choice). */
export const recommendedOf = (entries: CatalogueModel[], kind: ModelKind) => entries.filter((m) => kindOf(m) === kind && m.recommended).pop();

export const modelHub = (env: NodeJS.ProcessEnv = process.env) => (env.CLIPPER_MODEL_HUB || 'https://huggingface.co').replace(/\/+$/, '');

/** The download URL of one file of a catalogue model. */
export const fileUrl = (m: CatalogueModel, f: CatalogueFile, env: NodeJS.ProcessEnv = process.env) => `${modelHub(env)}/${m.repo}/resolve/${m.revision}/${f.path ?? f.file}`;

export const catalogueSize = (m: CatalogueModel) => m.files.reduce((n, f) => n + f.size_bytes, 0);

/**
 * The catalogue in use: the models above, plus (replacing those of the same name) the entries
 * of the JSON file CLIPPER_MODEL_CATALOGUE names, in the same shape: a mirror inside an
 * organisation, or a model converted in-house, installs by name with its own checksums.
 */
export function catalogue(env: NodeJS.ProcessEnv = process.env): CatalogueModel[] {
  const file = env.CLIPPER_MODEL_CATALOGUE;
  if (!file) return ALL_MODELS;
  let extra: CatalogueModel[];
  try {
    extra = JSON.parse(readFileSync(file, 'utf8')) as CatalogueModel[];
  } catch (e) {
    throw new ModelError(`CLIPPER_MODEL_CATALOGUE: cannot read ${file}: ${(e as Error).message}`);
  }
  if (!Array.isArray(extra) || !extra.every((m) => typeof m?.name === 'string' && typeof m.repo === 'string' && Array.isArray(m.files))) {
    throw new ModelError(`CLIPPER_MODEL_CATALOGUE: ${file} is not a list of models ({name, repo, revision, files: [{role, file, size_bytes, sha256}]})`);
  }
  return [...ALL_MODELS.filter((m) => !extra.some((x) => x.name === m.name)), ...extra.map((m) => ({ ...m, languages: languageList(m.languages) }))];
}

/** A catalogue file's `languages`: a list of codes, or as earlier versions wrote it (`"en"`, `"99"`: all of Whisper's). */
function languageList(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === 'string' && /^\d+$/.test(v.trim())) return [...WHISPER_LANGUAGES];
  return typeof v === 'string' && v.trim() ? v.split(/[\s,]+/).filter(Boolean) : [];
}

export const findCatalogueModel = (name: string, env: NodeJS.ProcessEnv = process.env) => catalogue(env).find((m) => m.name === name);
