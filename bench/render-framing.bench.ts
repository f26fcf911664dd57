// Benchmark of subject-following framing (issue 17, item 5): "face tracking adds at most 25% to
// a 60 s render and to the job's preview stage, measured side by side with the centre crop in
// one run". A 60-second clip of a 1080p video with a real face (the astronaut of
// fixtures/make-faces.sh, swaying like a speaker) is, alternating in the same run:
//  - previewed with the centre crop, and framed (face analysis) + previewed with the plan: the
//    job's preview stage for one clip, before and after;
//  - rendered in full (1080x1920, captions) with the centre crop, and with the stored plan (what a
//    render does: the plan was made with the preview), and with the analysis made at render time
//    (a clip that had none).
// It also counts the face detector's calls in one analysis (per minute of clip: the clip is 60 s),
// and the preview stage's CPU seconds (less at the mercy of the shared machine's load than wall time).
// `npm run bench render`; BENCH_FRAMING_ROUNDS=N (default 2); BENCH_FRAMING_PARTS=preview skips
// the three full renders (the preview stage alone, a few minutes less).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { analyseFraming } from '../daemon/pipeline/framing/index.js';
import { faceDetector } from '../daemon/pipeline/framing/detector.js';
import { renderPreview } from '../daemon/pipeline/media/preview.js';
import { runFfmpeg } from '../daemon/pipeline/media/index.js';
import { buildAss } from '../daemon/pipeline/render/captions-ass.js';
import { fullRenderArgs } from '../daemon/pipeline/render/render-graph.js';
import { faceFootage } from '../test/framing/footage.js';
import { timedWords } from '../test/publish/helpers.js';

const START = 5;
const SECONDS = 60;
const SOURCE = { width: 1920, height: 1080 };

