import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outputTime, planCuts } from '../../daemon/pipeline/render/cuts.js';
import type { Word } from '../../daemon/pipeline/types.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { insertClip, objectFile, probe } from './helpers.js';

// Issue 29, items 4 and 5, rendered by ffmpeg: the aspect's output size, and cuts that keep
// picture and sound in sync. The source flashes white and beeps together every 1.5 s from 1 s
// on (0.2 s each); after the cuts each flash must still come with its beep, at the output time
// the cut list gives.

const PERIOD = 1.5;
function syncSource(seconds = 14): string {
  const file = join(tmpdir(), `clipper-sync-src-${seconds}-${process.pid}.mp4`);
  if (existsSync(file)) return file;
  const on = `gte(t,1)*lt(mod(t-1,${PERIOD}),0.2)`;
  execFileSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `color=c=black:size=640x360:rate=25:duration=${seconds},drawbox=x=0:y=0:w=iw:h=ih:color=white:t=fill:enable='${on}'`,
    '-f', 'lavfi', '-i', `sine=frequency=1000:sample_rate=48000:duration=${seconds},volume=volume='${on}':eval=frame`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file,
  ]);
  return file;
}

/** Output times (s) at which the picture turns white. */
function flashes(file: string): number[] {
  const out = execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-vf', 'scale=64:36,signalstats,metadata=print:key=lavfi.signalstats.YAVG:file=-', '-an', '-f', 'null', '-']).toString();
  const frames = [...out.matchAll(/pts_time:([\d.]+)[\s\S]*?YAVG=([\d.]+)/g)].map((m) => ({ t: Number(m[1]), y: Number(m[2]) }));
  return frames.filter((f, i) => f.y > 128 && (i === 0 || frames[i - 1].y <= 128)).map((f) => f.t);
}

/** Output times (s) at which a beep starts (the end of each silence). */
function beepStarts(file: string): number[] {
  const r = execFileSync('sh', ['-c', `ffmpeg -v info -nostats -i "${file}" -af silencedetect=noise=-30dB:d=0.1 -vn -f null - 2>&1`]).toString();
  return [...r.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1]));
}

let d: TestDaemon;
beforeAll(async () => {
  d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 }, framing: { face_tracking: false } } });
});
afterAll(() => d?.stop());

describe('renders in every aspect, with cuts', () => {
  it('a 1:1 render with fillers and pauses cut: 1080x1080, the cut duration, every flash with its beep', async () => {
    const source = syncSource();
    const clipId = await insertClip(d, { script: 'x', source, start: 0.5, end: 13.5 });
    // Words between the flashes: long pauses between them, and an "um" at 4.4-4.6 s.
    const words: Word[] = [
      { text: 'one', start: 0.9, end: 1.3 }, { text: 'two', start: 2.4, end: 2.8 }, { text: 'um', start: 4.4, end: 4.6 },
      { text: 'three', start: 5.4, end: 5.8 }, { text: 'four', start: 8.9, end: 9.3 }, { text: 'five', start: 11.9, end: 12.3 },
    ];
    d.app.db.prepare('UPDATE clips SET words = ?, transcript = ? WHERE id = ?').run(JSON.stringify(words), words.map((w) => w.text).join(' '), clipId);
    const auth = `Key ${await d.apiKey()}`;
    const r = await d.call('POST', `/v1/clips/${clipId}/renders`, { auth, body: { aspect: '1:1', remove_fillers: true, remove_silences: true } });
    expect(r.status).toBe(202);
    await d.processAll();
    const done = (await d.call('GET', `/v1/renders/${clipId}`, { auth })).body;
    expect(done).toMatchObject({ status: 'done', aspect: '1:1', remove_fillers: true, remove_silences: true });
    const plan = planCuts(words, 0.5, 13.5, { removeFillers: true, removeSilences: true, language: 'en' });
    expect(plan.removed.length).toBeGreaterThan(3);
    expect(done.duration).toBe(plan.duration);

    const file = await objectFile(d, (await d.app.renders.repo.get(clipId))!.output_key!);
    const info = probe(file);
    expect(info.streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 1080, height: 1080 });
    expect(Math.abs(Number(info.format.duration) - plan.duration)).toBeLessThan(0.15);

    // The flashes inside kept parts, where the cut list puts them, each with its beep.
    const kept = (t: number) => plan.segments.some((s) => t >= s.start && t + 0.2 <= s.end);
    const expected = Array.from({ length: 9 }, (_, i) => 1 + i * PERIOD).filter(kept).map((t) => outputTime(plan, t));
    expect(expected.length).toBeGreaterThanOrEqual(2);
    const seen = flashes(file);
    const heard = beepStarts(file);
    for (const t of expected) {
      const f = seen.find((x) => Math.abs(x - t) < 0.1);
      const b = heard.find((x) => Math.abs(x - t) < 0.1);
      expect(f, `flash near ${t.toFixed(2)} s in ${seen.join(', ')}`).toBeDefined();
      expect(b, `beep near ${t.toFixed(2)} s in ${heard.join(', ')}`).toBeDefined();
      expect(Math.abs(f! - b!)).toBeLessThan(0.06);
    }
  }, 120_000);

  it('a 16:9 render is 1920x1080 and keeps the whole clip', async () => {
    const clipId = await insertClip(d, { script: 'charge more for your product', source: syncSource(), start: 1, end: 4 });
    const auth = `Key ${await d.apiKey()}`;
    expect((await d.call('POST', `/v1/clips/${clipId}/renders`, { auth, body: { aspect: '16:9' } })).status).toBe(202);
    await d.processAll();
    const row = (await d.app.renders.repo.get(clipId))!;
    expect(row.status).toBe('done');
    const info = probe(await objectFile(d, row.output_key!));
    expect(info.streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 1920, height: 1080 });
    expect(Math.abs(Number(info.format.duration) - 3)).toBeLessThan(0.15);
  }, 120_000);
});
