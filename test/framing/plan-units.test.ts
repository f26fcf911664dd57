import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { framingFilter, pathExpression } from '../../daemon/pipeline/framing/filter.js';
import { tripodPath, valueAt } from '../../daemon/pipeline/framing/path.js';
import { centrePlan } from '../../daemon/pipeline/framing/plan.js';
import type { FaceTimeline } from '../../daemon/pipeline/framing/sample.js';
import { chooseSubjects, SWITCH_AFTER } from '../../daemon/pipeline/framing/speaker.js';

// The pure parts of the framing: the speaker's hysteresis, the camera path and its ffmpeg form.

const times = Array.from({ length: 80 }, (_, i) => i / 4); // 20 s at 4 samples a second
const box = (x: number) => ({ x, y: 50, w: 60, h: 60 });
/** Two faces, always visible; `talks(id, t)` says whose mouth moves. */
function timeline(talks: (id: number, t: number) => boolean): FaceTimeline {
  const track = (id: number, x: number) => ({ id, obs: times.map((t) => ({ t, box: box(x) })), activity: times.map((t) => ({ t, a: talks(id, t) ? 8 : 0.2 })) });
  return { width: 640, height: 360, scale: 2, times, cuts: [], tracks: [track(0, 50), track(1, 500)], motion: { cols: 1, rows: 1, energy: [0] } };
}

describe('the speaker (hysteresis)', () => {
  it('switches after the other face has talked for SWITCH_AFTER seconds, not for a short burst', () => {
    // Face 0 talks to 8 s, face 1 coughs at 4-4.75 s, then talks from 8 s on.
    const subjects = chooseSubjects(timeline((id, t) => (id === 0 ? t < 8 : (t >= 4 && t < 4.75) || t >= 8)));
    const at = (t: number) => subjects[times.indexOf(t)];
    expect([0, 2, 4.5, 5, 7.75, 8.5].map(at)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(at(8 + SWITCH_AFTER + 1)).toBe(1);
    expect(at(19.75)).toBe(1);
  });

  it('ignores mouths outside speech', () => {
    const subjects = chooseSubjects(timeline((id, t) => id === 1 && t >= 5), [{ start: 0, end: 4 }]);
    expect(new Set(subjects)).toEqual(new Set([0]));
  });
});

describe('the camera path and its ffmpeg expression', () => {
  const path = tripodPath({ times, targets: times.map((t) => (t < 5 ? 100 : t < 12 ? 600 : 300)), cuts: [12], window: 400, max: 1000, rest: 500, duration: 20 });

  it('holds, eases and cuts', () => {
    expect(valueAt(path, 4)).toBe(100);
    expect(Math.abs(valueAt(path, 10) - 600)).toBeLessThan(7); // it comes to rest inside a fifth of the dead zone
    expect(valueAt(path, 12.5)).toBe(300);
    expect(path.keys.filter((k) => k.cut)).toEqual([{ t: 12, v: 300, cut: true }]);
  });

  it('gives ffmpeg an expression of t with the same values', () => {
    const expr = pathExpression(path);
    // Evaluate it the way ffmpeg would (min, max, gte as functions of t).
    const evaluate = new Function('t', 'min', 'max', 'gte', `return ${expr};`) as (t: number, ...f: unknown[]) => number;
    for (const t of [0, 4, 5.3, 6, 8, 11.99, 12, 15, 19.9]) {
      expect(evaluate(t, Math.min, Math.max, (a: number, b: number) => (a >= b ? 1 : 0))).toBeCloseTo(valueAt(path, t), 1);
    }
  });

  it('keeps a path of a minute of swaying (hundreds of keys) inside what ffmpeg parses, with the same values', () => {
    // ffmpeg refuses a chain of about 100 terms ("Failed to configure input pad"): a 60 s clip of
    // a speaker who sways gave 297 keys and the preview failed.
    const keys = Array.from({ length: 1500 }, (_, i) => ({ t: (i + 1) * 0.04, v: 700 + 150 * Math.sin(i / 20) }));
    const long = { v0: 700, keys };
    const expr = pathExpression(long);
    const evaluate = new Function('t', 'min', 'max', 'gte', `return ${expr};`) as (t: number, ...f: unknown[]) => number;
    for (const t of [0, 1.01, 13.37, 33.3, 59.99, 61]) {
      expect(evaluate(t, Math.min, Math.max, (a: number, b: number) => (a >= b ? 1 : 0))).toBeCloseTo(valueAt(long, t), 0);
    }
    const crop = `crop=w=200:h=360:x='${expr}':y=0`;
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'color=c=gray:s=1280x360:r=25:d=61', '-vf', crop, '-f', 'null', '-']);
  });

  it('writes each layout as one filter with a single unlabelled output', () => {
    const plan = centrePlan({ width: 1920, height: 1080 }, 10, 'test');
    expect(framingFilter(plan, { width: 1080, height: 1920 })).toBe('crop=w=606:h=1080:x=657:y=0,scale=1080:1920:flags=bicubic,setsar=1');
    expect(framingFilter(plan, { width: 360, height: 640 }, 'fit')).toMatch(/^split=2\[fa\]\[fb\];.*boxblur.*overlay=0:219,setsar=1$/);
    // split without two faces in the plan falls back to fill
    expect(framingFilter(plan, { width: 360, height: 640 }, 'split')).toMatch(/^crop=w=606/);
  });
});
