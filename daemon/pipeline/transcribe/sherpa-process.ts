import { ChildEngineError, OneAtATimeChild } from '../one-at-a-time-child.js';
import { createRequire } from 'node:module';

/**
 * The recogniser's own process (issue 14, item 1: "loaded in a worker thread or child process
 * so a crash in native code never takes the daemon down"). A child process, not a worker
 * thread: sherpa-onnx answers a bad model or an unknown language with exit(), which would end
 * the whole daemon from a thread. The child keeps its recogniser loaded between calls (loading
 * a real model takes a second or more) and is reused for the next chunk with the same settings.
 */
const CHILD_SOURCE = `
const sherpa = require(process.env.CLIPPER_SHERPA_ONNX);
let recognizer, loaded;
process.on('message', (m) => {
  try {
    if (loaded !== m.key) {
      recognizer = undefined;
      recognizer = new sherpa.OfflineRecognizer(m.config);
      loaded = m.key;
    }
    const wave = sherpa.readWave(m.wav);
    const stream = recognizer.createStream();
    stream.acceptWaveform({ samples: wave.samples, sampleRate: wave.sampleRate });
    recognizer.decode(stream);
    process.send({ id: m.id, result: recognizer.getResult(stream) });
  } catch (e) {
    process.send({ id: m.id, error: String((e && e.message) || e) });
  }
});
process.on('disconnect', () => process.exit(0));
`;

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

/** One child process running one recognition at a time. */
export class RecogniserProcess extends OneAtATimeChild<{ wav: string; key: string; config: object }, SherpaResult> {
  constructor(packagePath: string) {
    super(CHILD_SOURCE, { ...process.env, CLIPPER_SHERPA_ONNX: packagePath }, 'recogniser', (m, log, exit) => new RecogniserProcessError(m, log, exit));
  }

  /** Recognises one WAV file; `key` names the recogniser `config` (same key: loaded already). */
  recognise(wav: string, key: string, config: object, signal?: AbortSignal): Promise<SherpaResult> {
    return this.request({ wav, key, config }, signal);
  }
}
