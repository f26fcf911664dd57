import { execFileSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The committed spoken sample (83 s: welcome, pricing, story, roadmap, support, hiring). */
export const SAMPLE = join(process.cwd(), 'fixtures', 'sample.mp4');

/**
 * The sample's first 42 s (welcome, pricing and the office-dog story, cut in the pause before
 * the roadmap), made once per test process. A job that proves an engine or a model took part
 * needs no more speech than this; half the sample is half the recognition, analysis and previews.
 */
export function sampleStart(): string {
  const file = join(tmpdir(), `clipper-sample-42s-${process.pid}.mp4`);
  if (existsSync(file)) return file;
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', SAMPLE, '-t', '42', '-c', 'copy', `${file}.part.mp4`]);
  renameSync(`${file}.part.mp4`, file);
  // One cut per test process, gone with it: nothing is left in the temp folder.
  process.once('exit', () => rmSync(file, { force: true }));
  return file;
}
