// `npm run eval -- episodes [--set long|long-b] [--half tuning|held_out] [--clips N] [--verbose] [--make-only] [names...]`:
// the no-request podcast episodes through a real daemon (ffmpeg, pocketsphinx with transcripts
// cached, the suggester, previews), no `criteria`, then the figures of eval/episodes/measure.ts
// for the tuning half and the held-out half apart (fixtures/eval-episodes/split.json; with
// `--set long`, the long-story set in fixtures/eval-episodes-long; `long-b`, a held-out set once, is now all tuning).
// Tune on the tuning half only; the held-out figures are taken once, after the last change.
// `--make-only` makes the videos and fills the transcript cache, and prints no clip figures.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDaemon } from '../../daemon/daemon.js';
import { mintIdToken } from '../../daemon/identity/local-issuer.js';
import { silentLogger } from '../../daemon/log.js';
import type { Transcript } from '../../daemon/pipeline/types.js';
import { LinkServer } from '../../test/jobs/helpers/link-server.js';
import { speakerOf, type SpeakerTurn } from '../../daemon/pipeline/speakers/diarize.js';
import { GENERATED } from '../fixtures.js';
import { cachedTranscriber } from '../transcript-cache.js';
import { checkEpisode, halvesOf, LONG, splitProblems } from './check.js';
import { makeEpisode } from './make.js';
import { momentsOf } from './moments.js';
import { describeTop, episodesReport, measureEpisode, type EpisodeFigures } from './measure.js';
import { episodesDir, loadEpisode as loadFrom, loadSplit } from './script.js';

const args = process.argv.slice(3);
const option = (name: string) => (args.includes(name) ? args.splice(args.indexOf(name), 2)[1] : undefined);
const half = option('--half');
const clipCount = option('--clips');
const set = option('--set');
const dir = episodesDir(set);
const loadEpisode = (name: string) => loadFrom(name, dir);
const flag = (name: string) => (args.includes(name) ? Boolean(args.splice(args.indexOf(name), 1)) : false);
const verbose = flag('--verbose');
const makeOnly = flag('--make-only');
const split = loadSplit(dir);
const halves = halvesOf(split, half);
const names = halves.flatMap((h) => split[h]).filter((n) => args.length === 0 || args.some((a) => n.includes(a)));
const problems = splitProblems(split, readdirSync(dir).filter((f) => /^[a-z]+(-[a-z]+)*-\d+\.json$/.test(f)).map((f) => f.slice(0, -5)));
const media = new Map(names.map((n) => [n, makeEpisode(loadEpisode(n))]));
// The set is sound before anything is measured: its planted units whole in the made videos.
for (const n of names) {
  const { units, problems: found } = checkEpisode(loadEpisode(n), media.get(n)!.times, set?.startsWith('long') ? LONG : undefined);
  problems.push(...found);
  if (makeOnly) process.stdout.write(`${n} ${(media.get(n)!.times.duration / 60).toFixed(1)} min: ${units.map((u) => `${u.id} ${u.seconds.toFixed(0)} s`).join(', ')}\n`);
}
if (problems.length) throw new Error(`the episodes set is not sound:\n${problems.join('\n')}`);

const work = mkdtempSync(join(tmpdir(), 'clipper-eval-episodes-'));
const d = await startDaemon({ config: { dataDir: join(work, 'data'), host: '127.0.0.1', port: 0, settings: { framing: { face_tracking: false } } }, log: silentLogger });
const links = await new LinkServer().start();
const real = d.app.stages.current;
const cache = { hits: 0, misses: 0 };
d.app.stages.current = {
  ...real,
  transcriber: cachedTranscriber(real.transcriber, join(GENERATED, 'eval-transcripts'), cache),
  // Clip choice is what is measured: a preview is an empty file here (`npm run eval` renders them).
  renderPreview: async (_input, out) => writeFile(out, ''),
};
try {
  const team = (await d.app.store.teams.first())!.id;
  const token = await mintIdToken(join(work, 'data'), team);
  const started = Date.now();
  const figures = new Map<string, EpisodeFigures>();
  for (const name of names) {
    const body = { source: { url: links.file(`/${name}.mp4`, media.get(name)!.video) }, ...(clipCount ? { clip_count: Number(clipCount) } : {}) };
    const res = await fetch(`${d.url}/v1/clips`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (res.status !== 202) throw new Error(`POST /v1/clips for ${name}: ${res.status} ${await res.text()}`);
    const jobId = ((await res.json()) as { job_id: string }).job_id;
    let job = await d.app.clipJobs.view(team, jobId);
    while (job.status !== 'done' && job.status !== 'error') {
      await new Promise((r) => setTimeout(r, 250));
      job = await d.app.clipJobs.view(team, jobId);
    }
    if (job.status === 'error') throw new Error(`${name}: the job failed: ${job.error}`);
    // Only the videos and transcripts were asked for: the clips are not looked at.
    if (makeOnly) continue;
    const stages = await d.app.clipJobs.repo.stageResults(jobId);
    const words = [...stages].filter(([k]) => /^transcribe:\d+$/.test(k)).flatMap(([, v]) => (v as Transcript).segments.flatMap((s) => s.words));
    // The speaker turns each section's suggestion stored (issue 30, item 3).
    const turns = [...stages].filter(([k]) => k.startsWith('suggest:')).flatMap(([, v]) => (v as { speakers?: SpeakerTurn[] }).speakers ?? []);
    const spoken = words.map((w) => ({ start: w.start, end: w.end, speaker: speakerOf(turns, w) }));
    const { script, times } = { script: loadEpisode(name), times: media.get(name)!.times };
    const clips = job.clips.map((c) => ({ start: c.start, end: c.end, title: c.title, score: c.score }));
    figures.set(name, measureEpisode(script, times, clips, spoken));
    // Only for the tuning half: the held-out half is measured once, figures only.
    if (verbose && split.tuning.includes(name)) process.stdout.write(`${name}: moments ${momentsOf(script, times).map((m) => `${m.id} ${m.start.toFixed(1)}-${m.end.toFixed(1)}`).join(', ')}\n${describeTop(script, times, clips).join('\n')}\n`);
  }
  for (const h of makeOnly ? [] : halves) process.stdout.write(episodesReport(h === 'tuning' ? 'Tuning half' : 'Held-out half', split[h].filter((n) => figures.has(n)).map((n) => figures.get(n)!)));
  process.stdout.write(`\n${names.length} jobs in ${((Date.now() - started) / 1000).toFixed(0)} s; transcripts from cache ${cache.hits}, recognised now ${cache.misses}\n`);
} finally {
  await links.stop();
  await d.close();
  rmSync(work, { recursive: true, force: true });
}
