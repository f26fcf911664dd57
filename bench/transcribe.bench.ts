// Issue 14, item 6: pocketsphinx against sherpa-onnx (Whisper) on the same 10-minute audio, as
// the clip job runs them: cut at quiet points into chunks (pocketsphinx 60 s, Whisper 26 s with
// 1 s of overlap), one recogniser per core through the heavy queue. Prints the real-time factor
// (wall time / audio time) and the peak RSS of one recogniser process and of all of them at
// once. Runs go pocketsphinx, sherpa, sherpa, pocketsphinx (symmetric in time, as the machine's
// load drifts). The sherpa-onnx figures are for the random-weight test model
// (fixtures/make-test-model.mjs): they show the engine's own cost (process, features, ONNX
// runtime, decoding loop), not what a real model costs; the published figures for real models
// follow.
import { readdirSync, readFileSync, rmSync, mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractAudio, findPocketsphinx, PocketsphinxEngine } from '../daemon/pipeline/media/index.js';
import { HeavyQueue } from '../daemon/pipeline/heavy-queue.js';
import { CATALOGUE } from '../daemon/pipeline/transcribe/model-catalogue.js';
import { readSherpaModel } from '../daemon/pipeline/transcribe/sherpa-model.js';
import { sherpaPackage } from '../daemon/pipeline/transcribe/sherpa-process.js';
import { SherpaWhisperEngine } from '../daemon/pipeline/transcribe/sherpa.js';
import { frameEnergies, planChunks } from '../daemon/pipeline/transcribe/chunking.js';
import { readWavInfo, writeWavSlice } from '../daemon/pipeline/transcribe/wav.js';
import { keepSpan, shiftTranscript, withOverlap } from '../daemon/pipeline/transcript-parts.js';
import type { TranscriptionEngine } from '../daemon/pipeline/types.js';
import { makeTestModel } from '../test/pipeline/test-model.js';
import { benchVideo } from './pipeline.bench.js';

const round = (n: number, d = 3) => Math.round(n * 10 ** d) / 10 ** d;

/** Resident set sizes (MB) of this process's recogniser children, sampled every 25 ms. */
function sampleChildren() {
  const peakEach = new Map<number, number>();
  let peakTotal = 0;
  const kb = (pid: string, key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  const timer = setInterval(() => {
    let total = 0;
    for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
      try {
        if (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1] !== String(process.pid)) continue;
        // Recognisers only (pocketsphinx, or `node -e` running sherpa-onnx), not tsx's esbuild helper.
        if (!/pocketsphinx|\0-e\0/.test(readFileSync(`/proc/${pid}/cmdline`, 'latin1'))) continue;
        const rss = kb(pid, 'VmRSS') / 1024;
        total += rss;
        peakEach.set(Number(pid), Math.max(peakEach.get(Number(pid)) ?? 0, kb(pid, 'VmHWM') / 1024));
      } catch {
        /* the process ended meanwhile */
      }
    }
    peakTotal = Math.max(peakTotal, total);
  }, 25);
  return () => {
    clearInterval(timer);
    return { one_process_mb: round(Math.max(0, ...peakEach.values()), 0), all_at_once_mb: round(peakTotal, 0), processes: peakEach.size };
  };
}

/** The job's way: chunks at quiet points, with the engine's overlap, on a heavy queue of one slot per core. */
async function transcribeAll(engine: TranscriptionEngine, wav: string, work: string) {
  const info = await readWavInfo(wav);
  const heavy = new HeavyQueue(availableParallelism());
  const chunks = planChunks(await frameEnergies(info, wav), info.duration, { parallel: heavy.concurrency, maxChunk: engine.chunking?.maxSeconds ?? 60, minChunk: 15, strict: !!engine.chunking });
  const stop = sampleChildren();
  const started = performance.now();
  const parts = await Promise.all(
    chunks.map((span, i) =>
      heavy.run(async () => {
        const heard = withOverlap(span, engine.chunking?.overlapSeconds ?? 0, info.duration);
        const file = join(work, `${engine.name}-${i}.wav`);
        await writeWavSlice(info, wav, heard.start, heard.end, file);
        const t = shiftTranscript(await engine.transcribe(file, { language: 'en' }), heard.start);
        rmSync(file);
        return heard === span ? t : keepSpan(t, span, i === chunks.length - 1);
      }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  // Its recogniser processes end with the run (a job's end), so the next run measures alone.
  engine.close?.();
  const rss = stop();
  const words = parts.reduce((n, t) => n + t.segments.reduce((m, s) => m + s.words.length, 0), 0);
  return { engine: engine.name, chunks: chunks.length, seconds: round(seconds, 1), rtf: round(seconds / info.duration), words, peak_rss: rss };
}

export async function run() {
  const work = mkdtempSync(join(tmpdir(), 'clipper-bench-transcribe-'));
  try {
    const wav = join(work, 'talk.wav');
    await extractAudio(benchVideo(), wav);
    const minutes = round((await readWavInfo(wav)).duration / 60, 1);
    const sphinxSetup = findPocketsphinx().setup;
    if (!sphinxSetup) throw new Error('pocketsphinx is not installed (apt-get install pocketsphinx pocketsphinx-en-us)');
    const sphinx = new PocketsphinxEngine('bench', sphinxSetup, { parallel: 1, maxChunk: Number.MAX_SAFE_INTEGER });
    const sherpa = new SherpaWhisperEngine('bench', readSherpaModel(makeTestModel(work, 'bench-tiny.en')), sherpaPackage()!);
    process.stdout.write(`audio: ${minutes} min, ${availableParallelism()} recognisers at once\n`);
    const runs: Awaited<ReturnType<typeof transcribeAll>>[] = [];
    for (const engine of [sphinx, sherpa, sherpa, sphinx] as TranscriptionEngine[]) {
      const r = await transcribeAll(engine, wav, work);
      process.stdout.write(`${JSON.stringify(r)}\n`);
      runs.push(r);
    }
    const mean = (name: string) => round(runs.filter((r) => r.engine === name).reduce((a, r) => a + r.rtf, 0) / 2);
    process.stdout.write(
      `real-time factor (mean of 2): pocketsphinx ${mean('pocketsphinx')}, sherpa-onnx with the test model ${mean('sherpa-onnx')} ` +
        `(ratio ${round(mean('sherpa-onnx') / mean('pocketsphinx'), 2)}); the test model is tiny: this is the engine's overhead, not a real model's speed\n`,
    );
    process.stdout.write('\npublished figures for real models (not measured here: no weights can be downloaded on this machine)\n');
    process.stdout.write('model     download  WER LibriSpeech test-clean  relative speed (Whisper README, large = 1x)\n');
    for (const m of CATALOGUE) {
      const mb = m.files.reduce((n, f) => n + f.size_bytes, 0) / 1e6;
      process.stdout.write(`${m.name.padEnd(9)} ${`${Math.round(mb)} MB`.padStart(8)}  ${(m.wer ?? '-').padEnd(26)}  ${m.speed}\n`);
    }
    process.stdout.write('pocketsphinx (en-us): about 33% WER on LibriSpeech test-clean (FACTS.md)\n');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
