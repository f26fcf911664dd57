import { describe, expect, it } from 'vitest';
import { makeTeam, T0, uploadRecord, type Current } from './fixtures.js';

// Contract cases of uploads and their received parts. The upload service owns the state
// machine; the store guarantees each change is a compare-and-set on the current status.

export function uploadsContract(h: Current) {
  describe('uploads', () => {
    it('stores a record and finds it by id, team, object key and multipart id', () => {
      const { store } = h();
      const team = makeTeam(store, T0);
      const rec = uploadRecord(team.id, T0, { kind: 'multipart', multipart_id: 'mp123', part_size: 5, part_count: 2, size_bytes: 9 });
      store.uploads.insert(rec);
      expect(store.uploads.get(rec.id)).toEqual(rec);
      expect(store.uploads.getForTeam(team.id, rec.id)).toEqual(rec);
      expect(store.uploads.getForTeam(makeTeam(store, T0, 'other').id, rec.id)).toBeUndefined();
      expect(store.uploads.byObjectKey(rec.object_key)).toEqual(rec);
      expect(store.uploads.byMultipartId('mp123')).toEqual(rec);
      expect(store.uploads.get('upl_unknown')).toBeUndefined();
      expect(store.uploads.byObjectKey('uploads/none')).toBeUndefined();
    });

    it('transitions only from the expected status, setting the patch and updated_at', () => {
      const { store } = h();
      const rec = uploadRecord(makeTeam(store, T0).id, T0);
      store.uploads.insert(rec);
      const done = { status: 'complete' as const, size_bytes: 42, etag: 'abc', completed_at: T0 + 5 };
      expect(store.uploads.transition(rec.id, ['aborted', 'expired'], done, T0 + 5)).toBe(false);
      expect(store.uploads.get(rec.id)).toEqual(rec);
      expect(store.uploads.transition(rec.id, ['pending'], done, T0 + 5)).toBe(true);
      expect(store.uploads.get(rec.id)).toEqual({ ...rec, ...done, updated_at: T0 + 5 });
      expect(store.uploads.transition(rec.id, ['pending'], { status: 'aborted' }, T0 + 6)).toBe(false);
      // A patch without a status keeps the status and changes the other fields only.
      expect(store.uploads.transition(rec.id, ['complete'], { stale_at: T0 + 99 }, T0 + 7)).toBe(true);
      expect(store.uploads.get(rec.id)).toMatchObject({ status: 'complete', stale_at: T0 + 99, updated_at: T0 + 7 });
      expect(store.uploads.transition('upl_unknown', ['pending'], { status: 'aborted' }, T0)).toBe(false);
    });

    it('lets one clip job claim a complete upload, once', () => {
      const { store } = h();
      const rec = uploadRecord(makeTeam(store, T0).id, T0);
      store.uploads.insert(rec);
      expect(store.uploads.claim(rec.id, 'job_a', T0 + 1)).toBe(false);
      store.uploads.transition(rec.id, ['pending'], { status: 'complete' }, T0 + 2);
      expect(store.uploads.claim(rec.id, 'job_a', T0 + 3)).toBe(true);
      expect(store.uploads.claim(rec.id, 'job_b', T0 + 4)).toBe(false);
      expect(store.uploads.get(rec.id)).toMatchObject({ job_id: 'job_a', updated_at: T0 + 3 });
      expect(store.uploads.expireUnused(rec.id, T0 + 5)).toBe(false);
    });

    it('expires a complete upload only while unclaimed', () => {
      const { store } = h();
      const team = makeTeam(store, T0);
      const pending = uploadRecord(team.id, T0);
      const complete = uploadRecord(team.id, T0, { status: 'complete' });
      store.uploads.insert(pending);
      store.uploads.insert(complete);
      expect(store.uploads.expireUnused(pending.id, T0 + 1)).toBe(false);
      expect(store.uploads.expireUnused(complete.id, T0 + 1)).toBe(true);
      expect(store.uploads.get(complete.id)).toMatchObject({ status: 'expired', updated_at: T0 + 1 });
      expect(store.uploads.expireUnused(complete.id, T0 + 2)).toBe(false);
      expect(store.uploads.claim(complete.id, 'job_late', T0 + 3)).toBe(false);
    });

    it('records parts by number, a repeat replacing the earlier one, and forgets them', () => {
      const { store } = h();
      const rec = uploadRecord(makeTeam(store, T0).id, T0, { kind: 'multipart' });
      store.uploads.insert(rec);
      expect(store.uploads.parts(rec.id)).toEqual([]);
      const part = (n: number, etag: string) => ({ part_number: n, etag, size: 5, received_at: T0 + n });
      store.uploads.savePart(rec.id, part(3, 'c'));
      store.uploads.savePart(rec.id, part(1, 'a'));
      store.uploads.savePart(rec.id, part(2, 'b'));
      store.uploads.savePart(rec.id, { ...part(1, 'a2'), size: 4 });
      expect(store.uploads.parts(rec.id)).toEqual([{ ...part(1, 'a2'), size: 4 }, part(2, 'b'), part(3, 'c')]);
      store.uploads.deletePart(rec.id, 2);
      store.uploads.deletePart(rec.id, 9);
      expect(store.uploads.parts(rec.id).map((p) => p.part_number)).toEqual([1, 3]);
      store.uploads.deleteParts(rec.id);
      expect(store.uploads.parts(rec.id)).toEqual([]);
    });

    it('finds pending and unclaimed complete uploads whose stale time has come, oldest first', () => {
      const { store } = h();
      const team = makeTeam(store, T0);
      const add = (status: 'pending' | 'complete' | 'aborted' | 'expired', staleAt: number, jobId: string | null = null) => {
        const rec = uploadRecord(team.id, T0, { status, stale_at: staleAt, job_id: jobId });
        store.uploads.insert(rec);
        return rec.id;
      };
      const pendingLate = add('pending', T0 + 20);
      const completeEarly = add('complete', T0 + 10);
      const pendingNow = add('pending', T0 + 30);
      add('pending', T0 + 31);
      add('complete', T0 + 5, 'job_claimed');
      add('aborted', T0);
      add('expired', T0);
      expect(store.uploads.dueForCleanup(T0 + 30).map((u) => u.id)).toEqual([completeEarly, pendingLate, pendingNow]);
      expect(store.uploads.dueForCleanup(T0)).toEqual([]);
    });
  });
}
