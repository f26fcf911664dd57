import { describe, expect, it } from 'vitest';
import { progressParser } from '../../daemon/pipeline/ffmpeg/progress.js';
import { mediaToolVersion, resolveMediaTool } from '../../daemon/pipeline/ffmpeg/binaries.js';
import { runFfmpeg } from '../../daemon/pipeline/ffmpeg/run.js';
import { isAbortError, lineSplitter, ProcessError } from '../../daemon/pipeline/process.js';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('ffmpeg -progress parsing', () => {
  it('turns out_time_us blocks into growing 0..1 fractions and ends at 1', () => {
    const seen: number[] = [];
    const push = progressParser(10, (p) => seen.push(p));
    for (const line of ['frame=1', 'out_time_us=2500000', 'out_time=00:00:02.500000', 'progress=continue', 'out_time_us=2500000', 'progress=continue', 'out_time_ms=5000000', 'progress=continue', 'out_time_us=N/A', 'progress=continue', 'progress=end']) push(line);
    expect(seen).toEqual([0.25, 0.5, 1]);
  });

  it('clamps beyond the expected duration and ignores a missing duration', () => {
    const seen: number[] = [];
    const push = progressParser(2, (p) => seen.push(p));
    ['out_time_us=3000000', 'progress=continue'].forEach(push);
    expect(seen).toEqual([1]);
    const none: number[] = [];
    const push2 = progressParser(undefined, (p) => none.push(p));
    ['out_time_us=3000000', 'progress=continue', 'progress=end'].forEach(push2);
    expect(none).toEqual([1]);
  });

  it('splits output into lines across chunk borders and \\r endings', () => {
    const lines: string[] = [];
    const s = lineSplitter((l) => lines.push(l));
    s.push('a=1\nb=');
    s.push('2\r\nc=3\rd');
    s.end();
    expect(lines).toEqual(['a=1', 'b=2', 'c=3', 'd']);
  });
});

describe('ffmpeg binary discovery', () => {
  it('prefers a maintained ffmpeg on PATH and reports its version', async () => {
    const tool = await resolveMediaTool('ffmpeg');
    expect(tool.source).toBe('path');
    expect(await mediaToolVersion(tool)).toMatch(/^\S+$/);
  });

  it('falls back to the npm binaries when PATH has none', async () => {
    for (const name of ['ffmpeg', 'ffprobe'] as const) {
      const tool = await resolveMediaTool(name, { PATH: '/nonexistent' });
      expect(tool.source).toBe('npm');
      expect(tool.path).toContain('installer');
      expect(await mediaToolVersion(tool)).toBeTruthy();
    }
  });

  it('honours CLIPPER_FFMPEG and says when it is wrong', async () => {
    const onPath = await resolveMediaTool('ffmpeg');
    expect(await resolveMediaTool('ffmpeg', { ...process.env, CLIPPER_FFMPEG: onPath.path })).toMatchObject({ source: 'env', path: onPath.path });
    await expect(resolveMediaTool('ffmpeg', { CLIPPER_FFMPEG: '/no/such/ffmpeg' })).rejects.toThrow(/CLIPPER_FFMPEG/);
  });
});

describe('running ffmpeg', () => {
  it('reports progress while it runs', async () => {
    const seen: number[] = [];
    await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=4', '-f', 'null', '-'], { duration: 4, onProgress: (p) => seen.push(p) });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)).toBe(1);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  });

  it('puts the end of stderr in the error of a failed run', async () => {
    const err = await runFfmpeg(['-i', '/no/such/input.mp4', '-f', 'null', '-']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProcessError);
    expect((err as ProcessError).message).toMatch(/ffmpeg exited with status \d+: .*No such file or directory/);
  });

  it('kills the child when the signal aborts', async () => {
    const ac = new AbortController();
    let pid = 0;
    const run = runFfmpeg(['-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=600', '-f', 'null', '-'], {
      signal: ac.signal,
      onSpawn: (child) => (pid = child.pid!),
      duration: 600,
      onProgress: () => ac.abort(),
    });
    const err = await run.catch((e: unknown) => e);
    expect(isAbortError(err)).toBe(true);
    expect(pid).toBeGreaterThan(0);
    expect(alive(pid)).toBe(false);
  });

  it('does not start when the signal has already fired', async () => {
    const err = await runFfmpeg(['-version'], { signal: AbortSignal.abort() }).catch((e: unknown) => e);
    expect(isAbortError(err)).toBe(true);
  });
});
