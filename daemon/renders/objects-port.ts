import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * What renders and publishing need from the object store. INTERIM: the uploads branch owns the
 * object store and the URL signer (daemon/objects/); until they land on main this adapter keeps
 * objects under DATA_DIR/objects, and it is the only place to change when switching to them.
 */
export interface RenderObjects {
  /** A file path the object can be read from (ffmpeg input), or undefined when it is missing. */
  localPath(key: string): Promise<string | undefined>;
  /** Moves a finished local file into the store under `key` (replacing what was there). */
  putFile(key: string, file: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** A signed GET URL valid for `ttlSeconds` (spec: output_url is one-hour signed). */
  signedGetUrl(key: string, ttlSeconds: number): string;
}

export function interimObjects(dataDir: string, baseUrl: () => string, now: () => number): RenderObjects {
  const root = join(dataDir, 'objects');
  return {
    async localPath(key) {
      const p = join(root, key);
      return existsSync(p) ? p : undefined;
    },
    async putFile(key, file) {
      mkdirSync(dirname(join(root, key)), { recursive: true });
      renameSync(file, join(root, key));
    },
    async delete(key) {
      rmSync(join(root, key), { force: true });
    },
    signedGetUrl(key, ttlSeconds) {
      return `${baseUrl()}/objects/${key}?expires=${Math.floor(now() / 1000) + ttlSeconds}`;
    },
  };
}
