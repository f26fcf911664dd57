import type { ObjectStore } from '../objects/object-store.js';
import type { Store } from '../store/index.js';

/**
 * Which row names an object the daemon wrote (ids never hold a hyphen, so a key's file name
 * starts with its clip's or post's id):
 * - `previews/<job>/<clip>[-<start>-<end>].mp4`: the clip whose `preview_key` it is;
 * - `renders/<clip>/<generation>.mp4|.ass`: the clip's render while it is at that generation
 *   and not failed;
 * - `posts/<post>/video.mp4`: the post while it is processing or uploading.
 */
export async function outputIsNamed(store: Pick<Store, 'clips' | 'renders' | 'posts'>, key: string): Promise<boolean> {
  const [kind, owner, file] = key.split('/');
  const head = (file ?? '').split(/[-.]/)[0];
  if (kind === 'previews') return (await store.clips.byId(head))?.preview_key === key;
  if (kind === 'renders') {
    const row = await store.renders.get(owner);
    return row !== undefined && row.status !== 'failed' && String(row.generation) === head;
  }
  if (kind === 'posts') {
    const status = (await store.posts.byId(owner))?.status;
    return status === 'processing' || status === 'uploading';
  }
  return true;
}

export interface SweptOutput {
  key: string;
  bytes: number;
}

/** Prefixes of what jobs, edits, renders and posts write; uploads and sources are swept elsewhere. */
const OUTPUTS = ['previews/', 'renders/', 'posts/'];

/**
 * Deletes outputs no row names and older than `graceMs` (a write may land before its row): what
 * an attempt killed before it committed stored, and what a failed delete after an edit or a
 * re-render left behind.
 */
export async function sweepOutputs(store: Pick<Store, 'clips' | 'renders' | 'posts'>, objects: ObjectStore, graceMs: number, now = Date.now()): Promise<SweptOutput[]> {
  const swept: SweptOutput[] = [];
  for (const prefix of OUTPUTS) {
    for await (const object of objects.list(prefix)) {
      if (now - object.modifiedAt < graceMs || await outputIsNamed(store, object.key)) continue;
      await objects.delete(object.key);
      swept.push({ key: object.key, bytes: object.size });
    }
  }
  return swept;
}
