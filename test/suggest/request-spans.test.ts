// With a request, a clip is the asked passage itself: a unit of talk that runs over a change of
// topic (a question that closes one topic, answered by the next) is cut there, and a passage
// shorter than the shortest clip is widened only into its pauses and as little talk beside it as
// reaches that length.
import { describe, expect, it } from 'vitest';
import { suggestClips } from '../../daemon/pipeline/suggest/index.js';
import { unitsOnTopics } from '../../daemon/pipeline/suggest/request-spans.js';
import type { SourceModel } from '../../daemon/pipeline/suggest/source.js';
import type { Topic } from '../../daemon/pipeline/suggest/topics.js';
import type { Unit } from '../../daemon/pipeline/suggest/units.js';
import { passageTalk, shareIn as share } from './passage-talk.js';

const PASSAGES = {
  compost: 'We built a compost heap behind the shed for peelings and eggshells. Mix green waste with dry leaves and torn cardboard in equal parts. After nine months it turns dark and crumbly like a forest floor. So what do you do with a leaking tap?',
  faucet: 'Shut the valve under the sink and unscrew the handle of the faucet. The rubber washer inside the cartridge was worn flat and cracked in two places. A new washer from the hardware store cost a few pence and stopped the drip for good.',
  insomnia: 'I lay awake until three in the morning staring at the ceiling for months. My doctor called it insomnia and told me to get up at the same hour every day. No screens in the bedroom and no coffee after lunch, and now I drift off within half an hour.',
  sailing: 'Our first sailing trip ended with the boom swinging across the deck. The skipper taught us to watch the wind on the water and trim the mainsail early. By the third day we could tack across the bay without shouting.',
  bread: 'Sourdough needs a starter of flour and water fed every morning for a week. The dough rises slowly overnight in a cool kitchen. Bake it in a hot iron pot with the lid on for the first twenty minutes.',
};
/** The passages in order, 0.3 s a word, short pauses between sentences and 1.2 s between passages. */
const talk = (order: Array<keyof typeof PASSAGES>) => passageTalk(PASSAGES, order, [], { word: 0.3, sentence: 0.35, passage: 0.9 });

describe('a clip for a request is the asked passage', () => {
  it('a unit is cut where a topic starts inside it; a part too short is no moment', () => {
    const words = Array.from({ length: 40 }, (_, i) => ({ start: i, end: i + 0.8 }));
    const src = { words } as unknown as SourceModel;
    const topics = [{ firstWord: 0, endWord: 25 }, { firstWord: 25, endWord: 35 }, { firstWord: 35, endWord: 40 }] as Topic[];
    const units: Unit[] = [{ firstWord: 0, endWord: 30, start: 0, end: 29.8, moment: true }, { firstWord: 30, endWord: 40, start: 30, end: 39.8, moment: true }];
    expect(unitsOnTopics(src, units, topics).map((u) => [u.firstWord, u.endWord, u.moment])).toEqual([[0, 25, true], [25, 30, false], [30, 35, false], [35, 40, false]]);
  });

  it('a short passage whose topic ends on a question answered by the asked one gives a clip on the asked passage only', async () => {
    const { transcript, analysis, probe, spans } = talk(['bread', 'compost', 'faucet', 'sailing', 'insomnia']);
    const clips = await suggestClips(transcript, analysis, probe, { criteria: 'fixing a dripping tap under the sink', language: 'en' });
    expect(share(clips[0], spans.faucet)).toBeGreaterThanOrEqual(0.75);
    expect(clips[0].end - clips[0].start).toBeGreaterThanOrEqual(15);
    expect(clips[0].end - clips[0].start).toBeLessThan(spans.faucet.end - spans.faucet.start + 4);
  });
});
