// Every passage of every talk asked for in turn (issue 20, item 6, more requests than the eight
// designed ones): the suggester alone on the sources `npm run eval` stored, like replay.ts. The
// asked passages use the set's requests (each with a distractor written against it); the
// distractor passages use `sweep_requests` (fixtures/eval/talks.json), paraphrases without
// designed distractors. A check of meaning on 88 requests instead of 16, so that a change tuned
// on the designed talks can be seen to hold or not on the rest.
//
//   npx tsx eval/sweep.ts [--list] [--sections]
import { loadEvalSet } from './set.js';
import { storedTalk, suggestStored } from './sections.js';

const list = process.argv.includes('--list');
// --sections: section by section as the daemon suggests (eval/sections.ts), clips ranked by score.
const bySections = process.argv.includes('--sections');
const set = loadEvalSet();
const requestFor = (id: string): string | undefined => {
  const theme = id.replace(/^s-/, '');
  return theme.startsWith('t-') ? set.requests[theme.slice(2)] : set.sweepRequests[theme];
};

const tally = { asked: [0, 0, 0], designed: [0, 0, 0], other: [0, 0, 0] }; // [top clip on it, among top three, requests]
for (const talk of set.talks) {
  const stored = storedTalk(talk.name);
  if (!stored) continue;
  const { source, times } = stored;
  for (const [k, id] of talk.topics.entries()) {
    const request = requestFor(id);
    if (!request) continue;
    const seg = times.segments[k];
    const clips = await suggestStored(talk.name, source, { criteria: request, language: 'en' }, bySections);
    const onIt = clips.map((c) => Math.max(0, Math.min(c.end, seg.end) - Math.max(c.start, seg.start)) / Math.max(0.001, c.end - c.start));
    const theme = id.replace(/^s-/, '');
    const top = onIt[0] >= 0.75;
    const rows = theme.startsWith('t-') ? [tally.designed] : [tally.other];
    if (theme === `t-${talk.ask}`) rows.push(tally.asked);
    for (const row of rows) {
      row[0] += top ? 1 : 0;
      row[1] += onIt.slice(0, 3).some((x) => x >= 0.75) ? 1 : 0;
      row[2]++;
    }
    if (list) process.stdout.write(`${top ? 'ok ' : 'NO '} ${talk.name} ${id}: "${request}" -> ${clips[0] ? `${clips[0].start.toFixed(1)}-${clips[0].end.toFixed(1)}, ${Math.round(onIt[0] * 100)}% on it` : 'no clip'}\n`);
  }
}
const line = (name: string, [top, three, n]: number[]) => `${name}: top clip >= 75% on the asked passage ${top}/${n}, among the top three ${three}/${n}\n`;
process.stdout.write(
  line("each talk's own request (npm run eval's figure, distractor in the talk)", tally.asked) +
  line('the eight requests wherever their passage is', tally.designed) +
  line('the distractor passages (sweep_requests)', tally.other),
);
