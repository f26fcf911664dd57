import type { Clock } from '../../clock.js';
import type { Logger } from '../../log.js';
import type { ObjectStore } from '../../objects/object-store.js';
import type { Store } from '../../store/index.js';
import type { UploadRecord } from '../../store/uploads.js';
import { PollingWorker } from '../../worker.js';
import { sweepOutputs } from '../output-sweep.js';

const HOUR = 3600_000;
/** Objects and parts with no upload row are left alone this long (the row may be on its way). */
const ORPHAN_GRACE_MS = HOUR;
/** Temporary files untouched this long belong to writes that died. */
const LEFTOVER_AGE_MS = 6 * HOUR;

export interface CleanupRemoval {
  upload_id: string | null;
  key: string;
  reason: 'pending_expired' | 'unused' | 'orphaned_parts' | 'orphaned_object' | 'unnamed_output';
  bytes?: number;
}

export interface CleanupReport {
  removed: CleanupRemoval[];
  leftovers: number;
}

/**
 * The nightly cleanup (issue 3, item 3): expires pending uploads past their time and discards
 * their parts, removes complete uploads no clip job used (spec: an upload_id is valid "while the
 * stored object exists, typically until the next overnight cleanup"), then sweeps parts and
 * objects no live upload owns, previews, renders and post videos no row names (`outputs`), and
 * leftovers of interrupted writes. Each removal is logged.
 */
export class UploadCleanup {
  constructor(private d: {
    clock: Clock; log: Logger; repo: Store['uploads']; objects: ObjectStore;
    /** The upload as the bucket has it (a single PUT straight to S3 completes it); identity for disk. */
    settle?: (u: UploadRecord) => Promise<UploadRecord>;
    /** The rows that name outputs; without them outputs are not swept. */
    outputs?: Pick<Store, 'clips' | 'renders' | 'posts'>;
    /** How long an object no row names is left alone (its row may be on its way). */
    orphanGraceMs?: number;
  }) {}

  async runOnce(): Promise<CleanupReport> {
    const { repo, objects, clock } = this.d;
    const now = clock.now();
    const removed: CleanupRemoval[] = [];
    const grace = this.d.orphanGraceMs ?? ORPHAN_GRACE_MS;
    for (const due of await repo.dueForCleanup(now)) {
      const u = this.d.settle ? await this.d.settle(due) : due;
      if (u.status === 'pending' && await repo.transition(u.id, ['pending'], { status: 'expired' }, now)) {
        await repo.deleteParts(u.id);
        if (u.multipart_id) await objects.abortMultipart(u.object_key, u.multipart_id);
        else await objects.delete(u.object_key);
        removed.push({ upload_id: u.id, key: u.object_key, reason: 'pending_expired' });
      } else if (u.status === 'complete' && await repo.expireUnused(u.id, now)) {
        const bytes = (await objects.stat(u.object_key))?.size;
        await objects.delete(u.object_key);
        removed.push({ upload_id: u.id, key: u.object_key, reason: 'unused', bytes });
      }
    }
    for await (const mp of objects.listMultipart()) {
      const owner = await repo.byMultipartId(mp.multipartId);
      if (owner?.status === 'pending' || (!owner && Date.now() - mp.initiatedAt < grace)) continue;
      await objects.abortMultipart(mp.key, mp.multipartId);
      removed.push({ upload_id: owner?.id ?? null, key: mp.key, reason: 'orphaned_parts' });
    }
    for await (const object of objects.list('uploads/')) {
      const owner = await repo.byObjectKey(object.key);
      // A pending owner may be receiving its single PUT right now: its object lands before the row changes.
      if (owner?.status === 'complete' || owner?.status === 'pending' || (!owner && Date.now() - object.modifiedAt < grace)) continue;
      await objects.delete(object.key);
      removed.push({ upload_id: owner?.id ?? null, key: object.key, reason: 'orphaned_object', bytes: object.size });
    }
    if (this.d.outputs) {
      for (const o of await sweepOutputs(this.d.outputs, objects, grace)) removed.push({ upload_id: null, key: o.key, reason: 'unnamed_output', bytes: o.bytes });
    }
    const leftovers = await objects.purgeIncomplete(LEFTOVER_AGE_MS);
    for (const r of removed) this.d.log.info('upload cleanup removed', { ...r });
    this.d.log.info('upload cleanup finished', { removed: removed.length, bytes: removed.reduce((s, r) => s + (r.bytes ?? 0), 0), leftovers });
    return { removed, leftovers };
  }
}

/** The next `hour`:00 local time strictly after `now`. */
export function nextNightly(now: number, hour: number): number {
  const d = new Date(now);
  d.setHours(hour, 0, 0, 0);
  if (d.getTime() <= now) d.setDate(d.getDate() + 1);
  return d.getTime();
}

/**
 * Runs the cleanup once a night at `hour` (setting `uploads.cleanup_hour`, default 3) by the
 * daemon's clock; the worker checks every ten minutes whether the time has come.
 */
export function uploadCleanupWorker(cleanup: UploadCleanup, clock: Clock, log: Logger, hour = 3): PollingWorker {
  let due = nextNightly(clock.now(), hour);
  return new PollingWorker(
    'upload-cleanup',
    async () => {
      const now = clock.now();
      if (now < due) return false;
      due = nextNightly(now, hour);
      await cleanup.runOnce();
      return false;
    },
    10 * 60_000,
    (e) => log.error('upload cleanup failed', { error: (e as Error)?.stack ?? String(e) }),
  );
}
