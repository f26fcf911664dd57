import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installModel } from '../daemon/pipeline/transcribe/model-install.js';
import { makeDiarizationModels } from '../test/pipeline/test-diarization-models.js';
import { makeEmbeddingModel } from '../test/pipeline/test-embed-model.js';
import { makeTestModel } from '../test/pipeline/test-model.js';
import { makeTinyGguf } from '../test/pipeline/tiny-gguf.js';
import { jobThroughDaemon } from './memory.bench.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SAMPLE = join(root, 'fixtures', 'sample.mp4');

/** Targets: the whole tree of a job with no model, and what the model children add (their runtimes; tiny weights). */
const NO_MODEL_TREE_MB = 400;
const MODEL_CHILDREN_MB = 150;
/** The daemon process's own peak (VmHWM, its threads included), as `npm run bench memory` holds it. */
const DAEMON_MB = 250;

/**
 * The memory of a job's whole process tree: the daemon (`clipper daemon run`, the built bundle)
 * and every process below it (engine children, ffmpeg, pocketsphinx), resident sizes summed
 * every 100 ms, the largest sum kept. Two jobs of the committed 83 s sample: one with no model
 * installed (pocketsphinx, heuristics, the face detector that ships with its weights), one with
 * the tiny random-weight test models of every kind (language model, sentence encoder, Whisper
 * recogniser, both diarization models) and a request, so every engine runs. The tiny weights are
 * a few MB, so the Node engine children's largest sum at one moment in the second job, less the
 * first job's (none: the face detector runs on a thread of the daemon), is what the model
 * children cost as runtimes.
 */
export async function run() {
  const work = mkdtempSync(join(tmpdir(), 'clipper-bench-tree-'));
  try {
    const bare = join(work, 'bare');
    mkdirSync(bare, { recursive: true });
    const none = await jobThroughDaemon(bare, SAMPLE, { criteria: 'the office dog' });
    report('no model', none);
    const all = await jobThroughDaemon(await withTinyModels(work), SAMPLE, { criteria: 'the office dog' });
    report('tiny models', all);
    const added = Math.round((all.tree.peakMb - none.tree.peakMb) * 10) / 10;
    const children = Math.round((all.tree.enginesPeakMb - none.tree.enginesPeakMb) * 10) / 10;
    process.stdout.write(`no-model tree peak ${none.tree.peakMb} MB (target < ${NO_MODEL_TREE_MB}: ${none.tree.peakMb < NO_MODEL_TREE_MB ? 'ok' : 'MISSED'}); ` +
      `the model children at most ${all.tree.enginesPeakMb} MB at once, ${children} MB more than the no-model job's (${none.tree.enginesPeakMb}) ` +
      `(target < ${MODEL_CHILDREN_MB}: ${children < MODEL_CHILDREN_MB ? 'ok' : 'MISSED'}); the tiny-model tree peaks ${added} MB above the no-model one; ` +
      `the daemon's own peak ${none.peak_mb} and ${all.peak_mb} MB (target < ${DAEMON_MB}: ${Math.max(none.peak_mb, all.peak_mb) < DAEMON_MB ? 'ok' : 'MISSED'})\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** A data dir with every kind of tiny test model installed, the language model on one thread. */
async function withTinyModels(work: string): Promise<string> {
  const dataDir = join(work, 'models');
  mkdirSync(join(dataDir, 'models'), { recursive: true });
  copyFileSync(makeTinyGguf(join(work, 'tiny-llama.gguf')), join(dataDir, 'models', 'tiny-llama.gguf'));
  await installModel(makeEmbeddingModel(work), dataDir);
  await installModel(makeTestModel(work, 'test-tiny.en'), dataDir);
  const diarization = makeDiarizationModels(join(work, 'diarization'));
  await installModel(diarization.segmentation, dataDir);
  await installModel(diarization.embedding, dataDir);
  // One thread: llama.cpp's threads spin, and a second one on a shared 2-core machine slows it a hundredfold;
  // 30 s a call: random weights answer at length, and the memory is there from the first token.
  writeFileSync(join(dataDir, 'config.json'), JSON.stringify({ llm: { threads: 1, embedded_timeout_ms: 30_000 } }));
  return dataDir;
}

function report(what: string, r: Awaited<ReturnType<typeof jobThroughDaemon>>): void {
  const t = r.tree;
  const list = (o: Record<string, number>) => Object.entries(o).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(', ');
  const v = r.view as { ranking?: unknown; transcription?: unknown };
  process.stdout.write(`${what}: tree peak ${t.peakMb} MB RSS (PSS ${t.pssAtPeakMb}) = ${list(t.atPeak)}; engine children at most ${t.enginesPeakMb} MB at once; daemon VmHWM ${r.peak_mb} MB; ` +
    `largest per kind: ${list(t.kindPeaks)}; processes started: ${list(t.started)}; ${r.clips} clips in ${r.seconds} s; ` +
    `ranking ${JSON.stringify(v.ranking)}, transcription ${JSON.stringify(v.transcription)}\n`);
}
