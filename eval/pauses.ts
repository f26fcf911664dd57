// Where the talk is silent, read from its audio by the evaluation itself (not by the pipeline it
// judges): 10 ms frame levels of the 16 kHz mono decode, stretches of 150 ms or more well below
// the loudest frame. Festival's pauses between sentences and topics are near digital silence.
import { spawn } from 'node:child_process';
import { pausesOf, type Span } from './scoring.js';

const RATE = 16_000;
const FRAME = 160; // 10 ms

export async function speechPauses(video: string): Promise<Span[]> {
  const child = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', video, '-vn', '-ac', '1', '-ar', String(RATE), '-f', 's16le', 'pipe:1'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const chunks: Buffer[] = [];
  for await (const c of child.stdout) chunks.push(c as Buffer);
  const pcm = Buffer.concat(chunks);
  const samples = Math.floor(pcm.length / 2);
  const levels = new Float32Array(Math.floor(samples / FRAME));
  for (let f = 0; f < levels.length; f++) {
    let sum = 0;
    for (let i = f * FRAME; i < (f + 1) * FRAME; i++) {
      const v = pcm.readInt16LE(i * 2) / 32768;
      sum += v * v;
    }
    levels[f] = 10 * Math.log10(sum / FRAME + 1e-12);
  }
  return pausesOf(levels, FRAME / RATE);
}
