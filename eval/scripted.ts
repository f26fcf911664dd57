// The suggester on an evaluation set's scripts, without speech recognition (issue 28, item 8):
// each talk's transcript is its script, the words of each topic spread over the time festival
// spoke it (the times make-fixtures.sh records beside the video), with the video's pauses and
// scene changes, suggested section by section as the daemon does (eval/sections.ts). What it
// measures is the heuristics' reading of meaning with no recognition errors; `npm run eval`
// (pocketsphinx on the audio) is the figure with them. Needs the talks' videos (made once,
// cached in fixtures/generated/ by `npm run eval -- --set NAME`).
//
//   npx tsx eval/scripted.ts [--set general] [--half tuning|held_out] [--list] [talk name parts...]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spreadWords } from '../daemon/pipeline/transcribe/whisper-json.js';
import type { Transcript } from '../daemon/pipeline/types.js';
import { GENERATED, type TalkTimes } from './fixtures.js';
import { report, type TalkResult } from './report.js';
import { suggestBySections, type Source } from './sections.js';
import { checkEvalSet, evalSetDir, loadEvalSet, talksOfHalf, targetOf } from './set.js';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args.splice(args.indexOf(name), 2)[1] : undefined);
const setName = option('--set');
const half = option('--half');
const list = args.includes('--list');
const names = args.filter((a) => !a.startsWith('--'));
const set = loadEvalSet(evalSetDir(setName));
const problems = checkEvalSet(set);
if (problems.length) throw new Error(`the evaluation set is not sound:\n  ${problems.join('\n  ')}`);
const talks = talksOfHalf(set, evalSetDir(setName), half).filter((t) => !names.length || names.some((n) => t.name.includes(n)));
const missing = talks.filter((t) => !existsSync(join(GENERATED, `${t.name}.json`)));
if (missing.length) throw new Error(`no video yet for ${missing.map((t) => t.name).join(', ')}: make them once with npm run eval -- --set ${setName ?? ''} (or eval/fixtures.ts makeTalkVideos)`);

/** The talk's script as a transcript, with the spoken times of its topics. */
function scriptSource(times: TalkTimes): Source {
  const transcript: Transcript = {
    engine: 'none',
    language: 'en',
    segments: times.segments.map((s) => ({ text: s.text, start: s.start, end: s.end, words: spreadWords(s.text, s.start, s.end) })),
  };
  const seconds = Math.ceil(times.duration);
  const speaking = (t: number) => times.segments.some((s) => t >= s.start && t < s.end);
  return {
    transcript,
    analysis: { silences: times.pauses, loudness: Array.from({ length: seconds }, (_, t) => (speaking(t + 0.5) ? -20 : -60)), loudnessStep: 1, scenes: times.scenes },
    probe: { duration: times.duration, width: 1280, height: 720, fps: 25, hasAudio: true, hasVideo: true, videoCodec: 'h264', audioCodec: 'aac' },
  };
}

const results: TalkResult[] = [];
for (const talk of talks) {
  const times = JSON.parse(readFileSync(join(GENERATED, `${talk.name}.json`), 'utf8')) as TalkTimes;
  const request = set.requests[talk.ask];
  const clips = await suggestBySections(join(GENERATED, `${talk.name}.mp4`), scriptSource(times), { criteria: request, language: 'en' });
  const topics = talk.topics.map((id, i) => ({ id, start: times.segments[i].start, end: times.segments[i].end }));
  const ids = targetOf(talk);
  results.push({
    talk, request, duration: times.duration, topics,
    target: topics.find((t) => t.id === ids.target)!, distractor: topics.find((t) => t.id === ids.distractor)!,
    pauses: times.pauses,
    clips: clips.map((c) => ({ start: c.start, end: c.end, title: c.title, score: c.score, reason: c.reason })), extra: {},
  });
}
const out = report(results, { target: null });
process.stdout.write(list ? out : out.slice(out.indexOf('Long talks:')));
process.stdout.write(`\n${results.length} talks${half ? ` (${half} half)` : ''} of ${setName ?? 'the first set'}, scripts as transcripts (no recognition errors)\n`);
