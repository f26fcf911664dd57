import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseFraming, type FramingPlan } from '../../daemon/pipeline/framing/index.js';
import { valueAt } from '../../daemon/pipeline/framing/path.js';
import { planFraming } from '../../daemon/pipeline/framing/plan.js';
import type { FaceTimeline } from '../../daemon/pipeline/framing/sample.js';
import { faceSpeakers, MIN_HOLD, shownSpeakers, speakerTurns, type Turn } from '../../daemon/pipeline/framing/turns.js';
import type { Word } from '../../daemon/pipeline/types.js';
import { faceFootage, TWO } from './footage.js';

// Issue 30, item 3: "the framing follows the speaker who is talking, and with two people on
// screen the split layout puts the speaker on top". Words carry speakers (diarization); a face is
// a speaker's when its mouth moves in that speaker's turns; the framing switches at turns, never
// for a short interjection, and holds a speaker at least MIN_HOLD seconds.

/** Words of `speaker` every 0.4 s from `from` to `to` (s). */
const said = (speaker: string, from: number, to: number): Word[] =>
  Array.from({ length: Math.floor((to - from) / 0.4) }, (_, i) => ({ text: 'word', start: from + i * 0.4, end: from + i * 0.4 + 0.3, speaker }));

const times = Array.from({ length: 80 }, (_, i) => i / 4); // 20 s at 4 samples a second
/** Two faces apart (x 50 and 500 of a 640x360 sample, 1280x720 source), always visible; `talks(id, t)` says whose mouth moves. */
function timeline(talks: (id: number, t: number) => boolean, moving?: number): FaceTimeline {
  const box = (x: number) => ({ x, y: 100, w: 80, h: 80 });
  const track = (id: number, x: number) => ({ id, obs: times.map((t) => ({ t, box: box(x) })), activity: times.map((t) => ({ t, a: id === moving ? 6 : talks(id, t) ? 8 : 0.2 })) });
  return { width: 640, height: 360, scale: 2, times, cuts: [], tracks: [track(0, 50), track(1, 500)], motion: { cols: 1, rows: 1, energy: [0] } };
}
const SOURCE = { width: 1280, height: 720 };
const LEFT_X = (50 + 40) * 2;
const RIGHT_X = (500 + 40) * 2;
type Window = { w: number; x: { v0: number; keys: { t: number; v: number }[] } };
/** Whether the window's centre is on the face centred at x. */
const on = (w: Window, x: number, t: number) => Math.abs(valueAt(w.x, t) + w.w / 2 - x) < w.w / 6;
/** Whether the face centred at x is inside the window, and the other face (at `not`) is not. */
const holds = (w: Window, x: number, not: number, t: number) => x > valueAt(w.x, t) && x < valueAt(w.x, t) + w.w && !(not > valueAt(w.x, t) && not < valueAt(w.x, t) + w.w);

describe('turns and which face is whose', () => {
  it('merges a speaker\'s words into turns; one speaker (or none) gives no turns', () => {
    const turns = speakerTurns([...said('S1', 10, 13), ...said('S2', 13.5, 15)], 10, 16)!;
    expect(turns.map((u) => u.speaker)).toEqual(['S1', 'S2']);
    expect(turns[0].start).toBe(0);
    expect(turns[1].start).toBeCloseTo(3.5, 5);
    expect(speakerTurns(said('S1', 0, 5), 0, 5)).toBeUndefined();
    expect(speakerTurns(said('S1', 0, 5).map(({ speaker: _s, ...w }) => w), 0, 5)).toBeUndefined();
  });

  it('matches each face to the speaker whose turns move its mouth; a face that moves all the time is nobody\'s', () => {
    const turns: Turn[] = [{ start: 0, end: 8, speaker: 'S1' }, { start: 8, end: 20, speaker: 'S2' }];
    const m = faceSpeakers(timeline((id, t) => (id === 0 ? t < 8 : t >= 8)), turns);
    expect([m.get(0)?.speaker, m.get(1)?.speaker]).toEqual(['S1', 'S2']);
    const fidget = faceSpeakers(timeline((id, t) => id === 1 && t >= 8, 0), turns);
    expect(fidget.has(0)).toBe(false);
    expect(fidget.get(1)?.speaker).toBe('S2');
  });

  it('switches at a turn, not for an interjection shorter than a second, and holds a speaker MIN_HOLD seconds', () => {
    const turns: Turn[] = [
      { start: 0, end: 5, speaker: 'S1' },
      { start: 5, end: 5.5, speaker: 'S2' }, // "yeah"
      { start: 5.5, end: 8, speaker: 'S1' },
      { start: 8, end: 9, speaker: 'S2' }, // switched to at 8 ...
      { start: 9, end: 12, speaker: 'S1' }, // ... so S1 only comes back at 8 + MIN_HOLD
      { start: 12, end: 20, speaker: 'S2' },
    ];
    const shown = shownSpeakers(times, turns);
    const at = (t: number) => shown[times.indexOf(t)];
    expect([0, 4.75, 5, 5.25, 7.75].map(at)).toEqual(['S1', 'S1', 'S1', 'S1', 'S1']);
    expect([8, 9, 9.75].map(at)).toEqual(['S2', 'S2', 'S2']);
    expect(at(8 + MIN_HOLD)).toBe('S1');
    expect(at(12)).toBe('S2');
  });
});

