import { runFfmpeg } from '../ffmpeg/run.js';
import { writeViaTemp } from '../temp-file.js';
import type { ProbeResult } from '../types.js';
import { MediaError } from './errors.js';

export interface ExtractAudioOptions {
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
  /** The probe of `file`: skips the no-audio check's guesswork and gives progress a duration. */
  probe?: ProbeResult;
}

/**
 * Stage "audio": the first audio stream as a 16 kHz mono 16-bit PCM WAV, the format both speech
 * engines read. Metadata is dropped so the header is the plain 44-byte one.
 */
export async function extractAudio(file: string, wavOut: string, opts: ExtractAudioOptions = {}): Promise<string> {
  if (opts.probe && !opts.probe.hasAudio) throw new MediaError('the media has no audio stream to transcribe');
  await writeViaTemp(wavOut, (temp) =>
    runFfmpeg(
      ['-i', file, '-map', '0:a:0', '-vn', '-sn', '-dn', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-map_metadata', '-1', '-fflags', '+bitexact', '-f', 'wav', temp],
      { signal: opts.signal, onProgress: opts.onProgress, duration: opts.probe?.duration },
    ),
  );
  return wavOut;
}
