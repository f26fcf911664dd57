import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { generateKeyPairSync } from 'node:crypto';
import { SignJWT, importPKCS8, importSPKI } from 'jose';

/**
 * The daemon is its own identity provider (DESIGN.md, "Start-up and credentials"): an ES256 key
 * pair lives in the data dir, and whoever can read that folder can mint ID tokens for its teams.
 */
export const LOCAL_AUDIENCE = 'clipper';
export const localIssuer = (dataDir: string) => `clipper-local:${dataDir}`;
const TOKEN_TTL_SECONDS = 3600;

function keyPaths(dataDir: string) {
  const dir = join(dataDir, 'identity');
  return { dir, privateKey: join(dir, 'es256-private.pem'), publicKey: join(dir, 'es256-public.pem') };
}

/** Creates the key pair on first use; later calls leave it alone. */
export function ensureSigningKey(dataDir: string): void {
  const p = keyPaths(dataDir);
  if (existsSync(p.privateKey) && existsSync(p.publicKey)) return;
  mkdirSync(p.dir, { recursive: true, mode: 0o700 });
  const { privateKey, publicKey } = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  writeFileSync(p.privateKey, privateKey, { mode: 0o600 });
  writeFileSync(p.publicKey, publicKey, { mode: 0o644 });
}

export async function loadPublicKey(dataDir: string) {
  return importSPKI(readFileSync(keyPaths(dataDir).publicKey, 'utf8'), 'ES256');
}

/** Mints a 1-hour ID token naming `teamId` in the `team_id` claim. */
export async function mintIdToken(dataDir: string, teamId: string, nowMs = Date.now()): Promise<string> {
  const key = await importPKCS8(readFileSync(keyPaths(dataDir).privateKey, 'utf8'), 'ES256');
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({ team_id: teamId })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
    .setIssuer(localIssuer(dataDir))
    .setAudience(LOCAL_AUDIENCE)
    .setSubject(`owner@${teamId}`)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_TTL_SECONDS)
    .sign(key);
}
