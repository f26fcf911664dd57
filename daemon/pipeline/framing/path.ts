import type { AxisPath, PathKey } from './types.js';

/** Steps a second of the simulated camera (keys are then thinned to what a line cannot follow). */
const RATE = 20;
/**
 * The "heavy tripod" of issue 17: hold still while the subject stays within DEAD_ZONE of the
 * window's centre (a fraction of the window: well inside the middle third, which is +-1/6),
 * ease to it when it stays out for HOLD seconds (at once beyond twice the zone), with a speed
 * and an acceleration limit so a move starts and ends softly and never jitters.
 */
const DEAD_ZONE = 0.08;
const HOLD = 0.4;
const MAX_SPEED = 1.2; // windows a second
const MAX_ACCEL = 3; // windows a second, a second
const GAIN = 3; // a second: speed asked for per pixel still to go

export interface AxisInput {
  /** Sample times (s) and, per sample, where the window's edge should be to centre the subject. */
  times: number[];
  targets: (number | undefined)[];
  /** Scene changes (s): the camera cuts to its new place there instead of panning. */
  cuts: number[];
  /** Window size on this axis and the furthest its edge may go (source size - window). */
  window: number;
  max: number;
  /** Where to stand while no subject has been seen yet. */
  rest: number;
  duration: number;
}

const clamp = (v: number, max: number) => Math.min(max, Math.max(0, v));

/** The camera path on one axis: holds, eases and cuts (then thinned to a few keys). */
export function tripodPath(input: AxisInput): AxisPath {
  const { times, window, max } = input;
  const targetAt = (t: number): number | undefined => {
    let i = 0;
    while (i + 1 < times.length && times[i + 1] <= t) i++;
    return input.targets[i] === undefined ? undefined : clamp(input.targets[i]!, max);
  };
  const firstSeen = input.targets.findIndex((v) => v !== undefined);
  let p = clamp(firstSeen >= 0 ? input.targets[firstSeen]! : input.rest, max);
  let v = 0;
  let moving = false;
  let outSince: number | undefined;
  const raw: PathKey[] = [{ t: 0, v: p }];
  const cuts = [...input.cuts].sort((a, b) => a - b);
  let nextCut = 0;
  const zone = DEAD_ZONE * window;
  for (let step = 1; step / RATE <= input.duration + 1e-9; step++) {
    const t = step / RATE;
    if (nextCut < cuts.length && t >= cuts[nextCut]) {
      // A cut: the camera is somewhere else at once, standing still (the first face after it).
      const after = times.findIndex((s) => s >= cuts[nextCut]);
      const j = after < 0 ? -1 : input.targets.slice(after).findIndex((x) => x !== undefined);
      const to = j >= 0 ? clamp(input.targets[after + j]!, max) : p;
      raw.push({ t: cuts[nextCut], v: p }, { t: cuts[nextCut], v: to, cut: true });
      p = to;
      v = 0;
      moving = false;
      outSince = undefined;
      nextCut++;
      while (nextCut < cuts.length && cuts[nextCut] <= t) nextCut++;
    }
    const goal = targetAt(t);
    if (goal !== undefined) {
      const error = goal - p;
      if (!moving) {
        if (Math.abs(error) <= zone) outSince = undefined;
        else outSince ??= t;
        if (Math.abs(error) > 2 * zone || (outSince !== undefined && t - outSince >= HOLD)) moving = true;
      }
      if (moving) {
        const wanted = Math.max(-MAX_SPEED * window, Math.min(MAX_SPEED * window, GAIN * error));
        const dv = Math.max(-MAX_ACCEL * window / RATE, Math.min(MAX_ACCEL * window / RATE, wanted - v));
        v += dv;
        if (Math.abs(error) < zone * 0.2 && Math.abs(v) < 0.05 * window) (v = 0), (moving = false), (outSince = undefined);
      }
    } else if (moving) {
      // The subject vanished mid-move: come to rest softly where the camera is.
      v = Math.abs(v) <= (MAX_ACCEL * window) / RATE ? 0 : v - Math.sign(v) * (MAX_ACCEL * window) / RATE;
      if (v === 0) moving = false;
    }
    p = clamp(p + v / RATE, max);
    raw.push({ t, v: p });
  }
  return thin(raw);
}

/** Keeps only the keys a straight line between kept keys would miss by more than half a pixel. */
export function thin(raw: PathKey[]): AxisPath {
  const keys: PathKey[] = [];
  const keep = (k: PathKey) => keys.push({ t: round(k.t), v: round(k.v), ...(k.cut ? { cut: true } : {}) });
  const fits = (a: number, b: number) => {
    for (let k = a + 1; k < b; k++) {
      const line = raw[a].v + ((raw[b].v - raw[a].v) * (raw[k].t - raw[a].t)) / (raw[b].t - raw[a].t || 1);
      if (Math.abs(line - raw[k].v) > 0.5) return false;
    }
    return true;
  };
  let a = 0;
  for (let i = 1; i < raw.length; i++) {
    if (raw[i].cut) {
      if (i - 1 > a) keep(raw[i - 1]); // where the camera was when the scene changed
      keep(raw[i]);
      a = i;
    } else if (!fits(a, i)) {
      keep(raw[i - 1]);
      a = i - 1;
    }
  }
  if (a < raw.length - 1) keep(raw[raw.length - 1]);
  return { v0: round(raw[0].v), keys };
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The path's value at `t` (what ffmpeg's crop expression computes, for tests and split halves). */
export function valueAt(path: AxisPath, t: number): number {
  let v = path.v0;
  let prevT = 0;
  for (const k of path.keys) {
    if (k.t > t) {
      if (k.cut) return v;
      return v + ((k.v - v) * (t - prevT)) / (k.t - prevT || 1);
    }
    v = k.v;
    prevT = k.t;
  }
  return v;
}
