// `npm run eval` (issue 20, item 6): every talk of the evaluation set through a real daemon
// (ffmpeg, pocketsphinx with its transcripts cached, the suggester, previews), then the figures:
// top clip on the asked topic, the topic among the top three, boundaries in pauses, clips inside
// one topic, title lengths; long talks and short-topic talks apart.
//
//   npm run eval                       all talks
//   npm run eval -- long-3 short       talks whose names contain one of the words
//   npm run eval -- --target 30        with target_duration 30 s
//   npm run eval -- --json FILE        the per-talk results as JSON too
//   npm run eval -- --set general      the second set (fixtures/eval-general: interviews,
//                                      lectures, stories, reviews; issue 28, item 8)
//   npm run eval -- --set general --half tuning|held_out
//                                      one half of its fixed split (split.json); held_out is
//                                      measured once, after the last change to the heuristics
//   npm run eval -- --set hard-c --prepare
//                                      only makes the videos and fills the transcript cache:
//                                      every job runs, no figure is printed (a held-out set's
//                                      figures are for the one measurement after the last change)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDaemon } from '../daemon/daemon.js';
import { mintIdToken } from '../daemon/identity/local-issuer.js';
import { silentLogger } from '../daemon/log.js';
import { joinTranscripts } from '../daemon/pipeline/transcript-parts.js';
import type { Analysis, ProbeResult, Transcript } from '../daemon/pipeline/types.js';
import { LinkServer } from '../test/jobs/helpers/link-server.js';
import { GENERATED, makeTalkVideos } from './fixtures.js';
import { speechPauses } from './pauses.js';
import { report, type TalkResult } from './report.js';
import { checkEvalSet, evalSetDir, loadEvalSet, talksOfHalf, targetOf } from './set.js';
import { cachedTranscriber } from './transcript-cache.js';

// `npm run eval -- episodes ...`: the no-request podcast episodes instead (issue 30, item 5).
if (process.argv[2] === 'episodes') {
  await import('./episodes/run.js');
  process.exit(0);
}
const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args.splice(args.indexOf(name), 2)[1] : undefined);
const target = option('--target');
const jsonOut = option('--json');
const llm = option('--llm');
const setName = option('--set');
const half = option('--half');
const prepare = args.includes('--prepare');
if (prepare) args.splice(args.indexOf('--prepare'), 1);

const set = loadEvalSet(evalSetDir(setName));
const problems = checkEvalSet(set);
if (problems.length) {
  process.stderr.write(`the evaluation set is not sound:\n  ${problems.join('\n  ')}\n`);
  process.exit(1);
}
const talks = talksOfHalf(set, evalSetDir(setName), half).filter((t) => args.length === 0 || args.some((a) => t.name.includes(a)));
const media = makeTalkVideos(set, talks);

const work = mkdtempSync(join(tmpdir(), 'clipper-eval-'));
// Clip choice is what is measured: previews keep the centre crop (no face detection, issue 17).
const settings = { framing: { face_tracking: false }, ...(llm ? { llm: JSON.parse(llm) } : {}) };
const d = await startDaemon({ config: { dataDir: join(work, 'data'), host: '127.0.0.1', port: 0, settings }, log: silentLogger });
const links = await new LinkServer().start();
const real = d.app.stages.current;
const cache = { hits: 0, misses: 0 };
// Time spent choosing clips and writing titles (the suggest stage), per call.
const suggestMs: number[] = [];
d.app.stages.current = {
  ...real,
  transcriber: cachedTranscriber(real.transcriber, join(GENERATED, 'eval-transcripts'), cache),
  async suggest(input, opts) {
    const t = performance.now();
    try {
      return await real.suggest(input, opts);
    } finally {
      suggestMs.push(performance.now() - t);
    }
  },
};

/** The job's stored stage results (probe, analysis, transcript) for eval/replay.ts. */
function saveSource(name: string, stages: Map<string, unknown>): void {
  const parts = [...stages].filter(([k]) => /^transcribe:\d+$/.test(k)).sort((a, b) => Number(a[0].slice(11)) - Number(b[0].slice(11))).map(([, v]) => v as Transcript);
  const dir = join(GENERATED, 'eval-sources');
  mkdirSync(dir, { recursive: true });
  const source = { probe: stages.get('probe') as ProbeResult, analysis: stages.get('analyse') as Analysis, transcript: joinTranscripts(parts, { engine: 'pocketsphinx', language: 'en' }) };
  writeFileSync(join(dir, `${name}.json`), JSON.stringify(source));
}

try {
  const team = (await d.app.store.teams.first())!.id;
  const token = await mintIdToken(join(work, 'data'), team);
  const started = Date.now();
  const jobs = new Map<string, string>();
  for (const talk of talks) {
    const body = { source: { url: links.file(`/${talk.name}.mp4`, media.get(talk.name)!.video) }, criteria: set.requests[talk.ask], ...(target ? { target_duration: Number(target) } : {}) };
    const res = await fetch(`${d.url}/v1/clips`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (res.status !== 202) throw new Error(`POST /v1/clips for ${talk.name}: ${res.status} ${await res.text()}`);
    jobs.set(talk.name, ((await res.json()) as { job_id: string }).job_id);
  }
  const results: TalkResult[] = [];
  for (const talk of talks) {
    const jobId = jobs.get(talk.name)!;
    let job = await d.app.clipJobs.view(team, jobId);
    while (job.status !== 'done' && job.status !== 'error') {
      await new Promise((r) => setTimeout(r, 250));
      job = await d.app.clipJobs.view(team, jobId);
    }
    if (job.status === 'error') throw new Error(`${talk.name}: the job failed: ${job.error}`);
    const { video, times } = media.get(talk.name)!;
    saveSource(talk.name, await d.app.clipJobs.repo.stageResults(jobId));
    const ids = targetOf(talk);
    const topics = talk.topics.map((id, i) => ({ id, start: times.segments[i].start, end: times.segments[i].end }));
    results.push({
      talk,
      request: set.requests[talk.ask],
      duration: times.duration,
      topics,
      target: topics.find((t) => t.id === ids.target)!,
      distractor: topics.find((t) => t.id === ids.distractor)!,
      pauses: await speechPauses(video),
      clips: job.clips.map((c) => ({ start: c.start, end: c.end, title: c.title, score: c.score, reason: c.reason })),
      extra: job as unknown as Record<string, unknown>,
    });
  }
  const seconds = (Date.now() - started) / 1000;
  if (prepare) process.stdout.write(`${talks.length} talks prepared in ${seconds.toFixed(0)} s: videos made, transcripts cached (${cache.misses} recognised now)\n`);
  else figures(results, seconds);
} finally {
  await links.stop();
  await d.close();
  rmSync(work, { recursive: true, force: true });
}

function figures(results: TalkResult[], seconds: number): void {
  process.stdout.write(report(results, { target: target ? Number(target) : null }));
  const total = suggestMs.reduce((a, b) => a + b, 0);
  process.stdout.write(
    `\n${talks.length} jobs in ${seconds.toFixed(0)} s; transcripts from cache ${cache.hits}, recognised now ${cache.misses}; ` +
      `suggest stage ${suggestMs.length} calls, ${(total / 1000).toFixed(2)} s in all, longest ${Math.max(0, ...suggestMs).toFixed(0)} ms\n`,
  );
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify(results.map(({ pauses: _p, ...r }) => r), null, 2));
}
