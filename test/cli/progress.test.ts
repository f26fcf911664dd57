import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration, renderTransfer, startSpinner, startTransfer, TransferMeter } from '../../src/cli/progress.js';
import { testContext } from '../helpers/cli-io.js';

const MiB = 1024 * 1024;

describe('TransferMeter', () => {
  it('reports fraction, speed over the recent window and ETA from an injected clock', () => {
    let t = 0;
    const m = new TransferMeter(100 * MiB, 0, () => t);
    expect(m.bytesPerSecond).toBe(0);
    expect(m.etaMs).toBeUndefined();
    for (let i = 0; i < 10; i++) {
      t += 1000;
      m.add(2 * MiB);
    }
    expect(m.fraction).toBeCloseTo(0.2);
    expect(m.bytesPerSecond).toBeCloseTo(2 * MiB, -3);
    expect(m.etaMs).toBeCloseTo(40_000, -3);
    // The speed follows a change within the window instead of averaging since the start.
    for (let i = 0; i < 6; i++) {
      t += 1000;
      m.add(8 * MiB);
    }
    expect(m.bytesPerSecond).toBeGreaterThan(7 * MiB);
  });

  it('does not count bytes already there (a resumed upload) as speed', () => {
    let t = 0;
    const m = new TransferMeter(10 * MiB, 6 * MiB, () => t);
    t += 2000;
    m.add(MiB);
    expect(m.fraction).toBeCloseTo(0.7);
    expect(m.bytesPerSecond).toBeCloseTo(MiB / 2, -2);
  });
});

describe('formatting', () => {
  it('formats sizes, durations and one progress line', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5.0 GiB');
    expect(formatDuration(4_400)).toBe('4s');
    expect(formatDuration(125_000)).toBe('2m05s');
    expect(formatDuration(3_725_000)).toBe('1h02m');
    let t = 0;
    const m = new TransferMeter(10 * MiB, 0, () => t);
    expect(renderTransfer('upload talk.mp4', m)).toBe('upload talk.mp4 [--------------------]   0% 0 B/10.0 MiB -/s ETA -');
    t = 2000;
    m.add(4.5 * MiB);
    expect(renderTransfer('upload talk.mp4', m)).toBe('upload talk.mp4 [#########-----------]  45% 4.5 MiB/10.0 MiB 2.3 MiB/s ETA 2s');
  });
});

describe('spinners and progress bars', () => {
  const env = { PATH: process.env.PATH };

  it('draw on stderr of a terminal, never on stdout', () => {
    const { ctx, stdout, stderr } = testContext({ env, tty: true });
    const p = startTransfer(ctx, { label: 'upload', totalBytes: 4 * MiB });
    p.add(4 * MiB);
    p.succeed();
    expect(stdout.text).toBe('');
    expect(stderr.text).toContain('upload [####################] 100%');
  });

  const cases: Array<[string, { env: NodeJS.ProcessEnv; tty: boolean }, string[]]> = [
    ['stdout is not a terminal', { env, tty: false }, []],
    ['NO_COLOR is set', { env: { ...env, NO_COLOR: '1' }, tty: true }, []],
    ['--no-input', { env, tty: true }, ['--no-input']],
    ['--json', { env, tty: true }, ['--json']],
  ];
  it.each(cases)('stay silent when %s', (_why, o, flags) => {
    const { ctx, stdout, stderr } = testContext(o);
    if (flags.includes('--no-input')) ctx.globals.input = false;
    if (flags.includes('--json')) ctx.globals.json = true;
    const s = startSpinner(ctx, 'working');
    s.update('still working');
    s.succeed('done');
    const p = startTransfer(ctx, { label: 'upload', totalBytes: 10 });
    p.add(10);
    p.succeed();
    expect(stdout.text + stderr.text).toBe('');
    // Messages meant for the person still reach stderr.
    s.info('a message');
    expect(stderr.text).toBe('a message\n');
  });
});
