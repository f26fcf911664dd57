import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { ObjectStore } from '../../objects/object-store.js';
import type { ObjectLinks } from '../../objects/object-links.js';

/** What renders and publishing need from the object store (daemon/objects/): four calls. */
export interface RenderObjects {
  /** A file path the object can be read from (ffmpeg input), or undefined when it is missing. */
  localPath(key: string): Promise<string | undefined>;
  /** Moves a finished local file into the store under `key` (replacing what was there). */
  putFile(key: string, file: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** A signed GET URL valid for `ttlSeconds` (spec: output_url is one-hour signed). */
  signedGetUrl(key: string, ttlSeconds: number): string;
}

export function renderObjects(store: ObjectStore, urls: Pick<ObjectLinks, 'signGet'>): RenderObjects {
  return {
    localPath: (key) => store.localPath(key),
    async putFile(key, file) {
      await store.put(key, createReadStream(file), { contentType: key.endsWith('.ass') ? 'text/x-ssa; charset=utf-8' : 'video/mp4' });
      await rm(file, { force: true });
    },
    async delete(key) {
      await store.delete(key);
    },
    signedGetUrl: (key, ttlSeconds) => urls.signGet(key, ttlSeconds * 1000),
  };
}
