import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration, ProgressBar } from '../../src/cli/uploads/progress-bar.js';

describe('the upload progress bar', () => {
  it('shows percent, bytes, speed over the last seconds and ETA, redrawn in place', () => {
    let now = 0;
    let out = '';
    const stream = Object.assign(new PassThrough(), { columns: 100 });
    stream.on('data', (c) => (out += c));
    const bar = new ProgressBar(stream, 'talk.mp4', () => now);
    const p = (sentBytes: number, partsDone: number) => ({ sentBytes, totalBytes: 1_000_000_000, partsDone, partsTotal: 48 });
    bar.update(p(200_000_000, 10)); // 200 MB were sent by an earlier run: not counted in the speed
    now = 2000;
    bar.update(p(300_000_000, 14));
    expect(bar.render(p(300_000_000, 14))).toBe('talk.mp4 [#########---------------------]  30%  300 MB / 1.0 GB  50.0 MB/s  ETA 0:14  parts 14/48');
    expect(out.startsWith('\r')).toBe(true);
    expect(out).toContain('\x1b[K');
    now = 2050; // too soon to redraw
    const before = out;
    bar.update(p(301_000_000, 14));
    expect(out).toBe(before);
    bar.done();
    expect(out.endsWith('\n')).toBe(true);
  });

  it('formats sizes and durations', () => {
    expect([formatBytes(999), formatBytes(1500), formatBytes(2_000_000_000), formatBytes(123_456_789)]).toEqual(['999 B', '1.5 kB', '2.0 GB', '123 MB']);
    expect([formatDuration(5), formatDuration(65), formatDuration(3725), formatDuration(NaN)]).toEqual(['0:05', '1:05', '1:02:05', '--:--']);
  });
});
