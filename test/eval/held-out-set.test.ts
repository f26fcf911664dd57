// A request set made for held-out figures only (fixtures/eval-hard-d): every talk held out, its
// tuning half empty. The loaders take it; asking for the empty half is a clear error, never every
// talk; and the shared talk writer makes such a split without touching an existing one.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTalkVideos } from '../../eval/fixtures.js';
import { checkEvalSet, evalSetDir, loadEvalSet, loadSplit, talksOfHalf } from '../../eval/set.js';
// @ts-expect-error: a plain .mjs fixture writer, no types
import { writeRequestSet } from '../../fixtures/request-talks.mjs';

const dir = evalSetDir('hard-d');
const set = loadEvalSet(dir);

describe('the held-out-only request set', () => {
  it('has 12 or more sound talks of five topics, on themes of no earlier request set', () => {
    expect(checkEvalSet(set)).toEqual([]);
    expect(set.talks.length).toBeGreaterThanOrEqual(12);
    for (const t of set.talks) expect(t.topics).toHaveLength(5);
    for (const earlier of [loadEvalSet(), ...['hard', 'hard-b', 'hard-c', 'general'].map((s) => loadEvalSet(evalSetDir(s)))]) {
      for (const ask of Object.keys(set.requests)) expect(earlier.requests[ask]).toBeUndefined();
    }
  });

  it('holds out every talk: the held-out half is the whole set, the tuning half an error', () => {
    expect(loadSplit(dir).tuning).toEqual([]);
    expect(talksOfHalf(set, dir, 'held_out').map((t) => t.name).sort()).toEqual(set.talks.map((t) => t.name).sort());
    expect(() => talksOfHalf(set, dir, 'tuning')).toThrow(/eval-hard-d has no tuning talks/);
    expect(() => talksOfHalf(set, dir, 'both')).toThrow(/--half is tuning or held_out/);
    expect(talksOfHalf(set, dir)).toBe(set.talks);
  });

  it('makes no video, rather than every fixture, for no talks', () => {
    expect(makeTalkVideos(set, []).size).toBe(0);
  });
});

describe('a split that does not name each talk once', () => {
  const work = mkdtempSync(join(tmpdir(), 'clipper-split-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('is refused with the talk it misses', () => {
    const first = evalSetDir();
    const other = loadEvalSet(first);
    writeFileSync(join(work, 'split.json'), JSON.stringify({ tuning: [], held_out: other.talks.slice(1).map((t) => t.name) }));
    expect(() => talksOfHalf(other, work, 'held_out')).toThrow(new RegExp(`${other.talks[0].name} is not in exactly one half`));
  });
});

describe('the shared request-set writer', () => {
  const work = mkdtempSync(join(tmpdir(), 'clipper-request-set-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const requests = Object.fromEntries(Object.entries(set.requests).slice(0, 6));
  const write = (seed: number) => writeRequestSet({ dir: work, seed, prefix: 'x', requests, about: 'a', splitNote: 'n', heldOutOnly: true });
  const read = (name: string) => JSON.parse(readFileSync(join(work, name), 'utf8'));

  it('writes seeded talks and, once, a split with every talk held out', () => {
    write(7);
    const { talks } = read('talks.json');
    expect(talks).toHaveLength(6);
    expect(read('split.json')).toEqual({ about: 'n', tuning: [], held_out: talks.map((t: { name: string }) => t.name).sort() });
    write(7);
    expect(read('talks.json').talks).toEqual(talks);
    writeFileSync(join(work, 'split.json'), '{"kept":true}');
    write(8);
    expect(read('split.json')).toEqual({ kept: true });
  });
});
