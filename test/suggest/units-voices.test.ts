// Units of talk when speakers come from pitch: one voice's story whose sentences the pitch
// diarization gives now to one label, now to another, is still one unit from setup to payoff.
import { describe, expect, it } from 'vitest';
import { buildSource } from '../../daemon/pipeline/suggest/source.js';
import { segmentTopics } from '../../daemon/pipeline/suggest/topics.js';
import { segmentUnits } from '../../daemon/pipeline/suggest/units.js';
import { spokenLines } from './spoken-lines.js';

const STORY = [
  'my grandfather once lost his car for three days in a small town near the river',
  'he parked the car on market day and did his shopping in the town square',
  'when he came back to the square he could not remember the street where the car stood',
  'he took the bus home and told my grandmother the car was at the garage',
  'the whole family drove up and down every street in the town looking for the car',
  'on tuesday the police found the car in the car park behind the police station',
];

/** The story, its sentences a pause apart (no punctuation, as from a recogniser), labels swapping. */
const story = () => spokenLines(STORY.map((text, n) => [n % 2 === 0 ? 'S2' : 'S3', text]), 0.7);

describe('units of talk with speakers from pitch', () => {
  it('keeps one story whole when its speaker labels swap from sentence to sentence', () => {
    const { transcript, analysis, probe } = story();
    const src = buildSource(transcript, analysis, probe, 'en');
    const moments = segmentUnits(src, segmentTopics(src)).filter((u) => u.moment);
    expect(moments).toHaveLength(1);
    expect(moments[0].firstWord).toBe(0);
    expect(moments[0].endWord).toBe(src.words.length);
  });
});
