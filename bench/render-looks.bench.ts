// Benchmark of issue 29, item 7: a 60 s clip of a 1080p source rendered by the daemon (POST, the
// durable task, ffmpeg, the object store) plain (9:16), with filler and silence removal, and in
// 1:1 and 16:9, side by side in the same run (the order rotates each round, so a slow spell of a
// shared machine hits every variant alike). Targets: with removal at most 1.1x the plain render;
// 1:1 and 16:9 at most the 9:16 render's time. `BENCH_ROUNDS` sets the rounds (default 2);
// `BENCH_WARMUP=0` skips the warm-up render. Besides wall-clock time it takes each render's CPU
// time (this process and its reaped children, ffmpeg: /proc/self/stat), which a machine shared
// with other work disturbs far less than the wall clock.
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { planCuts } from '../daemon/pipeline/render/cuts.js';
import { startTestDaemon } from '../test/helpers/daemon.js';
import { insertClip, timedWords } from '../test/publish/helpers.js';
import { source1080p } from './sources.js';

const CLIP_SECONDS = 60;
/** Speech with a filler or two a sentence and a 0.8 s pause after each (timedWords). */
const SCRIPT = Array.from({ length: 12 }, (_, i) => `so um this is sentence number ${i} about uh why pricing tells customers you know what your product is worth`).join('. ');

const VARIANTS = {
  plain: {},
  cut: { remove_fillers: true, remove_silences: true },
  square: { aspect: '1:1' },
  wide: { aspect: '16:9' },
} as const;
type Variant = keyof typeof VARIANTS;

/** CPU seconds of this process and its waited-for children (Linux; 0 elsewhere). */
function cpuSeconds(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').replace(/^.*\) /, '').split(' ');
    // After the command name: utime, stime, cutime, cstime are fields 14 to 17 (11 to 14 here), in ticks of 1/100 s.
    return fields.slice(11, 15).reduce((a, b) => a + Number(b), 0) / 100;
  } catch {
    return 0;
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export async function run(rounds = Number(process.env.BENCH_ROUNDS ?? 2)) {
  const src = source1080p(CLIP_SECONDS + 10);
  const d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 }, framing: { face_tracking: false } } });
  try {
    const start = 5;
    const clipId = await insertClip(d, { script: SCRIPT, source: src, start, end: start + CLIP_SECONDS });
    const plan = planCuts(timedWords(SCRIPT, start), start, start + CLIP_SECONDS, { removeFillers: true, removeSilences: true, language: 'en' });
    const auth = `Key ${await d.apiKey()}`;
    const cpu: Record<Variant, number[]> = { plain: [], cut: [], square: [], wide: [] };
    const render = async (v: Variant) => {
      const t = performance.now();
      const c = cpuSeconds();
      const r = await d.call('POST', `/v1/clips/${clipId}/renders`, { auth, body: VARIANTS[v] });
      if (r.status !== 202) throw new Error(`render refused: ${JSON.stringify(r.body)}`);
      await d.processAll();
      const state = (await d.app.renders.repo.get(clipId))!;
      if (state.status !== 'done') throw new Error(`render ended ${state.status}: ${state.error}`);
      cpu[v].push(cpuSeconds() - c);
      return performance.now() - t;
    };
    const load = [loadavg()[0]];
    // Warm-up (BENCH_WARMUP=0 skips it): the source into the page cache, the clip's framing stored.
    if (process.env.BENCH_WARMUP !== '0') {
      await render('square');
      cpu.square = [];
    }
    const ms: Record<Variant, number[]> = { plain: [], cut: [], square: [], wide: [] };
    const order = Object.keys(VARIANTS) as Variant[];
    for (let i = 0; i < rounds; i++) {
      for (let k = 0; k < order.length; k++) {
        const v = order[(k + i) % order.length];
        ms[v].push(await render(v));
        process.stdout.write(`  round ${i + 1} ${v}: ${(ms[v][ms[v].length - 1] / 1000).toFixed(1)} s, CPU ${cpu[v][cpu[v].length - 1].toFixed(1)} s (load ${loadavg()[0].toFixed(1)})\n`);
      }
      load.push(loadavg()[0]);
    }
    const m = Object.fromEntries(order.map((v) => [v, median(ms[v])])) as Record<Variant, number>;
    const ratio = (a: number, b: number) => Math.round((a / b) * 1000) / 1000;
    const c = Object.fromEntries(order.map((v) => [v, median(cpu[v])])) as Record<Variant, number>;
    const result = {
      cut_ratio: ratio(m.cut, m.plain),
      square_ratio: ratio(m.square, m.plain),
      wide_ratio: ratio(m.wide, m.plain),
      cpu_cut_ratio: ratio(c.cut, c.plain),
      cpu_square_ratio: ratio(c.square, c.plain),
      cpu_wide_ratio: ratio(c.wide, c.plain),
      cut_duration: plan.duration,
      removed_spans: plan.removed.length,
      ms: Object.fromEntries(order.map((v) => [v, ms[v].map(Math.round)])),
      load: load.map((l) => Math.round(l * 10) / 10),
    };
    const s = (v: Variant) => ms[v].map((x) => (x / 1000).toFixed(1)).join(', ');
    process.stdout.write(
      `60 s clip of a 1080p source (${cpus().length} cores, 1-min load by round ${result.load.join(' -> ')}):\n` +
        `  9:16 plain ${s('plain')} s; with fillers and pauses cut (${plan.removed.length} spans, ${plan.duration} s out) ${s('cut')} s: ratio ${result.cut_ratio} (target <= 1.1: ${result.cut_ratio <= 1.1 ? 'met' : 'NOT met'})\n` +
        `  1:1 ${s('square')} s: ratio ${result.square_ratio}; 16:9 ${s('wide')} s: ratio ${result.wide_ratio} (target <= 1 each: ${result.square_ratio <= 1 && result.wide_ratio <= 1 ? 'met' : 'NOT met'})\n` +
        `  CPU time (medians ${order.map((v) => `${v} ${c[v].toFixed(1)} s`).join(', ')}): cut ${result.cpu_cut_ratio}, 1:1 ${result.cpu_square_ratio}, 16:9 ${result.cpu_wide_ratio} of the plain render\n`,
    );
    return result;
  } finally {
    await d.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