describe('the plan with speakers', () => {
  const talks = (id: number, t: number) => (id === 0 ? t < 10 : t >= 10);
  const turns: Turn[] = [{ start: 0, end: 10, speaker: 'S1' }, { start: 10, end: 20, speaker: 'S2' }];

  it('split: the speaker\'s face on top, swapped with a cut at the turn; without speakers left on top as before', () => {
    const p = planFraming(timeline(talks), SOURCE, 20, undefined, turns);
    expect(p.layout).toBe('split');
    expect(p.reason).toContain('the speaker on top');
    const { top, bottom } = p.split!;
    expect([1, 5, 9.5].every((t) => holds(top, LEFT_X, RIGHT_X, t) && holds(bottom, RIGHT_X, LEFT_X, t))).toBe(true);
    expect([10.1, 12, 19].every((t) => holds(top, RIGHT_X, LEFT_X, t) && holds(bottom, LEFT_X, RIGHT_X, t))).toBe(true);
    expect(top.x.keys.filter((k) => k.cut).map((k) => k.t)).toEqual([10]);
    const plain = planFraming(timeline(talks), SOURCE, 20).split!;
    expect([1, 12, 19].every((t) => holds(plain.top, LEFT_X, RIGHT_X, t) && holds(plain.bottom, RIGHT_X, LEFT_X, t))).toBe(true);
  });

  it('fill: cuts to the speaker at the turn (the mouths alone wait SWITCH_AFTER and pan)', () => {
    const p = planFraming(timeline(talks), SOURCE, 20, undefined, turns);
    expect(on(p.fill, LEFT_X, 9.75)).toBe(true);
    expect(on(p.fill, RIGHT_X, 10)).toBe(true);
    const mouths = planFraming(timeline(talks), SOURCE, 20);
    expect(on(mouths.fill, RIGHT_X, 10.5)).toBe(false);
  });
});

describe('on footage: two real faces taking turns (fixtures/make-faces.sh two.mp4)', () => {
  let p: FramingPlan;
  beforeAll(async () => {
    // The left face talks 0-8 s and the right one 8-16 s (and the left coughs 11.0-11.6 s): S1
    // and S2 say the same, with a 0.6 s "yeah" of S2 at 4 s that must not move anything.
    const words = [...said('S1', 0, 3.9), ...said('S2', 4, 4.6), ...said('S1', 4.7, 7.9), ...said('S2', 8, 16)];
    p = await analyseFraming(join(faceFootage(), TWO.file), { start: 0, end: TWO.duration, source: TWO.source, words });
  }, 300_000);

  it('stacks the two with the speaker on top, swapping at the turn and not for the interjection', () => {
    expect(p.layout).toBe('split');
    const { top, bottom } = p.split!;
    for (const t of [1, 4.3, 6, 7.5]) expect(holds(top, TWO.left.x, TWO.right.x, t) && holds(bottom, TWO.right.x, TWO.left.x, t), `left on top at ${t}`).toBe(true);
    for (const t of [8.6, 11.3, 13, 15.5]) expect(holds(top, TWO.right.x, TWO.left.x, t) && holds(bottom, TWO.left.x, TWO.right.x, t), `right on top at ${t}`).toBe(true);
    expect(top.x.keys.filter((k) => k.cut).length).toBe(1);
  });

  it('the single window is on the speaker within a sample of the turn, and stays there through the cough', () => {
    const centred = (x: number, t: number) => Math.abs(x - (valueAt(p.fill.x, t) + p.fill.w / 2)) < p.fill.w / 6;
    expect([1, 4.3, 7.5].every((t) => centred(TWO.left.x, t))).toBe(true);
    expect([8.6, 11.3, 13, 15.5].every((t) => centred(TWO.right.x, t))).toBe(true);
  });
});
