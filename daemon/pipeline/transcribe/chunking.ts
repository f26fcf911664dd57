import { createReadStream } from 'node:fs';
import type { WavInfo } from './wav.js';

export interface Chunk {
  start: number;
  end: number;
}

export const FRAME_SECONDS = 0.01;

/** Mean absolute sample value per 10 ms frame of a 16-bit WAV, read as a stream. */
export async function frameEnergies(info: WavInfo, path: string): Promise<Float32Array> {
  const samplesPerFrame = Math.max(1, Math.round(info.sampleRate * FRAME_SECONDS)) * info.channels;
  const frames = new Float32Array(Math.ceil(info.dataBytes / 2 / samplesPerFrame));
  let index = 0;
  let inFrame = 0;
  let sum = 0;
  let carry: Buffer | undefined;
  const stream = createReadStream(path, { start: info.dataOffset, end: info.dataOffset + info.dataBytes - 1, highWaterMark: 1 << 20 });
  for await (const piece of stream as AsyncIterable<Buffer>) {
    const buf = carry ? Buffer.concat([carry, piece]) : piece;
    const usable = buf.length - (buf.length % 2);
    for (let i = 0; i < usable; i += 2) {
      sum += Math.abs(buf.readInt16LE(i));
      if (++inFrame === samplesPerFrame) {
        frames[index++] = sum / samplesPerFrame;
        inFrame = 0;
        sum = 0;
      }
    }
    carry = usable < buf.length ? buf.subarray(usable) : undefined;
  }
  if (inFrame) frames[index++] = sum / inFrame;
  return frames.subarray(0, index);
}

export interface ChunkPlanOptions {
  /** Chunks that may run at once (the cores). */
  parallel: number;
  /** No chunk longer than this (seconds): bounds memory and makes progress finer. */
  maxChunk?: number;
  /** No chunk shorter than this: each run of the recogniser costs about a second to start. */
  minChunk?: number;
  /**
   * `maxChunk` is a hard limit (an engine that hears at most 30 s, issue 14): a chunk that the
   * move to a quiet point made longer is cut again at its quietest point inside the limit.
   */
  strict?: boolean;
}

/**
 * Splits audio into chunks for recognisers running side by side: enough chunks to keep every
 * core busy and none longer than `maxChunk`, each boundary moved to the quietest point (300 ms
 * average) near its even split, so that no word is cut in two.
 */
export function planChunks(energies: Float32Array, duration: number, opts: ChunkPlanOptions): Chunk[] {
  const maxChunk = opts.maxChunk ?? 60;
  const minChunk = opts.minChunk ?? 15;
  let n = Math.ceil(duration / maxChunk);
  if (n < opts.parallel) n = Math.max(n, Math.min(opts.parallel, Math.floor(duration / minChunk)));
  if (n <= 1) return [{ start: 0, end: duration }];

  const prefix = new Float64Array(energies.length + 1);
  for (let i = 0; i < energies.length; i++) prefix[i + 1] = prefix[i] + energies[i];
  const half = 15; // frames each side: a 300 ms window
  const level = (i: number) => {
    const a = Math.max(0, i - half);
    const b = Math.min(energies.length, i + half + 1);
    return (prefix[b] - prefix[a]) / Math.max(1, b - a);
  };

  const length = duration / n;
  const reach = Math.min(length / 4, 10);
  const cuts: number[] = [];
  for (let k = 1; k < n; k++) {
    const target = k * length;
    const lo = Math.max(Math.ceil((target - reach) / FRAME_SECONDS), 1);
    const hi = Math.min(Math.floor((target + reach) / FRAME_SECONDS), energies.length - 2);
    let best = Math.round(target / FRAME_SECONDS);
    let bestLevel = Infinity;
    for (let i = lo; i <= hi; i++) {
      const v = level(i);
      // Among equally quiet points (a long pause) the one nearest the even split wins.
      if (v < bestLevel - 1e-9 || (Math.abs(v - bestLevel) <= 1e-9 && Math.abs(i * FRAME_SECONDS - target) < Math.abs(best * FRAME_SECONDS - target))) {
        bestLevel = v;
        best = i;
      }
    }
    cuts.push(Math.round(best * FRAME_SECONDS * 100) / 100);
  }
  if (opts.strict) {
    // Each cut moved at most `reach` from the even split, so a chunk is at most length + 2 * reach.
    const quietest = (lo: number, hi: number) => {
      let best = lo;
      for (let i = lo; i <= hi; i++) if (level(i) < level(best) - 1e-9) best = i;
      return Math.round(best * FRAME_SECONDS * 100) / 100;
    };
    for (let k = 0, edges = [0, ...cuts, duration]; k < edges.length - 1; k++) {
      const [a, b] = [edges[k], edges[k + 1]];
      if (b - a <= maxChunk) continue;
      const lo = Math.ceil((Math.max(b - maxChunk, a + Math.min(minChunk, maxChunk / 2))) / FRAME_SECONDS);
      const hi = Math.floor((a + maxChunk) / FRAME_SECONDS);
      edges.splice(k + 1, 0, quietest(Math.min(lo, hi), hi));
      cuts.splice(k, 0, edges[k + 1]);
      k--; // look at the first piece again (a chunk over twice the limit needs more cuts)
    }
  }
  const edges = [0, ...cuts, duration];
  return edges.slice(1).map((end, i) => ({ start: edges[i], end })).filter((c) => c.end > c.start);
}