function talkingHead(): string {
  const file = join(tmpdir(), 'clipper-bench-face-1080p.mp4');
  if (!existsSync(file)) {
    const face = join(faceFootage(), 'astronaut.png');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=0x3a4a5a:s=1920x1080:r=30:d=${SECONDS + 10}`, '-loop', '1', '-i', face,
      '-f', 'lavfi', '-i', `sine=frequency=220:duration=${SECONDS + 10}`,
      '-filter_complex', "[1:v]scale=900:900[f];[0:v][f]overlay=x='560+180*sin(t/2.5)':y=120:shortest=1[v]",
      '-map', '[v]', '-map', '2:a', '-t', String(SECONDS + 10), '-c:v', 'libx264', '-preset', 'veryfast', '-g', '60', '-pix_fmt', 'yuv420p', '-c:a', 'aac', `${file}.tmp.mp4`]);
    execFileSync('mv', [`${file}.tmp.mp4`, file]);
  }
  return file;
}

/**
 * CPU seconds used so far by this process (all its threads: the detector's too) and its finished
 * children (ffmpeg), from /proc (Linux): on a shared machine, wall time depends on how many other
 * threads compete, CPU time much less.
 */
function cpuSeconds(): number {
  const own = process.cpuUsage();
  let children = 0;
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    children = (Number(fields[13]) + Number(fields[14])) / 100; // cutime, cstime (fields 16, 17; clock ticks)
  } catch {
    children = NaN; // not Linux
  }
  return (own.user + own.system) / 1e6 + children;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const timed = async (f: () => Promise<unknown>) => {
  const t = performance.now();
  await f();
  return performance.now() - t;
};

export async function run(rounds = Number(process.env.BENCH_FRAMING_ROUNDS ?? 2)) {
  const src = talkingHead();
  const work = mkdtempSync(join(tmpdir(), 'clipper-bench-framing-'));
  try {
    const assFile = join(work, 'c.ass');
    const script = Array.from({ length: 12 }, (_, i) => `this is sentence number ${i} about why pricing tells customers what your product is worth`).join('. ');
    writeFileSync(assFile, buildAss(timedWords(script, START), START, START + SECONDS));
    const span = { start: START, end: START + SECONDS };
    const analyse = () => analyseFraming(src, { ...span, source: SOURCE });
    const daemonDetector = faceDetector();
    let calls = 0;
    const counting = { detect: (...a: Parameters<typeof daemonDetector.detect>) => (calls++, daemonDetector.detect(...a)) };
    // Warm-up (page cache, the detector thread and its model), counting the detector's calls.
    let plan = await analyseFraming(src, { ...span, source: SOURCE, detector: counting });
    const previewOnly = process.env.BENCH_FRAMING_PARTS === 'preview';
    const render = (p?: typeof plan) => runFfmpeg(fullRenderArgs({ source: src, ...span, assFile, ...SOURCE, hasAudio: true, output: join(work, 'r.mp4'), plan: p }), { duration: SECONDS });
    const preview = (p?: typeof plan) => renderPreview(src, { ...span, out: join(work, 'p.mp4'), plan: p });
    const cpu = { previewCentre: [] as number[], previewFaces: [] as number[] };
    const withCpu = async (into: number[], f: () => Promise<number>) => {
      const c = cpuSeconds();
      const ms = await f();
      into.push(cpuSeconds() - c);
      return ms;
    };
    const t = { previewCentre: [] as number[], previewFaces: [] as number[], analysis: [] as number[], renderCentre: [] as number[], renderStored: [] as number[], renderFresh: [] as number[] };
    for (let i = 0; i < rounds; i++) {
      const centreFirst = i % 2 === 0; // alternate, so a slow spell of the shared machine hits both
      const pair = async (a: () => Promise<void>, b: () => Promise<void>) => (centreFirst ? (await a(), await b()) : (await b(), await a()));
      await pair(
        async () => void t.previewCentre.push(await withCpu(cpu.previewCentre, () => timed(() => preview()))),
        async () =>
          void t.previewFaces.push(
            await withCpu(cpu.previewFaces, async () => {
              const ms = await timed(async () => (plan = await analyse()));
              t.analysis.push(ms);
              return ms + (await timed(() => preview(plan)));
            }),
          ),
      );
      if (previewOnly) continue;
      await pair(
        async () => void t.renderCentre.push(await timed(() => render())),
        async () => {
          t.renderStored.push(await timed(() => render(plan)));
          t.renderFresh.push(await timed(async () => render(await analyse())));
        },
      );
    }
    const s = (xs: number[]) => xs.map((m) => (m / 1000).toFixed(1)).join(', ');
    const ratio = (a: number[], b: number[]) => (a.length ? Math.round((median(a) / median(b)) * 1000) / 1000 : NaN);
    const result = {
      name: 'face tracking vs the centre crop, 60 s clip of a 1080p talking head',
      layout: plan.layout,
      samples_with_face: `${plan.samplesWithFace}/${plan.samples}`,
      detector_calls_per_minute: calls,
      preview_stage_ratio: ratio(t.previewFaces, t.previewCentre),
      preview_stage_cpu_ratio: ratio(cpu.previewFaces, cpu.previewCentre),
      render_ratio_stored_plan: ratio(t.renderStored, t.renderCentre),
      render_ratio_analysed_at_render: ratio(t.renderFresh, t.renderCentre),
      target: '<= 1.25',
      ms: Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v.map(Math.round)])),
    };
    process.stdout.write(
      `framing of a 60 s 1080p clip (${plan.layout}, a face in ${result.samples_with_face} samples, ${calls} detector calls):\n` +
        `  preview stage: centre crop ${s(t.previewCentre)} s; face analysis + preview ${s(t.previewFaces)} s (analysis alone ${s(t.analysis)} s); ratio ${result.preview_stage_ratio} (target <= 1.25: ${result.preview_stage_ratio <= 1.25 ? 'met' : 'NOT met'})\n` +
        `  preview stage CPU (all threads and ffmpeg): centre crop ${cpu.previewCentre.map((c) => c.toFixed(1)).join(', ')} s; face analysis + preview ${cpu.previewFaces.map((c) => c.toFixed(1)).join(', ')} s; ratio ${result.preview_stage_cpu_ratio}\n` +
        (previewOnly ? '' : `  full render: centre crop ${s(t.renderCentre)} s; with the stored plan ${s(t.renderStored)} s, ratio ${result.render_ratio_stored_plan} (target <= 1.25: ${result.render_ratio_stored_plan <= 1.25 ? 'met' : 'NOT met'}); ` +
        `analysing at render time ${s(t.renderFresh)} s, ratio ${result.render_ratio_analysed_at_render}\n`),
    );
    return result;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
