import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey, type CryptoKey } from 'jose';
import { LOCAL_AUDIENCE, loadPublicKey, localIssuer } from './local-issuer.js';

/** An external identity provider a hosted deployment trusts (DESIGN.md). */
export interface ExternalIssuer {
  issuer: string;
  jwks_url: string;
  audience: string;
  team_claim: string;
}

interface Trusted {
  issuer: string;
  audience: string;
  teamClaim: string;
  key: CryptoKey | JWTVerifyGetKey;
}

/** Verifies bearer ID tokens from the local issuer and any configured external issuers. */
export class TokenVerifier {
  private constructor(private trusted: Trusted[], private now: () => number) {}

  static async create(dataDir: string, external: ExternalIssuer[], now: () => number): Promise<TokenVerifier> {
    const trusted: Trusted[] = [
      { issuer: localIssuer(dataDir), audience: LOCAL_AUDIENCE, teamClaim: 'team_id', key: await loadPublicKey(dataDir) },
      ...external.map((e) => ({ issuer: e.issuer, audience: e.audience, teamClaim: e.team_claim, key: createRemoteJWKSet(new URL(e.jwks_url)) })),
    ];
    return new TokenVerifier(trusted, now);
  }

  /** Returns the team id named by a valid token, or undefined for anything invalid. */
  async teamOf(token: string): Promise<string | undefined> {
    let iss: string | undefined;
    try {
      const [, payload] = token.split('.');
      iss = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as JWTPayload).iss;
    } catch {
      return undefined;
    }
    const t = this.trusted.find((x) => x.issuer === iss);
    if (!t) return undefined;
    try {
      const { payload } = await jwtVerify(token, t.key as JWTVerifyGetKey, {
        issuer: t.issuer,
        audience: t.audience,
        currentDate: new Date(this.now()),
        algorithms: ['ES256', 'RS256', 'EdDSA', 'ES384'],
      });
      const team = payload[t.teamClaim];
      return typeof team === 'string' && team ? team : undefined;
    } catch {
      return undefined;
    }
  }
}
