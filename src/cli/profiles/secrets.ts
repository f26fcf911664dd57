import type { Profile } from '../profiles.js';

export interface MaskedCredential {
  auth: 'api_key' | 'token' | 'none';
  /** Never the secret: `****-<teamId>` for a key, `****` for a token. */
  credential: string;
  /** A token's `exp` claim in Unix ms, when it has one. */
  expires_at: number | null;
}

/**
 * What may be shown of a saved credential. An API key is `<secret>-<teamId>` (DESIGN.md): the
 * team id after the one hyphen is not secret, the part before it is.
 */
export function maskCredential(p: Profile): MaskedCredential {
  if (p.api_key) {
    const team = p.api_key.includes('-') ? p.api_key.slice(p.api_key.lastIndexOf('-') + 1) : '';
    return { auth: 'api_key', credential: team ? `****-${team}` : '****', expires_at: null };
  }
  if (p.token) return { auth: 'token', credential: '****', expires_at: tokenExpiry(p.token) };
  return { auth: 'none', credential: '-', expires_at: null };
}

/** Reads `exp` from a JWT's payload without verifying it (display only). */
export function tokenExpiry(token: string): number | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}
