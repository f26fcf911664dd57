import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';

/** Where the samples of a 16-bit PCM WAV file are (the audio stage writes 16 kHz mono). */
export interface WavInfo {
  sampleRate: number;
  channels: number;
  dataOffset: number;
  dataBytes: number;
  duration: number;
}

/** Reads the RIFF chunks up to `data`; throws on anything that is not 16-bit PCM. */
export async function readWavInfo(path: string): Promise<WavInfo> {
  const fh = await open(path, 'r');
  try {
    const { size } = await fh.stat();
    const head = Buffer.alloc(Math.min(size, 4096));
    await fh.read(head, 0, head.length, 0);
    if (head.toString('ascii', 0, 4) !== 'RIFF' || head.toString('ascii', 8, 12) !== 'WAVE') throw new Error(`${path} is not a WAV file`);
    let pos = 12;
    let sampleRate = 0;
    let channels = 0;
    while (pos + 8 <= head.length) {
      const id = head.toString('ascii', pos, pos + 4);
      const len = head.readUInt32LE(pos + 4);
      if (id === 'fmt ') {
        if (head.readUInt16LE(pos + 8) !== 1 || head.readUInt16LE(pos + 22) !== 16) throw new Error(`${path} is not 16-bit PCM`);
        channels = head.readUInt16LE(pos + 10);
        sampleRate = head.readUInt32LE(pos + 12);
      } else if (id === 'data') {
        const dataOffset = pos + 8;
        // A streamed WAV may carry a placeholder length: trust the file size instead.
        const dataBytes = Math.min(len, size - dataOffset);
        return { sampleRate, channels, dataOffset, dataBytes, duration: dataBytes / (2 * channels * sampleRate) };
      }
      pos += 8 + len + (len % 2);
    }
    throw new Error(`${path} has no data chunk`);
  } finally {
    await fh.close();
  }
}

/** RMS level of every `frameSeconds` of the (first channel of the) file, in order. */
export async function frameLevels(path: string, info: WavInfo, frameSeconds = 0.1): Promise<Float32Array> {
  const frameSamples = Math.max(1, Math.round(info.sampleRate * frameSeconds));
  const stride = 2 * info.channels;
  const levels = new Float32Array(Math.ceil(info.dataBytes / stride / frameSamples));
  let sample = 0;
  let sum = 0;
  let carry: Buffer = Buffer.alloc(0);
  const stream = createReadStream(path, { start: info.dataOffset, end: info.dataOffset + info.dataBytes - 1, highWaterMark: 1 << 20 });
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const buf = carry.length ? Buffer.concat([carry, chunk]) : chunk;
    const whole = buf.length - (buf.length % stride);
    for (let i = 0; i < whole; i += stride) {
      const v = buf.readInt16LE(i) / 32768;
      sum += v * v;
      if (++sample % frameSamples === 0) {
        levels[sample / frameSamples - 1] = Math.sqrt(sum / frameSamples);
        sum = 0;
      }
    }
    carry = buf.subarray(whole);
  }
  if (sample % frameSamples) levels[Math.floor(sample / frameSamples)] = Math.sqrt(sum / (sample % frameSamples));
  return levels;
}

/** Writes the samples from `start` to `end` seconds as a WAV file of their own (temp + rename). */
export async function writeWavSlice(src: string, info: WavInfo, start: number, end: number, dest: string): Promise<void> {
  const stride = 2 * info.channels;
  const from = Math.max(0, Math.floor(start * info.sampleRate)) * stride;
  const to = Math.min(info.dataBytes, Math.ceil(end * info.sampleRate) * stride);
  const bytes = Math.max(0, to - from);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + bytes, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(info.channels, 22);
  header.writeUInt32LE(info.sampleRate, 24);
  header.writeUInt32LE(info.sampleRate * stride, 28);
  header.writeUInt16LE(stride, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(bytes, 40);
  const tmp = `${dest}.tmp`;
  const body = bytes > 0 ? createReadStream(src, { start: info.dataOffset + from, end: info.dataOffset + to - 1 }) : Readable.from([]);
  const out = createWriteStream(tmp);
  out.write(header);
  await pipeline(body, out);
  await rename(tmp, dest);
}

/** A silent 16 kHz mono WAV of `duration` seconds, for a video without an audio track. */
export async function writeSilentWav(dest: string, duration: number, sampleRate = 16000): Promise<void> {
  const bytes = Math.max(0, Math.round(duration * sampleRate)) * 2;
  const info: WavInfo = { sampleRate, channels: 1, dataOffset: 0, dataBytes: bytes, duration };
  const tmp = `${dest}.silence`;
  const fh = await open(tmp, 'w');
  await fh.truncate(bytes); // a sparse file of zeros: silence
  await fh.close();
  await writeWavSlice(tmp, info, 0, duration, dest);
  await rm(tmp, { force: true });
}
