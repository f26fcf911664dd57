// The evaluation's own arithmetic (issue 20, item 6) and the soundness of its set; `npm run eval`
// itself is too slow for the test suite.
import { describe, expect, it } from 'vitest';
import { covers, inPause, pausesOf, purity, rankOn, shareOn, titleFigures } from '../../eval/scoring.js';
import { checkEvalSet, evalSetDir, loadEvalSet, loadSplit, targetOf } from '../../eval/set.js';
import { scriptOf } from '../../eval/fixtures.js';

describe('evaluation figures', () => {
  const topic = { start: 10, end: 40 };

  it('measures a clip against a topic both ways', () => {
    expect(shareOn({ start: 20, end: 50 }, topic)).toBeCloseTo(20 / 30);
    expect(covers({ start: 20, end: 50 }, topic)).toBeCloseTo(20 / 30);
    expect(shareOn({ start: 12, end: 22 }, topic)).toBe(1);
    expect(covers({ start: 12, end: 22 }, topic)).toBeCloseTo(1 / 3);
    expect(shareOn({ start: 50, end: 60 }, topic)).toBe(0);
    expect(purity({ start: 35, end: 45 }, [topic, { start: 41, end: 80 }])).toBeCloseTo(0.5);
  });

  it('ranks the first clip with 75% or more on the topic', () => {
    const clips = [{ start: 0, end: 20 }, { start: 14, end: 44 }, { start: 12, end: 38 }];
    expect(rankOn(clips, topic)).toBe(2); // 26 of 30 s inside
    expect(rankOn(clips, topic, 1)).toBeNull();
    expect(rankOn([{ start: 0, end: 30 }], topic)).toBeNull(); // two thirds inside
  });

  it('finds pauses of 150 ms or more in frame levels', () => {
    const levels = [...Array(10).fill(-20), ...Array(20).fill(-90), ...Array(10).fill(-22), ...Array(10).fill(-90), -21];
    expect(pausesOf(levels, 0.01)).toEqual([{ start: 0.1, end: 0.3 }]); // the 100 ms gap is too short
    expect(inPause(0.2, pausesOf(levels, 0.01))).toBe(true);
    expect(inPause(0.05, pausesOf(levels, 0.01))).toBe(false);
  });

  it('reads titles: headline length, sentence case, fillers, leaning openings', () => {
    expect(titleFigures('Why stage fright peaks in the first minute of a talk')).toMatchObject({ headline: true, sentenceCase: true, filler: '', fragmentStart: false });
    expect(titleFigures('Mountain Trails It\'s for Pod Tells Curves Cobblestones')).toMatchObject({ sentenceCase: false });
    expect(titleFigures('And um we cover pricing').filler).toBe('um');
    expect(titleFigures('And um we cover pricing').fragmentStart).toBe(true);
    expect(titleFigures('A'.repeat(101)).withinLimit).toBe(false);
  });
});

describe('the evaluation set', () => {
  const set = loadEvalSet();

  it('paraphrases every asked topic and shares words with every distractor', () => {
    expect(checkEvalSet(set)).toEqual([]);
    expect(set.talks.filter((t) => !t.name.includes('short')).length).toBeGreaterThanOrEqual(8);
    for (const t of set.talks) expect(t.topics.length).toBeGreaterThanOrEqual(5);
  });

  it('notices a request that uses the asked topic\'s words', () => {
    const bad = { ...set, requests: { ...set.requests, coffee: 'espresso grinder beans' } };
    expect(checkEvalSet(bad).join('\n')).toMatch(/t-coffee uses the request's words: espresso, bean, grinder/);
  });

  it('writes a talk as a make-fixtures script with its pause and scene directives', () => {
    const talk = set.talks.find((t) => !t.scenes)!;
    const script = scriptOf(set, talk).split('\n');
    expect(script[0]).toBe(`#!pause ${talk.pause}`);
    expect(script[1]).toBe('#!scenes off');
    expect(script[2].startsWith(`${talk.topics[0]}|0x`)).toBe(true);
    expect(targetOf(talk).target).toMatch(/t-/);
  });
});

describe('the second evaluation set (issue 28, item 8)', () => {
  const dir = evalSetDir('general');
  const set = loadEvalSet(dir);

  it('has 24 sound talks of six topics in four speaking styles, split once into two halves of twelve', () => {
    expect(checkEvalSet(set)).toEqual([]);
    expect(set.talks).toHaveLength(24);
    for (const t of set.talks) expect(t.topics).toHaveLength(6);
    expect(new Set(set.talks.map((t) => (t as { style?: string }).style))).toEqual(new Set(['story', 'interview', 'review', 'lecture']));
    const { tuning, held_out } = loadSplit(dir);
    expect(tuning).toHaveLength(12);
    expect(held_out).toHaveLength(12);
    expect([...tuning, ...held_out].sort()).toEqual(set.talks.map((t) => t.name).sort());
    // No talk or theme of the first set: nothing here was tuned on before.
    const first = loadEvalSet();
    for (const ask of Object.keys(set.requests)) expect(first.requests[ask]).toBeUndefined();
  });
});
