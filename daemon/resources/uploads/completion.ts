import { conflict } from '../../../src/api/errors.js';
import type { CompleteUploadInput } from '../../../src/api/uploads.js';
import type { ObjectStore } from '../../objects/object-store.js';
import type { Store } from '../../store/index.js';
import type { UploadPart, UploadRecord } from '../../store/uploads.js';
import { checkPartList, checkPartNumbers, UPLOAD_LIMITS } from './policy.js';
import { fromStoreError } from './views.js';

type Completed = { upload_id: string; status: 'complete' };

export interface CompletionDeps {
  repo: Store['uploads'];
  objects: ObjectStore;
  now: () => number;
  /** 409 unless the upload is still pending (service.ts). */
  requirePending(u: UploadRecord, action: string): void;
  /** The parts received: recorded by the daemon, or listed by the bucket (direct.ts); undefined when the bucket no longer has the upload. */
  partsOf(u: UploadRecord): Promise<UploadPart[] | undefined>;
}

/**
 * POST /v1/uploads/:id/complete: every part exactly once, every etag matching, then the parts
 * become one object (on S3: CompleteMultipartUpload with the client's etags). Spec: "Repeating
 * the call is harmless", also while the first call is still assembling (a client retrying after
 * a lost answer): a repeat waits for it, then answers from the upload as it then is.
 */
export class UploadCompletion {
  /** Completions under way, by upload id. */
  private completing = new Map<string, Promise<Completed>>();

  constructor(private d: CompletionDeps) {}

  /** `reload` reads the upload again (after waiting for a completion under way). */
  async complete(u: UploadRecord, parts: CompleteUploadInput['parts'], reload: () => Promise<UploadRecord>): Promise<Completed> {
    const running = this.completing.get(u.id);
    if (running) {
      await running.catch(() => undefined);
      return await this.complete(await reload(), parts, reload);
    }
    // Forgotten before it settles, so a waiter that wakes up never finds it again.
    const run = (async () => {
      try {
        return await this.completeOnce(u, parts);
      } finally {
        this.completing.delete(u.id);
      }
    })();
    this.completing.set(u.id, run);
    return run;
  }

  private async completeOnce(u: UploadRecord, parts: CompleteUploadInput['parts']): Promise<Completed> {
    const done = { upload_id: u.id, status: 'complete' as const };
    if (u.status === 'complete') return done; // "Repeating the call is harmless"
    this.d.requirePending(u, 'complete');
    if (u.kind === 'single') throw conflict('A single-PUT upload needs no complete call: it is ready once its PUT succeeds', { upload_id: u.id, status: 'pending' });
    const received = await this.d.partsOf(u);
    // A bucket no longer has an upload whose parts it joined (a completion whose answer never
    // came): the store then counts the object that is these parts joined as the completion, or refuses.
    if (received) checkPartList(u, parts, received);
    else checkPartNumbers(u, parts);
    const sorted = [...parts].sort((a, b) => a.part_number - b.part_number);
    const result = await this.d.objects
      .completeMultipart(u.object_key, u.multipart_id!, sorted.map((p) => ({ partNumber: p.part_number, etag: p.etag })))
      .catch((e) => Promise.reject(fromStoreError(e)));
    const now = this.d.now();
    const patch = { status: 'complete' as const, size_bytes: result.size, etag: result.etag, completed_at: now, stale_at: now + UPLOAD_LIMITS.unusedKeepMs };
    if (!await this.d.repo.transition(u.id, ['pending'], patch, now)) {
      const current = (await this.d.repo.get(u.id))!;
      if (current.status === 'complete') return done;
      await this.d.objects.delete(u.object_key);
      throw conflict(`Upload ${u.id} was ${current.status} while completing`, { upload_id: u.id, status: current.status });
    }
    return done;
  }
}
