// A pitch track of the job's audio for the heuristic diarization (issue 30, item 3: "a heuristic
// from pitch and pauses when no model is installed"): the voice's fundamental frequency every
// PITCH_STEP seconds by autocorrelation at 8 kHz, 0 where nobody speaks or the sound is unvoiced.
// Streams the 16-bit WAV, so memory stays flat for any length.
import { createReadStream } from 'node:fs';
import type { WavInfo } from '../transcribe/wav.js';

export const PITCH_STEP = 0.05;
const RATE = 8000;
const WINDOW = 256; // 32 ms
const MIN_LAG = 20; // 400 Hz
const MAX_LAG = 100; // 80 Hz
/** Normalised autocorrelation above this is a voiced frame. */
const VOICED = 0.55;

export async function pitchTrack(info: WavInfo, path: string, signal?: AbortSignal): Promise<number[]> {
  const factor = Math.max(1, Math.round(info.sampleRate / RATE));
  const hop = Math.round(RATE * PITCH_STEP);
  const out: number[] = [];
  let buf: Float32Array = new Float32Array(1 << 16);
  let len = 0;
  let acc = 0;
  let inAcc = 0;
  let frameAt = 0; // start in buf of the next frame
  let carry: Buffer | undefined;
  const step = 2 * info.channels;
  const stream = createReadStream(path, { start: info.dataOffset, end: info.dataOffset + info.dataBytes - 1, highWaterMark: 1 << 20 });
  for await (const piece of stream as AsyncIterable<Buffer>) {
    if (signal?.aborted) throw signal.reason;
    const bytes = carry ? Buffer.concat([carry, piece]) : piece;
    const usable = bytes.length - (bytes.length % step);
    for (let i = 0; i < usable; i += step) {
      acc += bytes.readInt16LE(i) / 32768;
      if (++inAcc < factor) continue;
      if (len === buf.length) {
        // Keep what the next frames still need.
        buf.copyWithin(0, frameAt, len);
        len -= frameAt;
        frameAt = 0;
        if (len === buf.length) buf = growTo(buf, buf.length * 2);
      }
      buf[len++] = acc / factor;
      acc = 0;
      inAcc = 0;
      while (frameAt + WINDOW + MAX_LAG <= len) {
        out.push(framePitch(buf, frameAt));
        frameAt += hop;
      }
    }
    carry = usable < bytes.length ? bytes.subarray(usable) : undefined;
  }
  return out;
}

function growTo(a: Float32Array, n: number): Float32Array {
  const b = new Float32Array(n);
  b.set(a);
  return b;
}

/** Fundamental frequency (Hz) of the frame at `at`, or 0 when it is quiet or unvoiced. */
function framePitch(x: Float32Array, at: number): number {
  let energy = 0;
  for (let i = at; i < at + WINDOW; i++) energy += x[i] * x[i];
  if (energy / WINDOW < 1e-5) return 0;
  let best = 0;
  let bestLag = 0;
  for (let lag = MIN_LAG; lag <= MAX_LAG; lag++) {
    let sum = 0;
    let shifted = 0;
    for (let i = at; i < at + WINDOW; i++) {
      sum += x[i] * x[i + lag];
      shifted += x[i + lag] * x[i + lag];
    }
    const r = sum / Math.sqrt(energy * shifted + 1e-12);
    if (r > best) {
      best = r;
      bestLag = lag;
    }
  }
  return best >= VOICED ? Math.round((RATE / bestLag) * 10) / 10 : 0;
}
