import type { Platform } from '../../../../src/api/events.js';
import type { PlatformConnection } from '../../../store/platforms.js';
import type { ConnectionAuth } from '../credentials.js';
import type { OAuthProvider } from '../oauth/provider.js';

/** What a connector gets to publish one post (DESIGN.md: connectors sit behind one interface). */
export interface PublishRequest {
  /**
   * The idempotency key: a connector must never publish the same post id twice. Called again
   * for a post it already published (a crash before the result was stored), it returns that
   * publication instead of making a second one.
   */
  postId: string;
  /** The attempt, recorded before the call; its id is stable across retries of this upload. */
  attemptId: string;
  platform: Platform;
  connection: PlatformConnection;
  /** The connection's credentials: a valid access token (refreshed when due), never logged. */
  auth: ConnectionAuth;
  /** The freshly rendered MP4. */
  file: string;
  caption: string;
  /** Long-video platform only. */
  title?: string;
  /** The post's own platform settings object (short_video / long_video), or {}. */
  settings: Record<string, unknown>;
  signal: AbortSignal;
  /** State saved by an earlier try of this attempt (a resumable upload session), if any. */
  resumeState: string | null;
  /** Persists state the connector needs to resume after a crash (stored when the promise settles). */
  saveResumeState(state: string): Promise<void>;
  /** Epoch ms (the daemon's clock). */
  now(): number;
}

export interface PublishResult {
  /** Direct link to the live post (the post's `published_url`). */
  url: string;
  /** The platform's id of the post. */
  externalId: string;
}

/**
 * A failure of publishing (issue 15, item 2): `retryable` ones (rate limits, 5xx, timeouts) are
 * tried again later, after `retryAfterMs` when the platform said when its limit resets; others
 * (policy, bad metadata, the day's quota, a revoked grant) fail the post.
 */
export class ConnectorError extends Error {
  readonly retryAfterMs?: number;
  constructor(message: string, readonly retryable: boolean, opts: { retryAfterMs?: number } = {}) {
    super(message);
    this.name = 'ConnectorError';
    if (opts.retryAfterMs !== undefined) this.retryAfterMs = opts.retryAfterMs;
  }
}

export interface Connector {
  /** The name connections refer to (`connector` of POST /v1/platforms). */
  readonly name: string;
  /** Platforms it can publish to. */
  readonly platforms: readonly Platform[];
  /** The platforms' own connectors: how an account is connected with OAuth 2.0 (issue 15). */
  readonly oauth?: OAuthProvider;
  /** A problem with a connection's settings (a 400 when connecting), or undefined. */
  checkSettings?(settings: Record<string, unknown>): string | undefined;
  publish(req: PublishRequest): Promise<PublishResult>;
}

/**
 * The platform no longer honours the connection's grant (revoked by the user, expired, or its
 * refresh refused): the connection becomes `needs_reauth` and the post fails (issue 15, item 1).
 */
export class GrantLostError extends ConnectorError {
  constructor(message: string) {
    super(message, false);
    this.name = 'GrantLostError';
  }
}
