import { copyFile, lstat, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';

/** Copies `from` into `to` file by file; files removed while it walks are skipped (a live daemon). */
export async function copyTree(from: string, to: string, skip: (rel: string) => boolean): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  const walk = async (dir: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    for (const entry of entries) {
      const src = join(dir, entry.name);
      const rel = relative(from, src).split(sep).join('/');
      if (skip(rel)) continue;
      if (entry.isDirectory()) {
        await walk(src);
        continue;
      }
      if (!entry.isFile()) continue;
      await mkdir(dirname(join(to, rel)), { recursive: true, mode: 0o700 });
      try {
        await copyFile(src, join(to, rel));
        bytes += (await lstat(src)).size;
        files++;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }
    }
  };
  await walk(from);
  return { files, bytes };
}

/**
 * The disk store ties each object's metadata (its ETag, content type) to the inode of its data
 * file (daemon/objects/disk-store.ts): a copied file has a new inode, so the metadata is pointed
 * at it here, keeping the ETag (a multipart ETag cannot be recomputed from the bytes alone).
 */
export async function repointObjectMetadata(objectsDataDir: string): Promise<number> {
  let n = 0;
  const walk = async (dir: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.name.startsWith('.') && entry.name.endsWith('.meta')) {
        const data = join(dir, basename(entry.name.slice(1), '.meta'));
        const st = await stat(data).catch(() => undefined);
        if (!st) continue;
        const meta = JSON.parse(await readFile(path, 'utf8')) as { ino?: number; size?: number };
        if (meta.size !== st.size) continue; // not this file's description: the store describes it again
        await writeFile(path, JSON.stringify({ ...meta, ino: st.ino }));
        n++;
      }
    }
  };
  await walk(objectsDataDir);
  return n;
}
