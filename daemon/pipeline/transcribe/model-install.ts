import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { writeViaTemp } from '../temp-file.js';
import { type CatalogueModel, fileUrl, findCatalogueModel, kindOf } from './model-catalogue.js';
import { type Downloaded, downloadFile, type DownloadOptions } from './model-download.js';
import { checkGgmlFile, describeModel, ModelError, type ModelInfo, modelsDir } from './models.js';
import { readSherpaModel, SherpaModelError } from './sherpa-model.js';
import { EmbeddingModelError, looksLikeEmbedding, readEmbeddingModel } from '../embed/embed-model.js';
import { isGgufFile } from '../llm/gguf.js';
import { DiarizationModelError, looksLikeDiarization, readDiarizationModel } from '../speakers/diarization-model.js';

export interface InstallOptions extends Pick<DownloadOptions, 'signal' | 'retryDelayMs'> {
  /** Name in the models folder (default: the catalogue name, or the source's own name). */
  name?: string;
  /** Replace a model of the same name. */
  force?: boolean;
  /** Bytes so far and the total of the file being fetched (`file` names it). */
  onProgress?: (received: number, total: number | undefined, file: string) => void;
  /** Files downloaded without a published checksum, with the SHA-256 they had. */
  onUnverified?: (file: string, sha256: string) => void;
  env?: NodeJS.ProcessEnv;
}

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;
const SHERPA_FILE = /^(.*)-(encoder|decoder)(\.int8)?\.onnx$/;
/** Parakeet's export (issue 28, item 4): encoder, decoder and joiner without a name prefix. */
const TRANSDUCER_FILE = /^(encoder|decoder|joiner)(\.int8)?\.onnx$/;
const isUrl = (s: string) => /^https?:\/\//i.test(s);

/**
 * `clipper models add NAME|FILE|URL` (DESIGN.md "Second round"): a catalogue name, a local
 * ggml file, a local sherpa-onnx model (its folder or its encoder file), or the URL of a ggml
 * file or of a sherpa-onnx encoder (its decoder and tokens file are fetched from beside it).
 * Everything lands in a hidden folder first and is renamed into `<dataDir>/models/` only once
 * complete, checked and loadable, so a failed install leaves no model behind.
 */
export async function installModel(source: string, dataDir: string, opts: InstallOptions = {}): Promise<ModelInfo> {
  const catalogued = !isUrl(source) && findCatalogueModel(source, opts.env);
  const own = isUrl(source) ? decodeURIComponent(basename(new URL(source).pathname)) : basename(source);
  const sherpaName = SHERPA_FILE.exec(own)?.[1];
  const name = opts.name ?? (catalogued ? catalogued.name : (sherpaName ?? own));
  if (!SAFE_NAME.test(name)) throw new ModelError(`"${name}" is not a usable model file name (letters, digits, '.', '_' and '-'); pass --name`);
  const target = join(modelsDir(dataDir), name);
  if (!opts.force && (await stat(target).catch(() => undefined))) throw new ModelError(`a model called ${name} is installed already (use --force to replace it)`);

  if (catalogued && kindOf(catalogued) === 'llm') return installGguf(catalogued, target, dataDir, opts);
  if (catalogued) return installFolder(target, dataDir, (dir) => fetchCatalogued(catalogued, dir, opts));
  if (isUrl(source) && sherpaName) return installFolder(target, dataDir, (dir) => fetchSiblings(source, dir, opts));
  if (isUrl(source)) {
    const staged = join(modelsDir(dataDir), '.downloads', name);
    await mkdir(dirname(staged), { recursive: true });
    await downloadFile(source, staged, progress(opts, own));
    try {
      if (!isGgufFile(staged)) checkGgmlFile(staged);
    } catch (e) {
      await rm(staged, { force: true });
      throw e;
    }
    await rename(staged, target);
    return describeModel(target)!;
  }
  const st = await stat(source).catch(() => undefined);
  if (!st) throw new ModelError(`${source} is not a file or folder, nor a model of the catalogue (\`clipper models list --available\`)`);
  if (st.isDirectory() || sherpaName) return installFolder(target, dataDir, (dir) => copySherpa(st.isDirectory() ? source : dirname(source), dir, sherpaName));
  await writeViaTemp(target, async (temp) => {
    await copyFile(source, temp);
    opts.onProgress?.(st.size, st.size, own);
    if (!isGgufFile(temp)) checkGgmlFile(temp);
  });
  return describeModel(target)!;
}

const progress = (opts: InstallOptions, file: string): DownloadOptions => ({
  signal: opts.signal,
  retryDelayMs: opts.retryDelayMs,
  onProgress: opts.onProgress && ((r, t) => opts.onProgress!(r, t, file)),
});

/**
 * A catalogue language model (issue 28, item 1): its one GGUF file downloaded to the models
 * folder's `.downloads` (resumed from there by a later run), its SHA-256 checked, then renamed
 * into place as `<models>/<name>`.
 */
