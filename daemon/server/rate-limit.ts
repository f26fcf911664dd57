import { ApiError } from '../../src/api/errors.js';
import { RATE_LIMITS } from '../../src/api/limits.js';
import type { Clock } from '../clock.js';
import { MemoryRateCounter, type RateCounter } from './rate-counter.js';

const MINUTE = RATE_LIMITS.windowMs;
const HOUR = RATE_LIMITS.notFoundWindowMs;

export interface RateState {
  limit: number;
  remaining: number;
  /** Unix seconds when the current window rolls over (X-RateLimit-Reset). */
  resetSeconds: number;
}

/** A fixed window of `ms` around `now`, aligned to multiples of `ms`. */
const windowOf = (now: number, ms: number) => {
  const start = Math.floor(now / ms) * ms;
  return { start, end: start + ms };
};

const retryAfter = (endsAt: number, now: number) => Math.max(1, Math.ceil((endsAt - now) / 1000));

/**
 * Spec "Limits". Request rate: 60 per fixed one-minute window per root team, whatever the
 * credential. Status checks (the four GET status endpoints), on top: 6 per minute for the same
 * id, 30 per minute for the team, and once 20 checks in an hour answered 404, every status check
 * answers 429 until that hour ends.
 */
/** The numbers a limiter enforces (RATE_LIMITS by default; tests loosen or tighten them). */
export interface RateLimits {
  perMinute: number;
  statusPerResource: number;
  statusPerTeam: number;
  notFoundPerHour: number;
}

export class RateLimiter {
  constructor(
    private clock: Clock,
    private limits: RateLimits = {
      perMinute: RATE_LIMITS.requestsPerMinute,
      statusPerResource: RATE_LIMITS.statusChecksPerResource,
      statusPerTeam: RATE_LIMITS.statusChecksPerTeam,
      notFoundPerHour: RATE_LIMITS.notFoundPerHour,
    },
    /** Memory for one process; the store's shared counters when API processes are several (issue 21). */
    private counter: RateCounter = new MemoryRateCounter(() => clock.now()),
  ) {}

  /** Counts one request of the team; throws RATE_LIMITED (with the state to put in headers). */
  async hit(teamId: string): Promise<RateState> {
    const now = this.clock.now();
    const w = windowOf(now, MINUTE);
    const state = (used: number): RateState => ({
      limit: this.limits.perMinute,
      remaining: Math.max(0, this.limits.perMinute - used),
      resetSeconds: Math.floor(w.end / 1000),
    });
    const taken = await this.counter.takeAll([{ key: `req:${teamId}`, ...w, limit: this.limits.perMinute }]);
    if ('limited' in taken) {
      throw new RateLimitedError(
        new ApiError('RATE_LIMITED', `More than ${this.limits.perMinute} requests in the current minute window`, null, retryAfter(w.end, now)),
        state(this.limits.perMinute),
      );
    }
    return state(taken.counts[0]);
  }

  /** Counts a status check of `resourceKey`; throws STATUS_RATE_LIMITED when a limit is exceeded. */
  async statusCheck(teamId: string, resourceKey: string): Promise<void> {
    const now = this.clock.now();
    // details.limit names which of the spec's three limits was hit (issue 13, item 15: the
    // client's advice differs: poll less often, or stop asking for ids that do not exist).
    const limited = (message: string, endsAt: number, limit: string) =>
      new ApiError('STATUS_RATE_LIMITED', message, { limit }, retryAfter(endsAt, now));
    const hour = windowOf(now, HOUR);
    if (await this.counter.count(`nf:${teamId}`, hour.start) >= this.limits.notFoundPerHour) {
      throw limited(`${this.limits.notFoundPerHour} status checks in this hour asked for ids that do not exist; status checks are refused until the hour ends`, hour.end, 'not_found_per_hour');
    }
    const w = windowOf(now, MINUTE);
    // Both counts or neither: a check refused by the team's limit does not use up the id's.
    const taken = await this.counter.takeAll([
      { key: `sid:${teamId}:${resourceKey}`, ...w, limit: this.limits.statusPerResource },
      { key: `st:${teamId}`, ...w, limit: this.limits.statusPerTeam },
    ]);
    if (!('limited' in taken)) return;
    if (taken.limited === 0) throw limited(`More than ${this.limits.statusPerResource} status checks of ${resourceKey} in the current minute`, w.end, 'per_id_per_minute');
    throw limited(`More than ${this.limits.statusPerTeam} status checks by the team in the current minute`, w.end, 'per_team_per_minute');
  }

  async recordNotFound(teamId: string): Promise<void> {
    await this.counter.takeAll([{ key: `nf:${teamId}`, ...windowOf(this.clock.now(), HOUR), limit: Number.MAX_SAFE_INTEGER }]);
  }
}

export class RateLimitedError extends Error {
  constructor(readonly apiError: ApiError, readonly state: RateState) {
    super(apiError.message);
  }
}
