import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writes `target` through a temp file next to it, renamed into place only when `write` succeeds,
 * so a crash or an abort never leaves a half-written file under the final name.
 */
export async function writeViaTemp<T>(target: string, write: (tempPath: string) => Promise<T>): Promise<T> {
  await mkdir(dirname(target), { recursive: true });
  const temp = join(dirname(target), `.${basename(target)}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const result = await write(temp);
    await rename(temp, target);
    return result;
  } catch (e) {
    await rm(temp, { force: true });
    throw e;
  }
}
