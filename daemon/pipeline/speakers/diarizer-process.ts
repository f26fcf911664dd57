import { ChildEngineError, OneAtATimeChild } from '../one-at-a-time-child.js';

/**
 * sherpa-onnx's OfflineSpeakerDiarization (issue 30, item 3) in a child process of its own, like
 * the recogniser: sherpa-onnx answers some inputs with exit() from native code (a segment too
 * short for the embedding extractor, an unsupported model), which must not end the daemon.
 * `CLIPPER_FAILPOINTS` names `diarization-crash` (the child kills itself, as a native crash
 * would) or `diarization-hang` (it never answers) for the tests of the fallback.
 */
const CHILD_SOURCE = `
const sherpa = require(process.env.CLIPPER_SHERPA_ONNX);
const fail = (process.env.CLIPPER_FAILPOINTS || '').split(',');
process.on('message', (m) => {
  try {
    if (fail.includes('diarization-crash')) process.kill(process.pid, 'SIGKILL');
    if (fail.includes('diarization-hang')) return;
    const sd = new sherpa.OfflineSpeakerDiarization(m.config);
    const wave = sherpa.readWave(m.wav);
    if (wave.sampleRate !== sd.sampleRate) throw new Error('the audio is ' + wave.sampleRate + ' Hz, the segmentation model wants ' + sd.sampleRate + ' Hz');
    const segments = sd.process(wave.samples).map((s) => ({ start: s.start, end: s.end, speaker: s.speaker }));
    process.send({ id: m.id, result: segments });
  } catch (e) {
    process.send({ id: m.id, error: String((e && e.message) || e) });
  }
});
process.on('disconnect', () => process.exit(0));
`;

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

/** One child process diarizing one WAV file (16 kHz mono) at a time. */
export class DiarizerProcess extends OneAtATimeChild<{ wav: string; config: DiarizationConfig }, DiarizedSegment[]> {
  constructor(packagePath: string, env: NodeJS.ProcessEnv = process.env) {
    super(CHILD_SOURCE, { ...env, CLIPPER_SHERPA_ONNX: packagePath }, 'speaker diarization', (m, log, exit) => new DiarizerProcessError(m, log, exit));
  }

  diarize(wav: string, config: DiarizationConfig, signal?: AbortSignal): Promise<DiarizedSegment[]> {
    return this.request({ wav, config }, signal);
  }
}
