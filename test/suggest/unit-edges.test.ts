// Where a unit of talk ends: a statement that opens with a question word ("what i learned is") is
// no question and does not split a story; a short question about the same things from another
// voice ("how do you even count them") follows up; several lines of small talk between two stories
// are a conversation of their own, not interjections, and end the first. A long unit's clip ends
// on its payoff; the topics a section carried to the next stay one topic there.
import { describe, expect, it } from 'vitest';
import { joinCarried } from '../../daemon/pipeline/suggest/section-units.js';
import { suggestClips } from '../../daemon/pipeline/suggest/index.js';
import { buildSource } from '../../daemon/pipeline/suggest/source.js';
import { segmentTopics, type Topic } from '../../daemon/pipeline/suggest/topics.js';
import { segmentUnits } from '../../daemon/pipeline/suggest/units.js';
import { momentsOf } from '../../daemon/pipeline/suggest/moments.js';
import { spokenLines } from './spoken-lines.js';

const TREES: [string, string][] = [
  ['S2', 'here is a number i cannot stop thinking about there are three trillion trees on the planet'],
  ['S2', 'that is roughly four hundred trees for every single person alive on the earth today'],
  ['S3', 'how do you even count three trillion trees'],
  ['S2', 'satellite pictures of every forest plus people on the ground counting trees in small plots'],
  ['S2', 'what i learned is that the counting of the trees took the researchers nearly four years'],
  ['S2', 'and before farming began the planet had about six trillion trees so we cut down half of them'],
];
const CHAT: [string, string][] = [
  ['S1', 'not yet no'], ['S1', 'i mostly make coffee at home'], ['S1', 'i have a little machine'], ['S1', 'it does the job'],
  ['S1', 'so what have you been reading lately'], ['S1', 'anything good'],
];
const GARDEN: [string, string][] = [
  ['S2', 'my neighbour started counting the trees in her garden and the pumpkins under them'],
  ['S2', 'she grows giant pumpkins and feeds them river water with a hose every single evening'],
  ['S2', 'last autumn one pumpkin weighed more than her car and the whole street came to see it'],
  ['S2', 'a farmer drove over from the next village with a trailer and offered her a fortune for the seeds'],
  ['S2', 'she said no and gave the seeds away for free to every child on the street instead'],
];
const unitsOf = (lines: [string, string][]) => {
  const { transcript, analysis, probe } = spokenLines(lines, 0.8);
  const src = buildSource(transcript, analysis, probe, 'en');
  return { src, moments: segmentUnits(src, segmentTopics(src)).filter((u) => u.moment) };
};

/** The moments of the lines on two topics, the second from line `k` on (as a topic segmenter finds in a longer talk). */
function momentsOnTwoTopics(lines: [string, string][], k: number) {
  const { transcript, analysis, probe } = spokenLines(lines, 0.8);
  const src = buildSource(transcript, analysis, probe, 'en');
  const g = lines.slice(0, k).reduce((n, [, text]) => n + text.split(' ').length, 0);
  const topic = (a: number, b: number): Topic => ({ first: src.sentenceOf[a], last: src.sentenceOf[b - 1], firstWord: a, endWord: b, start: src.words[a].start, end: src.words[b - 1].end });
  return { src, moments: segmentUnits(src, [topic(0, g), topic(g, src.words.length)]).filter((u) => u.moment) };
}

describe('where a unit of talk ends', () => {
  it('keeps a number with its follow-up question and a "what i learned" line as one moment', () => {
    const { src, moments } = unitsOf(TREES);
    expect(moments).toHaveLength(1);
    expect(src.words[moments[0].endWord - 1].token).toBe('them');
  });

  it('ends a moment at several lines of small talk before a new topic, though the next story shares its words', () => {
    const { src, moments } = momentsOnTwoTopics([...TREES, ...CHAT, ...GARDEN], TREES.length + CHAT.length);
    expect(moments).toHaveLength(2);
    expect(src.words[moments[0].endWord - 1].token).toBe('them');
    // A few words of interjection between them do not end it.
    expect(momentsOnTwoTopics([...TREES, ['S1', 'right go on'], ...GARDEN], TREES.length + 1).moments).toHaveLength(1);
  });

  it('goes on over a change of topic with a line that leans on the one before ("he had won...")', () => {
    const story = [...TREES.slice(0, 2), ['S3', 'he had counted every one of them himself from a small plane over the forest'] as [string, string], GARDEN[1]];
    expect(momentsOnTwoTopics(story, 2).moments).toHaveLength(1);
    const fresh = [...TREES.slice(0, 2), GARDEN[2], GARDEN[1]];
    expect(momentsOnTwoTopics(fresh, 2).moments).toHaveLength(2);
  });

  it('gives a moment over 90 s its part that ends on the payoff', async () => {
    const long = Array.from({ length: 8 }, () => TREES.slice(0, 2)).flat().concat(TREES.slice(2));
    const { transcript, analysis, probe } = spokenLines([...CHAT, ...long, ...CHAT], 0.8);
    const clips = await suggestClips(transcript, analysis, probe, { language: 'en' });
    const payoff = transcript.segments.flatMap((s) => s.words).filter((w) => w.text.replace(/\W/g, '') === 'them').at(-1)!;
    expect(clips[0].end - clips[0].start).toBeLessThanOrEqual(90);
    expect(clips[0].end).toBeGreaterThanOrEqual(payoff.end - 0.01);
    expect(clips[0].reason).toMatch(/shortened/);
  });

  it('knows housekeeping by its usual phrases: an invitation to write in is no moment', () => {
    const { transcript, analysis, probe } = spokenLines([
      ['S1', 'one more thing before we get going if you want to send us a question for a future episode you can email us'],
      ['S1', 'the address is in the notes and we read every single message that comes in'],
    ], 0.8);
    const src = buildSource(transcript, analysis, probe, 'en');
    expect(momentsOf(src).filler(0, src.words.length)).toBeGreaterThanOrEqual(0.5);
  });

  it('joins the topics that start inside what the section before carried', () => {
    const t = (start: number, end: number, firstWord: number, endWord: number): Topic => ({ first: firstWord, last: endWord - 1, firstWord, endWord, start, end });
    const topics = [t(0, 40, 0, 100), t(40, 90, 100, 220), t(90, 150, 220, 380)];
    expect(joinCarried(topics, 60).map((x) => [x.start, x.end])).toEqual([[0, 90], [90, 150]]);
    expect(joinCarried(topics, 100).map((x) => [x.start, x.end])).toEqual([[0, 150]]);
    expect(joinCarried(topics, undefined)).toBe(topics);
    expect(joinCarried(topics, 30)).toBe(topics);
  });
});
