// Talk that goes on over what looks like a break: a return from an aside ("anyway, where was I")
// takes the moment before it back up, the aside with it; a question inside one voice's own talk
// and a line after "go on" go on with it; "do the sums" gives an order and asks nothing.
import { describe, expect, it } from 'vitest';
import { opensQuestion } from '../../daemon/pipeline/suggest/questions.js';
import { buildSource } from '../../daemon/pipeline/suggest/source.js';
import type { Topic } from '../../daemon/pipeline/suggest/topics.js';
import { segmentUnits } from '../../daemon/pipeline/suggest/units.js';
import { spokenLines } from './spoken-lines.js';

type Line = [string, string];

/** The moments of `lines`, topics starting at the given line indices (as a topic segmenter finds them). */
function moments(lines: Line[], topicStarts: number[] = []) {
  const { transcript, analysis, probe } = spokenLines(lines, 0.8);
  const src = buildSource(transcript, analysis, probe, 'en');
  const wordAt = (k: number) => lines.slice(0, k).reduce((n, [, text]) => n + text.split(' ').length, 0);
  const bounds = [0, ...topicStarts.map(wordAt), src.words.length];
  const topics = bounds.slice(1).map((b, i): Topic => {
    const a = bounds[i];
    return { first: src.sentenceOf[a], last: src.sentenceOf[b - 1], firstWord: a, endWord: b, start: src.words[a].start, end: src.words[b - 1].end };
  });
  return segmentUnits(src, topics).filter((u) => u.moment).map((u) => [u.start, u.end]);
}

const HOLIDAY: Line[] = [
  ['S2', 'can i say something that will annoy a lot of travel companies the best holiday is a boring one'],
  ['S2', 'no plan no list of sights no early starts just a view and nothing to do for a week'],
  ['S2', 'travellers book a city for three days make a list of twenty sights and come home exhausted'],
];
const ASIDE: Line[] = [
  ['S1', 'you know this reminds me of my father'],
  ['S1', 'he took us to the same caravan by the same lake every summer for fifteen years and as children we were furious about it'],
];
const BACK: Line[] = [['S1', 'sorry that is a tangent'], ['S2', 'no it is the whole point anyway where was i']];
const POINT: Line[] = [['S2', 'going back to the same place is part of a good holiday because there is nothing to plan and nothing to miss']];

describe('talk that goes on over a break', () => {
  it('takes the moment before an aside back up when the talk says it returns, the aside with it', () => {
    const starts = [HOLIDAY.length, HOLIDAY.length + ASIDE.length + BACK.length];
    expect(moments([...HOLIDAY, ...ASIDE, ...BACK, ...POINT], starts)).toHaveLength(1);
    // Without the words that return, the aside is a moment of its own.
    const away: Line[] = [BACK[0], ['S2', 'no it is the whole point and i love that']];
    expect(moments([...HOLIDAY, ...ASIDE, ...away, ...POINT], starts).length).toBeGreaterThan(1);
  });

  it('goes on with a question inside one voice\'s own talk, not with one another voice opens', () => {
    const doubt: Line[] = [['S1', 'but is that not a bit of a luxury if you only get one trip a year surely you want to see everything you can']];
    const ask = (voice: string): Line => [voice, 'who would spend all that money to fly across the whole world to a famous city and then sit in a garden for a week doing nothing at all'];
    expect(moments([...HOLIDAY, ...doubt, ask('S1')])).toHaveLength(1);
    expect(moments([...HOLIDAY, ...doubt, ask('S3')])).toHaveLength(2);
  });

  it('goes on after "go on", whatever the next line speaks of', () => {
    const next: Line = ['S2', 'if you put twenty three people in a room the chance that two of them share a birthday is better than even and with seventy it is almost certain'];
    expect(moments([...HOLIDAY, ['S1', 'go on'], next], [HOLIDAY.length + 1])).toHaveLength(1);
    expect(moments([...HOLIDAY, ['S1', 'i see'], next], [HOLIDAY.length + 1])).toHaveLength(2);
  });

  it('hears an order, not a question, in "do the sums"', () => {
    expect(opensQuestion(['do', 'the'])).toBe(false);
    expect(opensQuestion(['do', 'this'])).toBe(false);
    expect(opensQuestion(['does', 'the'])).toBe(true);
    expect(opensQuestion(['do', 'you'])).toBe(true);
  });
});
