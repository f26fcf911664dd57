// A quick look between full runs: the suggester alone on the sources `npm run eval` stored
// (fixtures/generated/eval-sources/, recognised once), each talk as one section, with the same
// figures, plus how well the topics were found. The figures that count are `npm run eval`'s.
//
//   npx tsx eval/replay.ts [talk name parts...] [--target S] [--sections] [--set NAME --half tuning]
//
// --set/--half: another evaluation set's talks (eval/set.ts), those `npm run eval -- --set NAME`
// has stored; with --sections, the figures `npm run eval` gives from the same transcripts.
import { join } from 'node:path';
import { buildSource } from '../daemon/pipeline/suggest/source.js';
import { segmentTopics } from '../daemon/pipeline/suggest/topics.js';
import { GENERATED } from './fixtures.js';
import { storedTalk, suggestStored } from './sections.js';
import { speechPauses } from './pauses.js';
import { report, type TalkResult } from './report.js';
import { evalSetDir, loadEvalSet, talksOfHalf, targetOf } from './set.js';

const args = process.argv.slice(2);
const at = args.indexOf('--target');
const target = at >= 0 ? Number(args.splice(at, 2)[1]) : undefined;
// --sections: suggest section by section as the daemon does (eval/sections.ts), clips ranked by score.
const bySections = args.includes('--sections') && args.splice(args.indexOf('--sections'), 1).length > 0;
const option = (name: string) => (args.includes(name) ? args.splice(args.indexOf(name), 2)[1] : undefined);
const setName = option('--set');
const half = option('--half');
const set = loadEvalSet(evalSetDir(setName));
const talks = talksOfHalf(set, evalSetDir(setName), half);
const results: TalkResult[] = [];
let hit = 0;
let truth = 0;
let extra = 0;
const started = performance.now();
for (const talk of talks.filter((t) => args.length === 0 || args.some((a) => t.name.includes(a)))) {
  const stored = storedTalk(talk.name);
  if (!stored) continue;
  const { source, times } = stored;
  const opts = { criteria: set.requests[talk.ask], targetDuration: target, language: 'en' };
  const clips = await suggestStored(talk.name, source, opts, bySections);
  const found = segmentTopics(buildSource(source.transcript, source.analysis, source.probe, 'en')).slice(1).map((t) => t.start);
  const real = times.segments.slice(1).map((s) => s.start);
  hit += real.filter((r) => found.some((f) => Math.abs(f - r) < 3)).length;
  extra += found.filter((f) => !real.some((r) => Math.abs(f - r) < 3)).length;
  truth += real.length;
  const topics = talk.topics.map((id, i) => ({ id, start: times.segments[i].start, end: times.segments[i].end }));
  const ids = targetOf(talk);
  results.push({
    talk, request: opts.criteria, duration: times.duration, topics,
    target: topics.find((t) => t.id === ids.target)!, distractor: topics.find((t) => t.id === ids.distractor)!,
    pauses: await speechPauses(join(GENERATED, `${talk.name}.mp4`)),
    clips: clips.map((c) => ({ start: c.start, end: c.end, title: c.title, score: c.score, reason: c.reason })), extra: {},
  });
}
process.stdout.write(report(results, { target: target ?? null }));
process.stdout.write(`topic boundaries found within 3 s: ${hit}/${truth}, extra: ${extra}; ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
