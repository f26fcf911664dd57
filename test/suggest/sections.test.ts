// Issue 20, item 2 across the job's sections: a topic that runs over a section's end is left to
// the next section, which suggests it whole; no clip of the first section ends in it.
import { describe, expect, it } from 'vitest';
import { realStages } from '../../daemon/pipeline/real-stages.js';
import { expectValidClips, shareIn } from './invariants.js';
import { makeTalk, TOPICS } from './synthetic.js';

const stages = realStages({ transcription: { engine: 'none' } }, {});
const talk = makeTalk([TOPICS.garden, TOPICS.trains, TOPICS.bread]);
const [garden, trains, bread] = talk.paragraphs;
const opts = { criteria: 'railways', language: 'en' };

describe('suggestion by sections', () => {
  it('leaves the topic running over the section end to the next section, and that one suggests it whole', async () => {
    const cut = (trains.start + trains.end) / 2;
    const first = await stages.suggest({ ...talk, span: { start: 0, end: cut }, last: false }, opts);
    expect(first.carryFrom).toBeGreaterThan(garden.end);
    expect(first.carryFrom).toBeLessThanOrEqual(trains.start);
    for (const c of first.clips) expect(c.end).toBeLessThanOrEqual(first.carryFrom!);
    expect(first.clips.length).toBeGreaterThan(0);

    const second = await stages.suggest({ ...talk, span: { start: cut, end: talk.probe.duration }, carryFrom: first.carryFrom, last: true }, opts);
    expect(second.carryFrom).toBeUndefined();
    expectValidClips(second.clips, talk);
    const best = second.clips[0];
    expect(shareIn(best, talk, 'trains')).toBeGreaterThan(0.95);
    expect(best.start).toBeLessThan(cut); // it starts in the first section's span
    expect(second.clips.every((c) => c.start >= first.carryFrom!)).toBe(true);
    expect(bread.end).toBeGreaterThan(cut);
  });

  it('carries a section that is one unfinished topic whole, and cuts a topic longer than five minutes', async () => {
    const inside = await stages.suggest({ ...talk, span: { start: 0, end: garden.end - 20 }, last: false }, opts);
    expect(inside).toEqual({ clips: [], carryFrom: 0 });
    const long = makeTalk([TOPICS.garden], { sentencesPer: 90 });
    const cut = await stages.suggest({ ...long, span: { start: 0, end: long.probe.duration }, last: false }, opts);
    expect(long.probe.duration).toBeGreaterThan(300);
    expect(cut.carryFrom).toBeUndefined();
    expect(cut.clips.length).toBeGreaterThan(0);
  });
});
