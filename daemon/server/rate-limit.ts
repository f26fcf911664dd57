import { ApiError } from '../../src/api/errors.js';
import { RATE_LIMITS } from '../../src/api/limits.js';
import type { Clock } from '../clock.js';

const MINUTE = RATE_LIMITS.windowMs;
const HOUR = RATE_LIMITS.notFoundWindowMs;

export interface RateState {
  limit: number;
  remaining: number;
  /** Unix seconds when the current window rolls over (X-RateLimit-Reset). */
  resetSeconds: number;
}

/** Fixed-window counter keyed by string; windows align to multiples of `windowMs`. */
class FixedWindow {
  private windowStart = -1;
  private counts = new Map<string, number>();
  constructor(private windowMs: number) {}

  private roll(now: number): number {
    const start = Math.floor(now / this.windowMs) * this.windowMs;
    if (start !== this.windowStart) {
      this.windowStart = start;
      this.counts.clear();
    }
    return start;
  }
  count(key: string, now: number): number {
    this.roll(now);
    return this.counts.get(key) ?? 0;
  }
  add(key: string, now: number): number {
    this.roll(now);
    const n = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, n);
    return n;
  }
  /** Milliseconds until this window ends. */
  endsAt(now: number): number {
    return this.roll(now) + this.windowMs;
  }
}

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
  private requests = new FixedWindow(MINUTE);
  private perResource = new FixedWindow(MINUTE);
  private perTeamStatus = new FixedWindow(MINUTE);
  private notFound = new FixedWindow(HOUR);

  constructor(
    private clock: Clock,
    private limits: RateLimits = {
      perMinute: RATE_LIMITS.requestsPerMinute,
      statusPerResource: RATE_LIMITS.statusChecksPerResource,
      statusPerTeam: RATE_LIMITS.statusChecksPerTeam,
      notFoundPerHour: RATE_LIMITS.notFoundPerHour,
    },
  ) {}

  /** Counts one request of the team; throws RATE_LIMITED (with the state to put in headers). */
  hit(teamId: string): RateState {
    const now = this.clock.now();
    const endsAt = this.requests.endsAt(now);
    const state = (used: number): RateState => ({
      limit: this.limits.perMinute,
      remaining: Math.max(0, this.limits.perMinute - used),
      resetSeconds: Math.floor(endsAt / 1000),
    });
    if (this.requests.count(teamId, now) >= this.limits.perMinute) {
      throw new RateLimitedError(
        new ApiError('RATE_LIMITED', `More than ${this.limits.perMinute} requests in the current minute window`, null, retryAfter(endsAt, now)),
        state(this.limits.perMinute),
      );
    }
    return state(this.requests.add(teamId, now));
  }

  /** Counts a status check of `resourceKey`; throws STATUS_RATE_LIMITED when a limit is exceeded. */
  statusCheck(teamId: string, resourceKey: string): void {
    const now = this.clock.now();
    // details.limit names which of the spec's three limits was hit (issue 13, item 15: the
    // client's advice differs: poll less often, or stop asking for ids that do not exist).
    const limited = (message: string, endsAt: number, limit: string) =>
      new ApiError('STATUS_RATE_LIMITED', message, { limit }, retryAfter(endsAt, now));
    if (this.notFound.count(teamId, now) >= this.limits.notFoundPerHour) {
      throw limited(`${this.limits.notFoundPerHour} status checks in this hour asked for ids that do not exist; status checks are refused until the hour ends`, this.notFound.endsAt(now), 'not_found_per_hour');
    }
    const key = `${teamId}\u0000${resourceKey}`;
    if (this.perResource.count(key, now) >= this.limits.statusPerResource) {
      throw limited(`More than ${this.limits.statusPerResource} status checks of ${resourceKey} in the current minute`, this.perResource.endsAt(now), 'per_id_per_minute');
    }
    if (this.perTeamStatus.count(teamId, now) >= this.limits.statusPerTeam) {
      throw limited(`More than ${this.limits.statusPerTeam} status checks by the team in the current minute`, this.perTeamStatus.endsAt(now), 'per_team_per_minute');
    }
    this.perResource.add(key, now);
    this.perTeamStatus.add(teamId, now);
  }

  recordNotFound(teamId: string): void {
    this.notFound.add(teamId, this.clock.now());
  }
}

export class RateLimitedError extends Error {
  constructor(readonly apiError: ApiError, readonly state: RateState) {
    super(apiError.message);
  }
}
