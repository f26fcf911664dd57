import { ChildEngineError } from '../one-at-a-time-child.js';
import { HostedClient, type HostedEngine } from '../model-host.js';

/**
 * sherpa-onnx's OfflineSpeakerDiarization in a model host process
 * (model-host.ts), like the recogniser: sherpa-onnx answers some inputs with exit() from native code (a segment too
 * short for the embedding extractor, an unsupported model), which must not end the daemon.
 * `CLIPPER_FAILPOINTS` names `diarization-crash` (the child kills itself, as a native crash
 * would) or `diarization-hang` (it never answers) for the tests of the fallback.
 */
const HANDLER_SOURCE = `(require, options) => {
const sherpa = require(options.sherpa);
const fail = (options.failpoints || '').split(',');
return (m) => {
    if (fail.includes('diarization-crash')) process.kill(process.pid, 'SIGKILL');
    if (fail.includes('diarization-hang')) return new Promise(() => {});
    const sd = new sherpa.OfflineSpeakerDiarization(m.config);
    const wave = sherpa.readWave(m.wav);
    if (wave.sampleRate !== sd.sampleRate) throw new Error('the audio is ' + wave.sampleRate + ' Hz, the segmentation model wants ' + sd.sampleRate + ' Hz');
    return sd.process(wave.samples).map((s) => ({ start: s.start, end: s.end, speaker: s.speaker }));
};
}`;

/** One stretch of one speaker, as sherpa-onnx gives it (seconds; speakers numbered from 0 by cluster). */
export interface DiarizedSegment {
  start: number;
  end: number;
  speaker: number;
}

/** The child ended or sherpa-onnx refused; `exit` says how it ended (when it did). */
export class DiarizerProcessError extends ChildEngineError {}

/** sherpa-onnx's OfflineSpeakerDiarizationConfig (the fields clipper sets). */
export interface DiarizationConfig {
  segmentation: { pyannote: { model: string }; numThreads: number };
  embedding: { model: string; numThreads: number };
  /** numClusters > 0: that many speakers; else clusters closer than `threshold` (cosine distance) merge. */
  clustering: { numClusters: number; threshold: number };
  minDurationOn: number;
  minDurationOff: number;
}

const ENGINE: HostedEngine = { name: 'diarizer', source: HANDLER_SOURCE, what: 'speaker diarization', error: (m, log, exit) => new DiarizerProcessError(m, log, exit) };

/** Diarization of one WAV file (16 kHz mono) in a model host; `env` gives the failpoints. */
export class DiarizerProcess extends HostedClient<{ wav: string; config: DiarizationConfig }, DiarizedSegment[]> {
  constructor(packagePath: string, env: NodeJS.ProcessEnv = process.env) {
    super(ENGINE, { sherpa: packagePath, failpoints: env.CLIPPER_FAILPOINTS ?? '' });
  }

  diarize(wav: string, config: DiarizationConfig, signal?: AbortSignal): Promise<DiarizedSegment[]> {
    return this.run({ wav, config }, signal);
  }
}
