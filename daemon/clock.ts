/** Injectable time source: tests move time forward instead of sleeping. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests control; starts at `start` and moves only when told. */
export class ManualClock implements Clock {
  constructor(private t = Date.now()) {}
  now(): number {
    return this.t;
  }
  set(t: number): void {
    this.t = t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
}
