import { rm } from 'node:fs/promises';
import type { Transcript, TranscriptionEngine } from '../types.js';
import { SpeechEngineError } from './errors.js';
import { joinTranscripts, keepSpan, shiftTranscript, withOverlap } from '../transcript-parts.js';
import { frameEnergies, planChunks } from './chunking.js';
import { readWavInfo, type WavInfo, writeWavSlice } from './wav.js';
import type { SherpaWhisperModel } from './sherpa-model.js';
import { closeModelHosts, modelHostSlots } from '../model-host.js';
import { RecogniserProcess, RecogniserProcessError } from './sherpa-process.js';
import { sherpaSegments } from './sherpa-words.js';

type TranscribeOpts = Parameters<TranscriptionEngine['transcribe']>[1];

/**
 * sherpa-onnx decodes at most 30 s of audio in one go (offline-recognizer-whisper-impl.h: "Only
 * waves less than 30 seconds are supported"; it keeps 0.5 s for padding). The job cuts chunks of
 * at most 26 s at quiet points and hands each over with 1 s of its neighbours on both sides, so
 * a word cut by a seam is heard whole by one chunk.
 */
export const SHERPA_CHUNKING = { maxSeconds: 26, overlapSeconds: 1 } as const;
const LIMIT_SECONDS = 29.4;

/**
 * Parakeet TDT: sherpa-onnx's `nemo_transducer`, which reads the feature
 * size and normalisation from the encoder's metadata and finds the language itself.
 */
const transducerConfig = (model: SherpaWhisperModel) => ({
  featConfig: { sampleRate: 16000, featureDim: 128 },
  modelConfig: {
    transducer: { encoder: model.encoder, decoder: model.decoder, joiner: model.joiner },
    tokens: model.tokens,
    modelType: 'nemo_transducer',
    numThreads: modelHostSlots(),
    provider: 'cpu',
    debug: 0,
  },
});

/** Keeps what sherpa-onnx says about a failure and drops where in its sources it said it. */
const reasonOf = (log: string, fallback: string) => {
  const lines = log.split('\n').map((l) => l.replace(/^\S+\.(cc|h):\w+:\d+\s+/, '').trim());
  const line = lines.filter((l) => l && !/^use greedy_search$/.test(l)).pop() ?? fallback;
  return line.replace(/\/[^\s'":]+/g, (p) => p.slice(p.lastIndexOf('/') + 1));
};

/**
 * Whisper through sherpa-onnx, one recogniser in one model host, one chunk
 * at a time on a thread per heavy slot.
 * The language is the job's (spec: the request's, else the team's); a model that does not know
 * it fails the job with a message saying so (item 3); an empty language lets a multilingual
 * model detect it.
 */
export class SherpaWhisperEngine implements TranscriptionEngine {
  readonly name = 'sherpa-onnx' as const;
  readonly chunking = SHERPA_CHUNKING;
  /** Its recognitions in the model hosts (tests look at the hosts it `started`). */
  readonly pool: RecogniserProcess;

  constructor(
    readonly reason: string,
    readonly model: SherpaWhisperModel,
    packagePath: string,
  ) {
    this.pool = new RecogniserProcess(packagePath);
  }

  get modelName(): string {
    return this.model.name;
  }

  async transcribe(wavPath: string, opts: TranscribeOpts): Promise<Transcript> {
    const { model } = this;
    const language = opts.language || (model.multilingual ? '' : 'en');
    if (language && !model.languages.includes(language)) {
      const knows = model.multilingual ? `${model.languages.length} languages (${model.languages.slice(0, 12).join(', ')}${model.languages.length > 12 ? ', ...' : ''})` : 'English only';
      throw new SpeechEngineError(`The speech model ${model.name} cannot transcribe language "${language}": it knows ${knows}. Install a multilingual model (\`clipper models list --available\`) or create the job with a language the model knows`, true);
    }
    const info = await readWavInfo(wavPath);
    // The job cuts chunks to size; longer audio (a job planned before the model was installed) is cut here the same way.
    if (info.duration > LIMIT_SECONDS) return this.inPieces(wavPath, info, language, opts);
    opts.onProgress?.(0);
    const config = model.family === 'nemo_transducer' ? transducerConfig(model) : {
      featConfig: { sampleRate: 16000, featureDim: 80 },
      modelConfig: {
        whisper: {
          encoder: model.encoder,
          decoder: model.decoder,
          language,
          task: 'transcribe',
          tailPaddings: -1,
          enableTokenTimestamps: model.timings === 'tokens' ? 1 : 0,
          enableSegmentTimestamps: model.timings === 'segments' ? 1 : 0,
        },
        tokens: model.tokens,
        numThreads: modelHostSlots(),
        provider: 'cpu',
        debug: 0,
      },
    };
    let result;
    try {
      result = await this.pool.recognise(wavPath, `${model.dir}\n${language}\n${modelHostSlots()}`, config, opts.signal);
    } catch (e) {
      if (opts.signal?.aborted || !(e instanceof RecogniserProcessError)) throw e;
      throw this.explain(e);
    }
    opts.onProgress?.(1);
    return { engine: 'sherpa-onnx', model: model.name, language: result.lang || language || 'en', segments: sherpaSegments(result, info.duration) };
  }

  private async inPieces(wavPath: string, info: WavInfo, language: string, opts: TranscribeOpts): Promise<Transcript> {
    const spans = planChunks(await frameEnergies(info, wavPath), info.duration, { parallel: 1, maxChunk: SHERPA_CHUNKING.maxSeconds, minChunk: 10, strict: true });
    const parts: Transcript[] = [];
    for (const [i, span] of spans.entries()) {
      const heard = withOverlap(span, SHERPA_CHUNKING.overlapSeconds, info.duration);
      const piece = `${wavPath}.${i}.wav`;
      await writeWavSlice(info, wavPath, heard.start, heard.end, piece);
      try {
        const onProgress = (p: number) => opts.onProgress?.((i + p) / spans.length);
        parts.push(keepSpan(shiftTranscript(await this.transcribe(piece, { ...opts, language, onProgress }), heard.start), span, i === spans.length - 1));
      } finally {
        await rm(piece, { force: true });
      }
    }
    return { ...joinTranscripts(parts, { engine: 'sherpa-onnx', language }), model: this.model.name };
  }

  /** A refused model (exit status 255: sherpa-onnx's SHERPA_ONNX_EXIT) is final; a crash may pass. */
  private explain(e: RecogniserProcessError): SpeechEngineError {
    const name = this.model.name;
    if (!e.exit) return new SpeechEngineError(`sherpa-onnx could not use the speech model ${name}: ${reasonOf(e.message, e.message)}`, true);
    if (e.exit.signal) return new SpeechEngineError(`the speech recogniser crashed (${e.exit.signal}) on model ${name}; the daemon is fine and the job will be tried again`, false);
    return new SpeechEngineError(`sherpa-onnx refused the speech model ${name} (exit status ${e.exit.code}): ${reasonOf(e.log, 'no reason given')}`, e.exit.code === 255);
  }

  /** Ends the idle model hosts (busy ones end with their call's signal or their own exit). */
  close(): void {
    closeModelHosts();
  }
}
