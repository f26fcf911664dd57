// Soundness checks of an episodes set (eval/episodes/check.ts) and the held-out-only long-story
// set (fixtures/eval-episodes-long-d): an empty tuning half, new units of three kinds or more,
// whole planted units, the set's own small talk and a sponsor read between two units.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkEpisode, halvesOf, LONG, splitProblems } from '../../eval/episodes/check.js';
import { episodesDir, loadEpisode, loadSplit, type EpisodeScript, type EpisodeTimes } from '../../eval/episodes/script.js';

const script: EpisodeScript = {
  name: 'e', voices: 2, turns: [
    { speaker: 0, kind: 'smalltalk', text: 'Hello.' },
    { speaker: 1, kind: 'story', text: 'Once. Then.', highlight: 'story-1' },
    { speaker: 0, kind: 'story', text: 'Right.', highlight: 'story-1', payoff: true },
  ],
};
const times: EpisodeTimes = {
  duration: 500,
  sentences: [
    { turn: 0, speaker: 0, start: 1, end: 5, text: 'Hello.' },
    { turn: 1, speaker: 1, start: 6, end: 60, text: 'Once.' }, { turn: 1, speaker: 1, start: 60.4, end: 110, text: 'Then.' },
    { turn: 2, speaker: 0, start: 111, end: 112, text: 'Right.' },
  ],
};

describe('episodes set checks', () => {
  it('leaves out a half with no episodes, and refuses an unknown half', () => {
    expect(halvesOf({ tuning: [], held_out: ['a'] })).toEqual(['held_out']);
    expect(halvesOf({ tuning: [], held_out: ['a'] }, 'held_out')).toEqual(['held_out']);
    expect(halvesOf({ tuning: ['b'], held_out: ['a'] })).toEqual(['tuning', 'held_out']);
    expect(() => halvesOf({ tuning: [], held_out: [] }, 'both')).toThrow(/--half/);
  });

  it('finds an episode missing from the split, named twice, or without a script', () => {
    expect(splitProblems({ tuning: ['a'], held_out: ['a', 'x'] }, ['a', 'b'])).toEqual(['b is in neither half', 'a is named twice', 'x has no script']);
  });

  it('finds a planted turn not spoken whole, by another voice, or a unit out of its length', () => {
    expect(checkEpisode(script, times, LONG)).toEqual({ units: [{ id: 'story-1', seconds: 106 }], problems: [] });
    const cut = { ...times, sentences: times.sentences.filter((s) => s.text !== 'Once.') };
    expect(checkEpisode(script, cut, LONG).problems).toEqual(['story-1: turn 1 is not spoken whole in the times', 'story-1: 52 s, not 90 to 180 s']);
    const other = { ...times, sentences: times.sentences.map((s) => (s.turn === 2 ? { ...s, speaker: 1 } : s)) };
    expect(checkEpisode(script, other).problems).toEqual(['story-1: turn 2 is spoken by another voice']);
  });
});

describe('the held-out-only long-story set (long-d)', () => {
  const dir = episodesDir('long-d');
  const split = loadSplit(dir);
  const episodes = split.held_out.map((n) => loadEpisode(n, dir));
  const unitsOf = (d: string) => (JSON.parse(readFileSync(join(d, 'units.json'), 'utf8')) as { units: { kind: string; turns: [number, string][] }[] }).units;

  it('has every episode held out and none to tune on', () => {
    expect(split.tuning).toEqual([]);
    expect(split.held_out).toHaveLength(6);
    expect(splitProblems(split, episodes.map((e) => e.name))).toEqual([]);
    expect(halvesOf(split)).toEqual(['held_out']);
  });

  it('plants three new units in each episode, each unit in two episodes, its last turn the payoff', () => {
    expect(new Set(unitsOf(dir).map((u) => u.kind)).size).toBeGreaterThanOrEqual(3);
    const old = new Set(['long', 'long-b', 'long-c'].flatMap((s) => unitsOf(episodesDir(s))).flatMap((u) => u.turns.map(([, text]) => text)));
    const uses = new Map<string, number>();
    for (const e of episodes) {
      expect([2, 3]).toContain(e.voices);
      const ids = [...new Set(e.turns.flatMap((t) => (t.highlight ? [t.highlight] : [])))];
      expect(ids).toHaveLength(3);
      for (const id of ids) {
        uses.set(id, (uses.get(id) ?? 0) + 1);
        const turns = e.turns.filter((t) => t.highlight === id);
        expect(turns.map((t) => Boolean(t.payoff))).toEqual(turns.map((_, i) => i === turns.length - 1));
        expect(turns.filter((t) => old.has(t.text) && t.text.split(' ').length > 3)).toEqual([]);
      }
    }
    expect([...uses.values()]).toEqual(Array(9).fill(2));
  });

  it('fills the gaps with its own small talk, and reads a sponsor between two units', () => {
    const parts = (JSON.parse(readFileSync(join(dir, 'units.json'), 'utf8')) as { parts: { smalltalk: string[] } }).parts;
    for (const e of episodes) {
      for (const t of e.turns.filter((x) => x.kind === 'smalltalk')) expect(parts.smalltalk).toContain(t.text);
      const planted = e.turns.flatMap((t, i) => (t.highlight ? [i] : []));
      const between = e.turns.some((t, i) => t.kind === 'sponsor' && i > planted[0] && i < planted[planted.length - 1]);
      expect(between).toBe(true);
    }
  });
});
