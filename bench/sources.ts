// Media the benchmarks share, made once into the temp folder.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A 1080p30 test pattern with a tone, `seconds` long (made once, then reused). */
export function source1080p(seconds: number): string {
  const file = join(tmpdir(), `clipper-bench-1080p-${seconds}.mp4`);
  if (!existsSync(file)) {
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${seconds}`, '-f', 'lavfi', '-i', `sine=frequency=300:duration=${seconds}`,
      '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '60', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', `${file}.tmp.mp4`]);
    execFileSync('mv', [`${file}.tmp.mp4`, file]);
  }
  return file;
}