async function installGguf(m: CatalogueModel, target: string, dataDir: string, opts: InstallOptions): Promise<ModelInfo> {
  const file = m.files.find((f) => f.role === 'gguf') ?? m.files[0];
  if (!file || m.files.length !== 1) throw new ModelError(`the catalogue entry ${m.name} (kind llm) must have one GGUF file`);
  const staged = join(modelsDir(dataDir), '.downloads', `${m.name}.gguf`);
  await mkdir(dirname(staged), { recursive: true });
  const got = await downloadFile(fileUrl(m, file, opts.env), staged, { ...progress(opts, file.file), sha256: file.sha256 });
  if (!file.sha256) opts.onUnverified?.(file.file, got.sha256);
  if (!isGgufFile(staged)) {
    await rm(staged, { force: true });
    throw new ModelError(`${file.file} is not a GGUF model (it does not start with GGUF and a known version)`);
  }
  await rm(target, { recursive: true, force: true });
  await rename(staged, target);
  return describeModel(target)!;
}

/** Fills `<models>/.downloads/<name>` (kept between runs, so downloads resume), then moves it into place. */
async function installFolder(target: string, dataDir: string, fill: (dir: string) => Promise<void>): Promise<ModelInfo> {
  const staging = join(modelsDir(dataDir), '.downloads', basename(target));
  await mkdir(staging, { recursive: true });
  await fill(staging);
  try {
    if (looksLikeEmbedding(staging)) readEmbeddingModel(staging);
    else if (looksLikeDiarization(staging)) readDiarizationModel(staging);
    else readSherpaModel(staging);
  } catch (e) {
    if (e instanceof SherpaModelError || e instanceof EmbeddingModelError || e instanceof DiarizationModelError) throw new ModelError(e.message.replace(basename(staging), basename(target)));
    throw e;
  }
  await rm(target, { recursive: true, force: true });
  await rename(staging, target);
  return describeModel(target)!;
}

async function fetchCatalogued(m: CatalogueModel, dir: string, opts: InstallOptions): Promise<void> {
  const record: Record<string, Downloaded & { url: string }> = {};
  for (const f of m.files) {
    const url = fileUrl(m, f, opts.env);
    const dest = join(dir, f.file);
    const got = (await stat(dest).catch(() => undefined)) ? undefined : await downloadFile(url, dest, { ...progress(opts, f.file), sha256: f.sha256 });
    if (got && !f.sha256) opts.onUnverified?.(f.file, got.sha256);
    if (got) record[f.file] = { ...got, url };
  }
  const use = { ...(m.kind ? { kind: m.kind } : {}), ...(m.embedding ? { embedding: m.embedding } : {}), ...(m.model_type ? { model_type: m.model_type } : {}), ...(m.language_codes ? { language_codes: m.language_codes } : {}) };
  await writeFile(join(dir, 'clipper-model.json'), JSON.stringify({ catalogue: m.name, revision: m.revision, ...use, files: record }, null, 2));
}

/** A sherpa-onnx encoder's URL: its decoder and tokens file are beside it, named alike. */
async function fetchSiblings(url: string, dir: string, opts: InstallOptions): Promise<void> {
  const u = new URL(url);
  const file = decodeURIComponent(basename(u.pathname));
  const [, prefix, , int8 = ''] = SHERPA_FILE.exec(file)!;
  for (const name of [`${prefix}-encoder${int8}.onnx`, `${prefix}-decoder${int8}.onnx`, `${prefix}-tokens.txt`]) {
    const dest = join(dir, name);
    if (await stat(dest).catch(() => undefined)) continue;
    const got = await downloadFile(new URL(encodeURIComponent(name), u).href, dest, progress(opts, name));
    opts.onUnverified?.(name, got.sha256);
  }
}

async function copySherpa(from: string, dir: string, prefix?: string): Promise<void> {
  if (!prefix && looksLikeEmbedding(from)) {
    // A sentence encoder's folder (issue 28, item 3): its encoder, vocabulary and, when there is one, how it is used.
    for (const f of ['model.onnx', 'vocab.txt', 'clipper-model.json']) if (await stat(join(from, f)).catch(() => undefined)) await copyFile(join(from, f), join(dir, f));
    return;
  }
  if (!prefix && looksLikeDiarization(from)) {
    // A speaker segmentation or speaker-embedding model (issue 30, item 3): its one ONNX file.
    const model = (() => {
      try {
        return readDiarizationModel(from);
      } catch (e) {
        throw e instanceof DiarizationModelError ? new ModelError(e.message) : e;
      }
    })();
    await copyFile(model.model, join(dir, 'model.onnx'));
    return;
  }
  const files = (await readdir(from)).filter((f) => (prefix ? f.startsWith(`${prefix}-`) : true) && (SHERPA_FILE.test(f) || TRANSDUCER_FILE.test(f) || f.endsWith('tokens.txt')));
  if (!files.length) throw new ModelError(`${basename(from)} holds no sherpa-onnx Whisper model (<name>-encoder.onnx, <name>-decoder.onnx, <name>-tokens.txt)`);
  for (const f of files) await copyFile(join(from, f), join(dir, f));
}

/** `clipper models remove NAME`: the installed model and any unfinished download of it. */
export async function removeModel(name: string, dataDir: string): Promise<ModelInfo> {
  if (!SAFE_NAME.test(name)) throw new ModelError(`"${name}" is not a model name`);
  const path = join(modelsDir(dataDir), name);
  const model = describeModel(path);
  if (!model) throw new ModelError(`no model called ${name} is installed (\`clipper models list\`)`);
  await rm(path, { recursive: true, force: true });
  await rm(join(modelsDir(dataDir), '.downloads', name), { recursive: true, force: true });
  return model;
}
