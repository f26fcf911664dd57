import { createHash } from 'node:crypto';
import { randomToken } from '../../../../src/api/ids.js';

/**
 * Proof Key for Code Exchange (RFC 7636), S256 only. The verifier is 64 characters of
 * [A-Za-z0-9] (within the RFC's 43..128 unreserved characters).
 *
 * `base64url` is the RFC's `BASE64URL(SHA256(verifier))` (Google, LinkedIn, Meta). TikTok's Login
 * Kit for Desktop differs: "You must use hex encoding of SHA256 to generate the code challenge
 * from the code verifier" (developers.tiktok.com/doc/login-kit-desktop), so its connector asks
 * for `hex`.
 */
export type ChallengeEncoding = 'base64url' | 'hex';

export function newVerifier(): string {
  return randomToken(64);
}

export function codeChallenge(verifier: string, encoding: ChallengeEncoding): string {
  return createHash('sha256').update(verifier, 'ascii').digest(encoding);
}
