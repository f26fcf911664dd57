import type { Platform } from '../../../../src/api/events.js';
import type { PlatformConnection } from '../../../store/platforms.js';

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
  /** Persists state the connector needs to resume after a crash (written to SQLite at once). */
  saveResumeState(state: string): void;
}

export interface PublishResult {
  /** Direct link to the live post (the post's `published_url`). */
  url: string;
  /** The platform's id of the post. */
  externalId: string;
}

/** A failure of publishing: `retryable` ones are tried again later, others fail the post. */
export class ConnectorError extends Error {
  constructor(message: string, readonly retryable: boolean) {
    super(message);
    this.name = 'ConnectorError';
  }
}

export interface Connector {
  /** The name connections refer to (`connector` of POST /v1/platforms). */
  readonly name: string;
  /** Platforms it can publish to. */
  readonly platforms: readonly Platform[];
  publish(req: PublishRequest): Promise<PublishResult>;
}
