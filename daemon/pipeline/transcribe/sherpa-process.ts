import { ChildEngineError } from '../one-at-a-time-child.js';
import { HostedClient, type HostedEngine } from '../model-host.js';
import { createRequire } from 'node:module';

/**
 * The recogniser, run in a model host process (model-host.ts), so a crash in
 * native code never takes the daemon down. A
 * child process, not a worker thread: sherpa-onnx answers a bad model or an unknown language
 * with exit(), which would end the whole daemon from a thread. The host keeps the recogniser
 * loaded between calls (loading a real model takes a second or more) for the next chunk with
 * the same settings.
 */
const HANDLER_SOURCE = `(require, options) => {
const sherpa = require(options.sherpa);
let recognizer, loaded;
return (m) => {
    if (loaded !== m.key) {
      recognizer = undefined;
      recognizer = new sherpa.OfflineRecognizer(m.config);
      loaded = m.key;
    }
    const wave = sherpa.readWave(m.wav);
    const stream = recognizer.createStream();
    stream.acceptWaveform({ samples: wave.samples, sampleRate: wave.sampleRate });
    recognizer.decode(stream);
    return recognizer.getResult(stream);
};
}`;

/** Where sherpa-onnx-node is, or undefined when it is not installed (or cannot be found). */
export function sherpaPackage(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve('sherpa-onnx-node');
  } catch {
    return undefined;
  }
}

/** What one recognition gives back (sherpa-onnx's OfflineRecognitionResult as JSON). */
export interface SherpaResult {
  text: string;
  lang?: string;
  tokens: string[];
  timestamps?: number[];
  durations?: number[];
  segment_timestamps?: number[];
  segment_durations?: number[];
  segment_texts?: string[];
}

/** The child ended, or its recogniser refused: `exit` says how it ended (when it did). */
export class RecogniserProcessError extends ChildEngineError {}

const ENGINE: HostedEngine = { name: 'recogniser', source: HANDLER_SOURCE, what: 'recogniser', error: (m, log, exit) => new RecogniserProcessError(m, log, exit) };

/**
 * Recognitions in one model host, one chunk at a time on as many threads as there are heavy
 * slots (sherpa.ts), so a second runtime never holds a second recogniser. A host that died
 * (crash, cancellation) is dropped; the next call goes to a fresh one.
 */
export class RecogniserProcess extends HostedClient<{ wav: string; key: string; config: object }, SherpaResult> {
  constructor(packagePath: string) {
    super(ENGINE, { sherpa: packagePath });
  }

  /** Recognises one WAV file; `key` names the recogniser `config` (same key: loaded already). */
  recognise(wav: string, key: string, config: object, signal?: AbortSignal): Promise<SherpaResult> {
    return this.run({ wav, key, config }, signal);
  }
}
