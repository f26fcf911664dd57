import { closeSync, createWriteStream, existsSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { copyFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { writeViaTemp } from '../temp-file.js';

/** An installed whisper.cpp model in `<dataDir>/models/`. */
export interface ModelInfo {
  name: string;
  path: string;
  size_bytes: number;
  modified_at: number;
}

/** A model file that cannot be installed; the message says why and what to do. */
export class ModelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ModelError';
  }
}

export const modelsDir = (dataDir: string) => join(dataDir, 'models');

/** ggml's magic number 0x67676d6c, written little-endian at the start of whisper.cpp models. */
const GGML_MAGIC = Buffer.from('lmgg', 'ascii');

/** Checks that a file starts like a ggml model (sync: four bytes, used when choosing an engine). */
export function checkGgmlFile(path: string): void {
  const head = Buffer.alloc(4);
  const fd = openSync(path, 'r');
  let bytesRead: number;
  try {
    bytesRead = readSync(fd, head, 0, 4, 0);
  } finally {
    closeSync(fd);
  }
  if (bytesRead < 4 || !head.equals(GGML_MAGIC)) {
    throw new ModelError(`${basename(path)} is not a ggml model (it does not start with the ggml magic); whisper.cpp models are files such as ggml-base.en.bin`);
  }
}

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

export interface InstallOptions {
  /** File name in the models folder (default: the source's own name). */
  name?: string;
  /** Replace a model of the same name. */
  force?: boolean;
  /** Bytes so far and the total when the server says it. */
  onProgress?: (received: number, total: number | undefined) => void;
  signal?: AbortSignal;
}

/**
 * `clipper models add FILE|URL`: copies a local file, or streams a download, to a temp file in
 * `<dataDir>/models/`, checks it (complete, ggml magic) and only then renames it into place.
 */
export async function installModel(source: string, dataDir: string, opts: InstallOptions = {}): Promise<ModelInfo> {
  const isUrl = /^https?:\/\//i.test(source);
  const name = opts.name ?? (isUrl ? decodeURIComponent(basename(new URL(source).pathname)) : basename(source));
  if (!SAFE_NAME.test(name)) throw new ModelError(`"${name}" is not a usable model file name (letters, digits, '.', '_' and '-'); pass --name`);
  const target = join(modelsDir(dataDir), name);
  if (!opts.force && (await stat(target).catch(() => undefined))) throw new ModelError(`a model called ${name} is installed already (use --force to replace it)`);

  await writeViaTemp(target, async (temp) => {
    if (isUrl) await download(source, temp, opts);
    else {
      const st = await stat(source).catch(() => undefined);
      if (!st?.isFile()) throw new ModelError(`${source} is not a file`);
      await copyFile(source, temp);
      opts.onProgress?.(st.size, st.size);
    }
    checkGgmlFile(temp);
  });
  return describe(target);
}

async function download(url: string, temp: string, opts: InstallOptions): Promise<void> {
  const res = await fetch(url, { signal: opts.signal, redirect: 'follow' }).catch((e: Error) => {
    throw new ModelError(`cannot download ${url}: ${(e.cause as Error | undefined)?.message ?? e.message}`);
  });
  if (!res.ok || !res.body) throw new ModelError(`cannot download ${url}: the server answered HTTP ${res.status}`);
  if ((res.headers.get('content-type') ?? '').startsWith('text/html')) {
    throw new ModelError(`${url} is a web page, not a model file (on Hugging Face use the /resolve/ link, not /blob/)`);
  }
  const length = res.headers.get('content-length');
  const total = length !== null && /^\d+$/.test(length) ? Number(length) : undefined;
  let received = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      received += chunk.length;
      opts.onProgress?.(received, total);
      done(null, chunk);
    },
  });
  const early = (why: string) => new ModelError(`the download of ${url} stopped early (${received} of ${total ?? '?'} bytes): ${why}`);
  try {
    await pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), count, createWriteStream(temp), { signal: opts.signal });
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    throw early((e as Error).message);
  }
  if (total !== undefined && received !== total) throw early('the connection closed');
}

function describe(path: string): ModelInfo {
  const st = statSync(path);
  return { name: basename(path), path, size_bytes: st.size, modified_at: Math.round(st.mtimeMs) };
}

const isModel = (path: string) => {
  try {
    checkGgmlFile(path);
    return true;
  } catch {
    return false;
  }
};

/** The installed models, newest first. Files that are not ggml models are left out. */
export function listModels(dataDir: string): ModelInfo[] {
  const dir = modelsDir(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => !name.startsWith('.') && isModel(join(dir, name)))
    .map((name) => describe(join(dir, name)))
    .sort((a, b) => b.modified_at - a.modified_at || a.name.localeCompare(b.name));
}
