// Benchmark of what opening the editor costs (issue 16, item 1): the waveform and the thumbnail
// strip of a 30-second window of a 1080p source, side by side with the 10-second preview of the
// clip inside it (the stage a trim runs again), alternating in one run. Target: the page's
// timeline is ready well before a remade preview would be (both below 0.5x the preview).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { audioPeaks, thumbnailStrip } from '../daemon/pipeline/media/timeline.js';
import { probe } from '../daemon/pipeline/media/index.js';
import { realStages } from '../daemon/pipeline/real-stages.js';
import { loadConfig } from '../daemon/config.js';
import { source1080p } from './sources.js';


const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function timed(work: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await work();
  return performance.now() - t;
}

export async function run(rounds = 3) {
  const src = source1080p(70);
  const work = mkdtempSync(join(tmpdir(), 'clipper-bench-editor-'));
  try {
    const info = await probe(src);
    const stages = realStages(loadConfig({ dataDir: work }));
    const window = { start: 20, end: 50 };
    const clip = { start: 30, end: 40 };
    const times = { peaks: [] as number[], thumbs: [] as number[], preview: [] as number[] };
    for (let i = 0; i < rounds; i++) {
      times.peaks.push(await timed(() => audioPeaks(src, window, 600, { hasAudio: true })));
      times.thumbs.push(await timed(() => thumbnailStrip(src, window, 12, 64)));
      times.preview.push(await timed(() => stages.renderPreview({ mediaPath: src, probe: info, clip }, join(work, `p${i}.mp4`), new AbortController().signal)));
    }
    const [p, t, v] = [median(times.peaks), median(times.thumbs), median(times.preview)];
    process.stdout.write(`waveform of 30 s (600 peaks): ${p.toFixed(0)} ms (${(p / v).toFixed(2)}x the preview)\n`);
    process.stdout.write(`thumbnails of 30 s (12 frames): ${t.toFixed(0)} ms (${(t / v).toFixed(2)}x the preview)\n`);
    process.stdout.write(`preview of the 10 s clip: ${v.toFixed(0)} ms; medians of ${rounds} alternating rounds\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
