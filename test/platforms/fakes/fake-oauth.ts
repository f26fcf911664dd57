import { createHash, randomBytes } from 'node:crypto';
import type { FakeReply, FakeRequest } from './fake-server.js';

export interface OAuthVariant {
  /** The name of the client id parameter (TikTok calls it `client_key`). */
  clientParam: 'client_id' | 'client_key';
  /** How the code challenge is encoded (TikTok's desktop flow: hex). */
  challenge: 'base64url' | 'hex';
  /** Whether the token endpoint demands the client secret. */
  requireSecret: boolean;
  /** Whether a refresh hands out a new refresh token (the old one stops working). */
  rotateRefresh: boolean;
  /** Seconds an access token lives (`expires_in`). */
  accessSeconds: number;
}

const token = (p: string) => `${p}-${randomBytes(9).toString('base64url')}`;

/**
 * The authorization server of a fake platform (RFC 6749 + RFC 7636, with the platform's own
 * parameter names): consent that redirects at once with a code (the browser's part), the code
 * exchange that checks client, redirect URI and PKCE verifier, refresh, revocation, and the
 * grant's state for tests: `revokeGrant()` is the user removing the app in their account
 * settings, `expireAccessTokens()` lets time pass.
 */
export class FakeOAuth {
  clientId = 'app-client-id';
  clientSecret = 'app-client-secret';
  /** Scopes of the last consent, and every token endpoint call (grant types). */
  lastScope = '';
  readonly tokenCalls: string[] = [];
  revocations = 0;
  private codes = new Map<string, { challenge: string; redirect: string; scope: string }>();
  private access = new Map<string, { grant: number; expired: boolean }>();
  private refresh = new Map<string, number>();
  private revokedGrants = new Set<number>();
  private nextGrant = 1;

  constructor(readonly v: OAuthVariant) {}

  /** GET of the consent page: the user agrees at once; 302 to the redirect URI with the code and state. */
  /** The next consent is refused by the user (`error=access_denied` on the redirect). */
  denyNext = false;

  consent(r: FakeRequest): FakeReply {
    const q = r.query;
    if (this.denyNext) {
      this.denyNext = false;
      const back = new URL(q.get('redirect_uri')!);
      back.search = new URLSearchParams({ error: 'access_denied', error_description: 'The user denied the request', state: q.get('state') ?? '' }).toString();
      return { status: 302, headers: { location: back.href } };
    }
    if (q.get(this.v.clientParam) !== this.clientId) return { status: 400, body: 'unknown client' };
    if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) return { status: 400, body: 'code_challenge with S256 is required' };
    const code = token('code');
    this.lastScope = q.get('scope') ?? '';
    this.codes.set(code, { challenge: q.get('code_challenge')!, redirect: q.get('redirect_uri') ?? '', scope: this.lastScope });
    const back = new URL(q.get('redirect_uri')!);
    back.searchParams.set('code', code);
    back.searchParams.set('state', q.get('state') ?? '');
    return { status: 302, headers: { location: back.href }, body: 'redirecting' };
  }

  /** The token endpoint's answer to a form (authorization_code or refresh_token). */
  token(form: URLSearchParams, extra: Record<string, unknown> = {}): FakeReply {
    const grantType = form.get('grant_type') ?? '';
    this.tokenCalls.push(grantType);
    const error = (status: number, code: string, description: string): FakeReply => ({ status, body: { error: code, error_description: description } });
    if (form.get(this.v.clientParam) !== this.clientId || (this.v.requireSecret && form.get('client_secret') !== this.clientSecret)) return error(401, 'invalid_client', 'Client authentication failed');
    if (grantType === 'authorization_code') {
      const code = this.codes.get(form.get('code') ?? '');
      this.codes.delete(form.get('code') ?? '');
      if (!code) return error(400, 'invalid_grant', 'The authorization code is invalid or was used');
      if (code.redirect !== form.get('redirect_uri')) return error(400, 'invalid_grant', 'redirect_uri does not match');
      const verifier = form.get('code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest(this.v.challenge) !== code.challenge) return error(400, 'invalid_grant', 'Code verifier or code challenge is invalid');
      return { status: 200, body: { ...this.issue(this.nextGrant++, true), scope: code.scope, ...extra } };
    }
    if (grantType === 'refresh_token') {
      const grant = this.refresh.get(form.get('refresh_token') ?? '');
      if (grant === undefined || this.revokedGrants.has(grant)) return error(400, 'invalid_grant', 'Token has been expired or revoked.');
      if (this.v.rotateRefresh) this.refresh.delete(form.get('refresh_token')!);
      return { status: 200, body: { ...this.issue(grant, this.v.rotateRefresh), ...extra } };
    }
    return error(400, 'unsupported_grant_type', grantType);
  }

  /** 'ok', or why the bearer token is refused. */
  check(bearer: string | undefined): 'ok' | 'expired' | 'revoked' | 'unknown' {
    const t = bearer ? this.access.get(bearer) : undefined;
    if (!t) return 'unknown';
    if (this.revokedGrants.has(t.grant)) return 'revoked';
    return t.expired ? 'expired' : 'ok';
  }

  /** Revokes the grant of an access or refresh token (disconnect); false when unknown. */
  revoke(tokenValue: string): boolean {
    const grant = this.access.get(tokenValue)?.grant ?? this.refresh.get(tokenValue);
    if (grant === undefined) return false;
    this.revocations++;
    this.revokedGrants.add(grant);
    return true;
  }

  /** A new access token of the grant of `from` (Meta's long-lived exchange, Page tokens); undefined when `from` is refused. */
  mint(from: string): string | undefined {
    const t = this.access.get(from);
    if (!t || this.check(from) !== 'ok') return undefined;
    const access = token('at');
    this.access.set(access, { grant: t.grant, expired: false });
    return access;
  }

  revokeGrant(): void {
    for (const g of this.refresh.values()) this.revokedGrants.add(g);
    for (const t of this.access.values()) this.revokedGrants.add(t.grant);
  }

  expireAccessTokens(): void {
    for (const t of this.access.values()) t.expired = true;
  }

  private issue(grant: number, withRefresh: boolean) {
    const access = token('at');
    this.access.set(access, { grant, expired: false });
    const out: Record<string, unknown> = { access_token: access, token_type: 'Bearer', expires_in: this.v.accessSeconds };
    if (withRefresh) {
      const refresh = token('rt');
      this.refresh.set(refresh, grant);
      out.refresh_token = refresh;
    }
    return out;
  }
}
