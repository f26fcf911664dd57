// Benchmark of the suggest stage on a synthetic 30-minute recognised talk (24 topic paragraphs,
// about 3,700 timed words): criteria preparation (WordNet, cold), the first suggestion (cold
// code), then the median of warm runs. `npm run bench suggest` runs it (bench/run.ts runs every
// bench/*.bench.ts module's run()).
import { prepareCriteria, suggestClipsPrepared } from '../daemon/pipeline/suggest/index.js';
import { makeTalk, TOPICS } from '../test/suggest/synthetic.js';

export interface SuggestBench {
  sourceSeconds: number;
  words: number;
  clips: number;
  prepareCriteriaMs: number;
  firstRunMs: number;
  warmMedianMs: number;
}

export async function benchSuggest(runs = 9): Promise<SuggestBench> {
  const topics = Object.values(TOPICS);
  const talk = makeTalk([...topics, ...topics, ...topics], { seed: 3 });
  const opts = { criteria: 'cost and pricing', language: 'en' };
  let t = performance.now();
  const criteria = await prepareCriteria(opts.criteria, 'en');
  const prepareCriteriaMs = performance.now() - t;
  t = performance.now();
  const clips = suggestClipsPrepared(talk.transcript, talk.analysis, talk.probe, opts, criteria);
  const firstRunMs = performance.now() - t;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    t = performance.now();
    suggestClipsPrepared(talk.transcript, talk.analysis, talk.probe, opts, criteria);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return {
    sourceSeconds: talk.probe.duration,
    words: talk.transcript.segments.reduce((n, s) => n + s.words.length, 0),
    clips: clips.length,
    prepareCriteriaMs: Math.round(prepareCriteriaMs),
    firstRunMs: Math.round(firstRunMs),
    warmMedianMs: Math.round(times[Math.floor(times.length / 2)]),
  };
}

export async function run(): Promise<void> {
  const r = await benchSuggest();
  process.stdout.write(
    `suggest: ${(r.sourceSeconds / 60).toFixed(1)} min source, ${r.words} words, ${r.clips} clips; ` +
      `criteria ${r.prepareCriteriaMs} ms (WordNet, cold), first run ${r.firstRunMs} ms, warm median ${r.warmMedianMs} ms\n`,
  );
}
