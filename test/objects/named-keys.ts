import { expect } from 'vitest';
import { jobCookiesKey } from '../../daemon/resources/clip-jobs/cookies.js';
import { renderKeys } from '../../daemon/resources/renders/service.js';
import type { TestDaemon } from '../helpers/daemon.js';

/**
 * The store holds only what some row names (after any re-render, edit or delete). The keys rows
 * name: a live upload's object, a job's source, its cookies until its download is over, a clip's
 * preview, a finished render's video and captions, and a post's own render while it publishes.
 */
export function namedKeys(d: TestDaemon): Set<string> {
  const db = d.app.db;
  const column = (sql: string) => (db.prepare(sql).all() as Array<{ k: string }>).map((r) => r.k);
  const renders = db.prepare("SELECT clip_id, generation FROM renders WHERE status = 'done'").all() as Array<{ clip_id: string; generation: number }>;
  return new Set([
    ...column("SELECT object_key AS k FROM uploads WHERE status IN ('pending', 'complete')"),
    ...column('SELECT media_key AS k FROM clip_jobs WHERE media_key IS NOT NULL'),
    ...column("SELECT id AS k FROM clip_jobs WHERE status IN ('queued', 'processing') AND media_key IS NULL").map(jobCookiesKey),
    ...column('SELECT preview_key AS k FROM clips WHERE preview_key IS NOT NULL'),
    ...renders.flatMap((r) => Object.values(renderKeys(r.clip_id, r.generation))),
    ...column("SELECT id AS k FROM posts WHERE status IN ('processing', 'uploading')").map((id) => `posts/${id}/video.mp4`),
  ]);
}

export async function storedKeys(d: TestDaemon): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of d.app.objects.list('')) keys.push(o.key);
  return keys.sort();
}

/** Every stored object is named by a row. */
export async function expectOnlyNamed(d: TestDaemon): Promise<void> {
  const named = namedKeys(d);
  expect((await storedKeys(d)).filter((k) => !named.has(k))).toEqual([]);
}
