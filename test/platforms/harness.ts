import { expect } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import type { Platform } from '../../src/api/events.js';
import type { PlatformConnection } from '../../src/api/platforms.js';
import type { PublishRequest, PublishResult } from '../../daemon/resources/platforms/connectors/connector.js';
import type { TestDaemon } from '../helpers/daemon.js';
import { sourceVideo } from '../publish/helpers.js';
import type { FakeOAuth } from './fakes/fake-oauth.js';

/**
 * Connects a platform through the daemon's real OAuth flow, with the browser's part played here:
 * POST /v1/platforms/authorize, GET of the consent URL on the fake platform (which agrees and
 * redirects with a code), POST /v1/platforms with the state and code.
 */
export async function connectOAuth(
  d: TestDaemon,
  o: { platform: Platform; connector: string; fake: { url: string; oauth: FakeOAuth }; settings?: Record<string, unknown>; teamId?: string },
): Promise<PlatformConnection> {
  const auth = `Bearer ${await d.token(o.teamId)}`;
  const settings = { api_base_url: o.fake.url, oauth_base_url: o.fake.url, poll_ms: 5, ...o.settings };
  const redirect = 'http://127.0.0.1:9/callback/';
  const started = await d.call('POST', '/v1/platforms/authorize', {
    auth, body: { platform: o.platform, connector: o.connector, redirect_uri: redirect, client_id: o.fake.oauth.clientId, client_secret: o.fake.oauth.clientSecret, settings },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const consent = await request(started.body.authorization_url);
  await consent.body.text();
  expect(consent.statusCode).toBe(302);
  const back = new URL(String(consent.headers.location));
  expect(back.origin + back.pathname).toBe(redirect);
  const r = await d.call('POST', '/v1/platforms', {
    auth, body: { platform: o.platform, connector: o.connector, authorization: { state: back.searchParams.get('state'), code: back.searchParams.get('code') } },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as PlatformConnection;
}

/** A publication driven by the test: a real connector, real credentials, resume state in memory. */
export class DirectPublish {
  resumeState: string | null = null;
  readonly file = sourceVideo(12);

  constructor(private d: TestDaemon, private platform: Platform, private fields: Partial<PublishRequest> = {}) {}

  async run(postId = 'post_direct', extra: Partial<PublishRequest> = {}): Promise<PublishResult> {
    const connection = (await this.d.app.platforms.list(this.d.rootTeamId)).find((c) => c.platform === this.platform)!;
    const connector = this.d.app.connectors.get(connection.connector)!;
    return connector.publish({
      postId, attemptId: 'att_direct', platform: this.platform, connection, auth: this.d.app.platforms.authFor(connection),
      file: this.file, caption: 'Pricing is the strongest signal of value. #Pricing #Startups', settings: {},
      signal: new AbortController().signal, resumeState: this.resumeState,
      saveResumeState: async (s) => void (this.resumeState = s), now: () => this.d.clock.now(),
      ...this.fields, ...extra,
    });
  }

  /** Runs and returns the error it throws. */
  async fails(postId?: string): Promise<Error & { retryable?: boolean; retryAfterMs?: number }> {
    try {
      await this.run(postId);
    } catch (e) {
      return e as Error;
    }
    throw new Error('expected the publication to fail');
  }
}

/** A file of `bytes` random bytes (made once per size and process): what a connector uploads is opaque to it. */
export function bigFile(bytes: number): string {
  const file = join(tmpdir(), `clipper-platform-${bytes}-${process.pid}.bin`);
  if (!existsSync(file)) writeFileSync(file, randomBytes(bytes));
  return file;
}

export const md5Of = (file: string) => createHash('md5').update(readFileSync(file)).digest('hex');
