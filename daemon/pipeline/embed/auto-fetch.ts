// Meaning by default where the network allows: the first job with a request and no sentence
// encoder installed fetches the catalogue's recommended encoder once (its pinned SHA-256s
// checked by `installModel`), when the model hub answers a short check. A setting turns this
// off; offline, refused or failed, the job goes on with the heuristics and one line says what
// would improve them. A fetch never fails the job.
import { ModelError } from '../transcribe/models.js';
import { installModel } from '../transcribe/model-install.js';
import { catalogue, catalogueSize, modelHub, recommendedOf } from '../transcribe/model-catalogue.js';
import { onnxRuntimePackage } from './embed-process.js';
import { findEmbedder } from './embedder.js';
import { megabytes } from '../../../src/util/megabytes.js';

/** How long the hub has to answer the reachability check (ms). */
export const HUB_CHECK_MS = 3_000;
/** After a hub that could not be reached, the next job asks again after this long (ms). */
export const RETRY_AFTER_MS = 60 * 60 * 1000;

export interface EncoderFetchProgress {
  model: string;
  received: number;
  total?: number;
}

/** What a job is told: the encoder was fetched, or why the request is matched without one. */
export interface EncoderFetch {
  /** `encoder_fetched`, or `no_sentence_encoder` (the heuristics matched the request). */
  code: 'encoder_fetched' | 'no_sentence_encoder';
  message: string;
  model?: string;
}

export interface EncoderFetchOptions {
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  /** `models.auto_fetch_encoder`: false never fetches. */
  enabled: boolean;
  onProgress?: (p: EncoderFetchProgress) => void;
  now?: () => number;
}

/** One fetch per data folder at a time: concurrent jobs share it and all see its progress. */
const running = new Map<string, { promise: Promise<EncoderFetch>; listeners: Set<(p: EncoderFetchProgress) => void> }>();
/** A data folder's last failure: `until` (ms) before the hub is asked again; Infinity after a refused file. */
const failed = new Map<string, { until: number; outcome: EncoderFetch }>();

const addHint = (name: string, why: string): EncoderFetch => ({
  code: 'no_sentence_encoder',
  message: `${why}: the request was matched by word meanings alone; \`clipper models add ${name}\` installs the sentence encoder that matches it by meaning`,
});

/**
 * Before a job's clips are chosen for a request: undefined when there is nothing to say (an
 * encoder is installed, or embeddings are turned off), else what the job should report.
 */
export async function ensureEncoder(opts: EncoderFetchOptions): Promise<EncoderFetch | undefined> {
  const env = opts.env ?? process.env;
  if (env.CLIPPER_EMBEDDING_MODEL?.trim() === 'none') return undefined;
  const entries = catalogue(env);
  const model = recommendedOf(entries, 'embedding');
  if (!model) return undefined;
  if (!onnxRuntimePackage()) return addHint(model.name, 'onnxruntime-node is not installed (npm install onnxruntime-node), so no sentence encoder can run');
  try {
    if (findEmbedder(opts.dataDir, env)) return undefined;
  } catch {
    return undefined; // an installed model that cannot be read: embeddingsFor says why
  }
  if (!opts.enabled) return addHint(model.name, 'No sentence encoder is installed (models.auto_fetch_encoder is off)');
  const now = opts.now ?? Date.now;
  const last = failed.get(opts.dataDir);
  if (last && now() < last.until) return last.outcome;
  let fetch = running.get(opts.dataDir);
  if (!fetch) {
    const listeners = new Set<(p: EncoderFetchProgress) => void>();
    const promise = fetchOnce(model.name, catalogueSize(model), opts.dataDir, env, (p) => listeners.forEach((l) => l(p)), now)
      .finally(() => running.delete(opts.dataDir));
    fetch = { promise, listeners };
    running.set(opts.dataDir, fetch);
  }
  const listener = opts.onProgress;
  if (listener) fetch.listeners.add(listener);
  try {
    return await fetch.promise;
  } finally {
    if (listener) fetch.listeners.delete(listener);
  }
}

async function fetchOnce(name: string, size: number, dataDir: string, env: NodeJS.ProcessEnv, progress: (p: EncoderFetchProgress) => void, now: () => number): Promise<EncoderFetch> {
  const hub = modelHub(env);
  if (!(await answers(hub))) {
    const outcome = addHint(name, `No sentence encoder is installed and the model hub (${hub}) could not be reached`);
    failed.set(dataDir, { until: now() + RETRY_AFTER_MS, outcome });
    return outcome;
  }
  // Bytes of the files before the one being fetched, so progress counts the whole model.
  const done = new Map<string, number>();
  try {
    await installModel(name, dataDir, {
      env,
      onProgress: (received, total, file) => {
        done.set(file, received);
        progress({ model: name, received: [...done.values()].reduce((a, b) => a + b, 0), total: Math.max(size, total ?? 0) });
      },
    });
  } catch (e) {
    const refused = e instanceof ModelError && /sha-?256|checksum/i.test(e.message);
    const outcome = addHint(name, `No sentence encoder is installed; fetching ${name} failed (${(e as Error).message})`);
    failed.set(dataDir, { until: refused ? Infinity : now() + RETRY_AFTER_MS, outcome });
    return outcome;
  }
  failed.delete(dataDir);
  return {
    code: 'encoder_fetched',
    model: name,
    message: `The sentence encoder ${name} (${megabytes(size)} MB) was fetched once from ${hub} and checked against its pinned SHA-256: requests are now matched by meaning (models.auto_fetch_encoder: false turns this off)`,
  };
}

/** True when the hub answers at all (any HTTP status) within HUB_CHECK_MS. */
async function answers(hub: string): Promise<boolean> {
  try {
    const res = await fetch(`${hub}/`, { method: 'HEAD', signal: AbortSignal.timeout(HUB_CHECK_MS), redirect: 'manual' });
    await res.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

/** Forgets earlier failures (tests). */
export function resetEncoderFetch(): void {
  failed.clear();
}
