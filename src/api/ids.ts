import { randomBytes } from 'node:crypto';

// Ids are a short prefix, an underscore and base62 characters: never a hyphen, because an
// API key is `<secret>-<teamId>` and splits at its one hyphen (DESIGN.md, credentials).
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function randomToken(length: number): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    const b = bytes[i];
    if (b < 248) out += ALPHABET[b % 62]; // 248 = 4 * 62: keeps the distribution uniform
  }
  return out.length === length ? out : out + randomToken(length - out.length);
}

export type IdPrefix = 'team' | 'key' | 'wh' | 'evt' | 'plat' | 'upl' | 'job' | 'clip' | 'post' | 'dlv' | 'asset';

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomToken(20)}`;
}
