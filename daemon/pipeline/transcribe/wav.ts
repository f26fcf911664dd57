import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';

/** Where the PCM samples of a WAV file are and what they are. */
export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  dataOffset: number;
  dataBytes: number;
  duration: number;
}

/**
 * Reads a RIFF/WAVE header by walking its chunks (ffmpeg may put LIST chunks before `data`).
 * The speech engines need 16-bit PCM; anything else is refused with a clear message.
 */
export async function readWavInfo(path: string): Promise<WavInfo> {
  const fh = await open(path, 'r');
  try {
    const { size } = await fh.stat();
    const head = Buffer.alloc(Math.min(size, 64 * 1024));
    await fh.read(head, 0, head.length, 0);
    if (head.toString('ascii', 0, 4) !== 'RIFF' || head.toString('ascii', 8, 12) !== 'WAVE') throw new Error(`${path} is not a WAV file`);
    let pos = 12;
    let fmt: Omit<WavInfo, 'dataOffset' | 'dataBytes' | 'duration'> | undefined;
    while (pos + 8 <= head.length) {
      const id = head.toString('ascii', pos, pos + 4);
      const len = head.readUInt32LE(pos + 4);
      if (id === 'fmt ') {
        const format = head.readUInt16LE(pos + 8);
        fmt = { channels: head.readUInt16LE(pos + 10), sampleRate: head.readUInt32LE(pos + 12), bitsPerSample: head.readUInt16LE(pos + 22) };
        if (format !== 1 || fmt.bitsPerSample !== 16) throw new Error(`${path} is not 16-bit PCM`);
      } else if (id === 'data') {
        if (!fmt) throw new Error(`${path} has no format chunk before its data`);
        const dataOffset = pos + 8;
        // A streamed WAV may carry a placeholder length; the file's size is the truth then.
        const dataBytes = Math.min(len, size - dataOffset);
        return { ...fmt, dataOffset, dataBytes, duration: dataBytes / (fmt.sampleRate * fmt.channels * 2) };
      }
      pos += 8 + len + (len % 2);
    }
    throw new Error(`${path} has no data chunk`);
  } finally {
    await fh.close();
  }
}

/** A 44-byte PCM WAV header for `dataBytes` bytes of samples. */
export function wavHeader(info: Pick<WavInfo, 'sampleRate' | 'channels'>, dataBytes: number): Buffer {
  const h = Buffer.alloc(44);
  const blockAlign = info.channels * 2;
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVEfmt ', 8, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(info.channels, 22);
  h.writeUInt32LE(info.sampleRate, 24);
  h.writeUInt32LE(info.sampleRate * blockAlign, 28);
  h.writeUInt16LE(blockAlign, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

/** Copies [start, end) seconds of a WAV into a WAV file of its own. */
export async function writeWavSlice(info: WavInfo, source: string, start: number, end: number, out: string): Promise<void> {
  const frame = info.channels * 2;
  const from = Math.floor(start * info.sampleRate) * frame;
  const to = Math.min(info.dataBytes, Math.floor(end * info.sampleRate) * frame);
  const ws = createWriteStream(out);
  ws.write(wavHeader(info, Math.max(0, to - from)));
  if (to > from) await pipeline(createReadStream(source, { start: info.dataOffset + from, end: info.dataOffset + to - 1 }), ws);
  else await new Promise<void>((resolve, reject) => ws.end((e?: Error | null) => (e ? reject(e) : resolve())));
}
