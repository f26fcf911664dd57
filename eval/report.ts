// The evaluation's printout: a block per talk (its clips best first, with their share of the asked
// topic), then the figures of issue 20, item 6, for the long talks and the short-topic talks.
import { covers, inPause, median, ON_TOPIC, purity, rankOn, shareOn, titleFigures, type Span } from './scoring.js';
import type { EvalTalk } from './set.js';

export interface TalkResult {
  talk: EvalTalk;
  request: string;
  duration: number;
  topics: (Span & { id: string })[];
  target: Span & { id: string };
  distractor: Span & { id: string };
  pauses: Span[];
  clips: (Span & { title: string; score: number; reason: string })[];
  /** The job as the API showed it (extension fields included). */
  extra: Record<string, unknown>;
}

const pct = (n: number, d: number) => `${n}/${d}${d ? ` (${Math.round((100 * n) / d)}%)` : ''}`;
const f1 = (x: number) => x.toFixed(1);

function talkBlock(r: TalkResult): string {
  const lines = [`${r.talk.name} (${f1(r.duration)} s, ${r.topics.length} topics, ${r.talk.scenes ? 'scene changes' : 'no scene changes'}, ${r.talk.pause} s between topics)`];
  lines.push(`  request: "${r.request}"; asked ${r.target.id} ${f1(r.target.start)}-${f1(r.target.end)}, distractor ${r.distractor.id} ${f1(r.distractor.start)}-${f1(r.distractor.end)}`);
  r.clips.forEach((c, i) => {
    const on = shareOn(c, r.target);
    const off = shareOn(c, r.distractor);
    const mark = on >= ON_TOPIC ? 'ASKED' : off >= 0.5 ? 'distractor' : '';
    lines.push(`  ${i + 1}. ${f1(c.start)}-${f1(c.end)} (${f1(c.end - c.start)} s) score ${c.score.toFixed(3)} asked ${Math.round(on * 100)}% one-topic ${Math.round(purity(c, r.topics) * 100)}% ${mark}`);
    lines.push(`     "${c.title}" (${c.title.length})`);
  });
  return lines.join('\n');
}

function figures(results: TalkResult[], short: boolean, target: number | null): string {
  const n = results.length;
  if (!n) return '';
  const top1 = results.filter((r) => r.clips[0] && shareOn(r.clips[0], r.target) >= ON_TOPIC).length;
  const top3 = results.filter((r) => rankOn(r.clips, r.target, 3) !== null).length;
  const topDistractor = results.filter((r) => r.clips[0] && shareOn(r.clips[0], r.distractor) >= 0.5).length;
  const contains = results.filter((r) => r.clips[0] && covers(r.clips[0], r.target) >= 0.9).length;
  const clips = results.flatMap((r) => r.clips.map((c) => ({ c, r })));
  const cuts = clips.flatMap(({ c, r }) => [c.start, c.end].map((t) => inPause(t, r.pauses)));
  const oneTopic = clips.filter(({ c, r }) => purity(c, r.topics) >= 0.9).length;
  const titles = clips.map(({ c }) => titleFigures(c.title));
  const distinct = results.filter((r) => new Set(r.clips.map((c) => c.title.toLowerCase())).size === r.clips.length).length;
  const lengths = clips.map(({ c }) => c.end - c.start);
  const lines = [
    `${short ? 'Short-topic' : 'Long'} talks: ${n}`,
    `  top clip with >= 75% of its length on the asked topic: ${pct(top1, n)}`,
    `  asked topic among the top three clips: ${pct(top3, n)}`,
    `  top clip mostly on the distractor: ${pct(topDistractor, n)}`,
  ];
  if (short) lines.push(`  top clip contains >= 90% of the asked topic: ${pct(contains, n)}`);
  lines.push(
    `  clip boundaries in pauses: ${pct(cuts.filter(Boolean).length, cuts.length)}`,
    `  clips with >= 90% of their length in one topic: ${pct(oneTopic, clips.length)}`,
    `  clips per talk: ${results.map((r) => r.clips.length).join(' ')}; lengths median ${f1(median(lengths))} s, ${f1(Math.min(...lengths))} to ${f1(Math.max(...lengths))} s` +
      (target ? `; within 20% of ${target} s: ${pct(lengths.filter((l) => Math.abs(l - target) <= 0.2 * target).length, lengths.length)}` : ''),
    `  titles: median ${median(titles.map((t) => t.length))} chars (${Math.min(...titles.map((t) => t.length))} to ${Math.max(...titles.map((t) => t.length))}), ` +
      `40-70 chars ${pct(titles.filter((t) => t.headline).length, titles.length)}, over 100 ${titles.filter((t) => !t.withinLimit).length}, ` +
      `sentence case ${pct(titles.filter((t) => t.sentenceCase).length, titles.length)}, with fillers ${titles.filter((t) => t.filler).length}, ` +
      `opening on a leaning word ${titles.filter((t) => t.fragmentStart).length}; all distinct in ${pct(distinct, n)} jobs`,
  );
  return lines.join('\n');
}

export function report(results: TalkResult[], opts: { target: number | null }): string {
  const short = results.filter((r) => r.talk.name.includes('short'));
  const long = results.filter((r) => !r.talk.name.includes('short'));
  return [...results.map(talkBlock), '', figures(long, false, opts.target), figures(short, true, opts.target)].filter(Boolean).join('\n') + '\n';
}
