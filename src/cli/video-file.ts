import { open } from 'node:fs/promises';
import { usageError } from './exit-codes.js';

/**
 * Issue 13, item 10: "a non-video file is refused before upload by probing its header locally".
 * The container formats ffmpeg reads that people film and export in, by their magic numbers
 * (the first bytes of the file); nothing is decoded, so this costs one 4 KiB read.
 */
const SIGNATURES: Array<{ kind: string; test: (b: Buffer) => boolean }> = [
  { kind: 'MP4/MOV/3GP', test: (b) => b.subarray(4, 8).toString('latin1') === 'ftyp' || ['moov', 'mdat', 'wide', 'free', 'skip'].includes(b.subarray(4, 8).toString('latin1')) },
  { kind: 'Matroska/WebM', test: (b) => b.readUInt32BE(0) === 0x1a45dfa3 },
  { kind: 'AVI', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'AVI ' },
  { kind: 'MPEG-PS', test: (b) => b.readUInt32BE(0) === 0x000001ba },
  { kind: 'MPEG-TS', test: (b) => b[0] === 0x47 && (b.length < 189 || b[188] === 0x47) && (b.length < 377 || b[376] === 0x47) },
  { kind: 'FLV', test: (b) => b.subarray(0, 3).toString('latin1') === 'FLV' },
  { kind: 'ASF/WMV', test: (b) => b.readUInt32BE(0) === 0x3026b275 },
  { kind: 'Ogg', test: (b) => b.subarray(0, 4).toString('latin1') === 'OggS' },
];

/** What the first bytes look like, for the message about a file that is not a video. */
function lookalike(b: Buffer): string {
  const text = b.subarray(0, 512).toString('latin1');
  if (text.startsWith('%PDF')) return 'a PDF document';
  if (b[0] === 0x89 && text.slice(1, 4) === 'PNG') return 'a PNG image';
  if (b[0] === 0xff && b[1] === 0xd8) return 'a JPEG image';
  if (text.startsWith('PK\u0003\u0004')) return 'a ZIP archive (or an office document)';
  if (text.startsWith('ID3') || (b[0] === 0xff && (b[1] & 0xe0) === 0xe0)) return 'an MP3 audio file';
  if (text.startsWith('RIFF') && text.slice(8, 12) === 'WAVE') return 'a WAV audio file';
  if (/^[\t\n\r\x20-\x7e]*$/.test(text)) return 'text';
  return 'not a video container clipper knows';
}

/** The container of a video file, or a usage error saying what the file is instead. */
export async function checkVideoFile(path: string, shown = path): Promise<string> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(4096);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    const head = buf.subarray(0, bytesRead);
    if (head.length >= 12) for (const s of SIGNATURES) if (s.test(head)) return s.kind;
    throw usageError(
      `${shown} is not a video: its first bytes look like ${head.length < 12 ? 'almost nothing (it is nearly empty)' : lookalike(head)}; nothing was uploaded`,
      'Give a video file (MP4, MOV, MKV, WebM, AVI, MPEG, FLV, WMV or Ogg).',
    );
  } finally {
    await fh.close();
  }
}
