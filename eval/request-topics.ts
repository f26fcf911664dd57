// How each passage of a talk scores for the talk's request, with the true passages as topics and
// the script as the transcript (no recognition, no videos): the quick check of whether the
// suggester can tell the passage asked for from its distractor. For each talk: the asked
// passage's rank among the talk's passages by relevance, whether it is "about the request"
// (suggest/request-order.ts) and whether the distractor is too.
//
//   npx tsx eval/request-topics.ts [--set hard] [--half tuning|held_out] [--list] [--recognised]
//
// --recognised: the transcripts `npm run eval` recognised and stored (fixtures/generated/
// eval-sources/, pocketsphinx), the true passages' spoken times as topics; talks not yet
// recognised are left out.
import { spreadWords } from '../daemon/pipeline/transcribe/whisper-json.js';
import type { Transcript } from '../daemon/pipeline/types.js';
import { prepareCriteria } from '../daemon/pipeline/suggest/criteria.js';
import { RelevanceModel } from '../daemon/pipeline/suggest/relevance.js';
import { aboutRequest } from '../daemon/pipeline/suggest/request-order.js';
import { buildSource, type SourceModel } from '../daemon/pipeline/suggest/source.js';
import type { Topic } from '../daemon/pipeline/suggest/topics.js';
import { storedTalk } from './sections.js';
import { checkEvalSet, evalSetDir, loadEvalSet, talksOfHalf, targetOf, type EvalSet, type EvalTalk } from './set.js';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args.splice(args.indexOf(name), 2)[1] : undefined);
const setName = option('--set');
const half = option('--half');
const list = args.includes('--list');
const recognised = args.includes('--recognised');
const set = loadEvalSet(evalSetDir(setName));
const problems = checkEvalSet(set);
if (problems.length) throw new Error(`the evaluation set is not sound:\n  ${problems.join('\n  ')}`);
const talks = talksOfHalf(set, evalSetDir(setName), half);

/** The talk as a transcript: 0.4 s a word, 1.5 s between passages; and its passages as topics. */
function talkSource(s: EvalSet, talk: EvalTalk) {
  const segments: Transcript['segments'] = [];
  let t = 1;
  for (const id of talk.topics) {
    const text = s.passages.get(id)!;
    const end = t + 0.4 * text.split(/\s+/).length;
    segments.push({ text, start: t, end, words: spreadWords(text, t, end) });
    t = end + 1.5;
  }
  const src = buildSource({ engine: 'none', language: 'en', segments }, { silences: [], loudness: [], loudnessStep: 1, scenes: [] },
    { duration: t, width: 1280, height: 720, fps: 25, hasAudio: true, hasVideo: true, videoCodec: 'h264', audioCodec: 'aac' }, 'en');
  return { src, topics: topicsAt(src, segments, 0.01) };
}

/** The passages' spans as topics: the words from `slack` seconds before each span's start to its end. */
function topicsAt(src: SourceModel, spans: Array<{ start: number; end: number }>, slack: number): Topic[] {
  return spans.map((seg) => {
    const firstWord = src.words.findIndex((w) => w.start >= seg.start - slack);
    let endWord = src.words.findIndex((w) => w.start > seg.end);
    if (endWord < 0) endWord = src.words.length;
    return { firstWord, endWord, first: src.sentenceOf[firstWord], last: src.sentenceOf[endWord - 1], start: seg.start, end: seg.end };
  });
}

/** The talk as `npm run eval` recognised it, its passages' spoken times as topics; null before its first run. */
function recognisedSource(talk: EvalTalk) {
  const stored = storedTalk(talk.name);
  if (!stored) return null;
  const { source, times } = stored;
  const src = buildSource(source.transcript, source.analysis, source.probe, 'en');
  // A recognised word may start a little before the spoken passage's time.
  return { src, topics: topicsAt(src, times.segments, 0.3) };
}

let first = 0;
let topThree = 0;
let aboutTarget = 0;
let aboutDistractor = 0;
let n = 0;
for (const talk of talks) {
  const source = recognised ? recognisedSource(talk) : talkSource(set, talk);
  if (!source) continue;
  n++;
  const { src, topics } = source;
  const criteria = await prepareCriteria(set.requests[talk.ask], 'en');
  const relevance = new RelevanceModel(src, criteria, topics);
  const scores = relevance.topicRelevance();
  const about = aboutRequest(scores);
  const { target, distractor } = targetOf(talk);
  const ti = talk.topics.indexOf(target);
  const di = talk.topics.indexOf(distractor);
  const rank = scores.filter((x) => x > scores[ti]).length + 1;
  first += rank === 1 ? 1 : 0;
  topThree += rank <= 3 ? 1 : 0;
  aboutTarget += about[ti] ? 1 : 0;
  aboutDistractor += about[di] ? 1 : 0;
  if (list) {
    const row = talk.topics.map((id, k) => `${id}${about[k] ? '*' : ''} ${scores[k].toFixed(2)}`).join(', ');
    process.stdout.write(`${rank === 1 ? 'ok ' : 'NO '} ${talk.name} "${set.requests[talk.ask]}": ${row}\n`);
  }
}
process.stdout.write(
  `${n} talks of ${setName ?? 'the first set'}${half ? ` (${half})` : ''}${recognised ? ', recognised' : ''}: asked passage first ${first}/${n}, in the top three ${topThree}/${n}; ` +
    `about the request: asked ${aboutTarget}/${n}, distractor ${aboutDistractor}/${n}\n`,
);
