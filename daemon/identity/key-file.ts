import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A secret key kept in `DATA_DIR/identity/<name>` (hex, mode 0600, folder 0700), made on first
 * use. Two processes racing to make it agree: the file is created exclusively (`wx`) and whoever
 * loses reads the winner's key.
 */
export function dataDirKey(dataDir: string, name: string, bytes = 32): Buffer {
  const dir = join(dataDir, 'identity');
  const file = join(dir, name);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, randomBytes(bytes).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  if (key.length !== bytes) throw new Error(`The key file identity/${name} is damaged (expected ${bytes} bytes)`);
  return key;
}
