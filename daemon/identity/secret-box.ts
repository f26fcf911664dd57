import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { dataDirKey } from './key-file.js';

/** The key file of platform credentials, in DATA_DIR/identity/ (0600, made on first use). */
export const SECRET_KEY_FILE = 'platform-secrets.key';
const VERSION = 'v1';

/** A sealed value that cannot be opened: another data dir's key, or a changed row. */
export class SecretBoxError extends Error {}

/**
 * Encryption at rest of the platforms' OAuth tokens and app secrets (issue 15, item 1: "Tokens
 * are stored encrypted at rest with a key kept in the data dir"): AES-256-GCM with a random
 * 96-bit nonce per value. The key lives in `DATA_DIR/identity/platform-secrets.key`, created on
 * first use with mode 0600, so the database file alone (a backup, a copy) reveals no token.
 *
 * `context` is authenticated (GCM's additional data) and names where the value belongs (the
 * team and platform of a connection): a sealed value copied into another row does not open.
 */
export class SecretBox {
  private key?: Buffer;

  constructor(private dataDir: string) {}

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.secret(), iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
  }

  open(sealed: string, context: string): string {
    const [version, iv, body, tag] = sealed.split('.');
    if (version !== VERSION || !iv || body === undefined || !tag) throw new SecretBoxError('The stored credentials are not in a form this version reads');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.secret(), Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError('The stored credentials cannot be decrypted with this data dir\'s key');
    }
  }

  sealJson(value: unknown, context: string): string {
    return this.seal(JSON.stringify(value), context);
  }

  openJson<T>(sealed: string, context: string): T {
    return JSON.parse(this.open(sealed, context)) as T;
  }

  private secret(): Buffer {
    return (this.key ??= dataDirKey(this.dataDir, SECRET_KEY_FILE));
  }
}
