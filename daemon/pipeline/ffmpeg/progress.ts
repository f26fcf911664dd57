/**
 * Reads ffmpeg's `-progress pipe:1` output: blocks of `key=value` lines, each closed by
 * `progress=continue` or `progress=end`. `out_time_us` (and `out_time_ms`, which despite its name
 * is also in microseconds) is how far the output has got; divided by the expected output duration
 * it becomes a 0..1 fraction. Reports only when the fraction grows, and 1 at the end.
 */
export function progressParser(durationSeconds: number | undefined, onProgress: (fraction: number) => void): (line: string) => void {
  let outTimeUs: number | undefined;
  let last = -1;
  const report = (p: number) => {
    const clamped = Math.min(1, Math.max(0, p));
    if (clamped > last) {
      last = clamped;
      onProgress(clamped);
    }
  };
  return (line: string) => {
    const eq = line.indexOf('=');
    if (eq < 0) return;
    const key = line.slice(0, eq).trim();
    const value = line.slice(eq + 1).trim();
    if (key === 'out_time_us' || (key === 'out_time_ms' && outTimeUs === undefined)) {
      const n = Number(value);
      if (Number.isFinite(n) && n >= 0) outTimeUs = n;
    } else if (key === 'progress') {
      if (value === 'end') report(1);
      else if (outTimeUs !== undefined && durationSeconds && durationSeconds > 0) report(outTimeUs / 1e6 / durationSeconds);
      outTimeUs = undefined;
    }
  };
}
