import { describe, expect, it } from 'vitest';
import { makeTeam, T0, uploadRecord, type Current } from './fixtures.js';

// Contract cases of uploads and their received parts. The upload service owns the state
// machine; the store guarantees each change is a compare-and-set on the current status.

export function uploadsContract(h: Current) {
  describe('uploads', () => {
    it('stores a record and finds it by id, team, object key and multipart id', async () => {
      const { store } = h();
      const team = await makeTeam(store, T0);
      const rec = uploadRecord(team.id, T0, { kind: 'multipart', multipart_id: 'mp123', part_size: 5, part_count: 2, size_bytes: 9 });
      await store.uploads.insert(rec);
      expect(await store.uploads.get(rec.id)).toEqual(rec);
      expect(await store.uploads.getForTeam(team.id, rec.id)).toEqual(rec);
      expect(await store.uploads.getForTeam((await makeTeam(store, T0, 'other')).id, rec.id)).toBeUndefined();
      expect(await store.uploads.byObjectKey(rec.object_key)).toEqual(rec);
      expect(await store.uploads.byMultipartId('mp123')).toEqual(rec);
      expect(await store.uploads.get('upl_unknown')).toBeUndefined();
      expect(await store.uploads.byObjectKey('uploads/none')).toBeUndefined();
    });

    it('transitions only from the expected status, setting the patch and updated_at', async () => {
      const { store } = h();
      const rec = uploadRecord((await makeTeam(store, T0)).id, T0);
      await store.uploads.insert(rec);
      const done = { status: 'complete' as const, size_bytes: 42, etag: 'abc', completed_at: T0 + 5 };
      expect(await store.uploads.transition(rec.id, ['aborted', 'expired'], done, T0 + 5)).toBe(false);
      expect(await store.uploads.get(rec.id)).toEqual(rec);
      expect(await store.uploads.transition(rec.id, ['pending'], done, T0 + 5)).toBe(true);
      expect(await store.uploads.get(rec.id)).toEqual({ ...rec, ...done, updated_at: T0 + 5 });
      expect(await store.uploads.transition(rec.id, ['pending'], { status: 'aborted' }, T0 + 6)).toBe(false);
      // A patch without a status keeps the status and changes the other fields only.
      expect(await store.uploads.transition(rec.id, ['complete'], { stale_at: T0 + 99 }, T0 + 7)).toBe(true);
      expect(await store.uploads.get(rec.id)).toMatchObject({ status: 'complete', stale_at: T0 + 99, updated_at: T0 + 7 });
      expect(await store.uploads.transition('upl_unknown', ['pending'], { status: 'aborted' }, T0)).toBe(false);
    });

    it('lets one clip job claim a complete upload, once', async () => {
      const { store } = h();
      const rec = uploadRecord((await makeTeam(store, T0)).id, T0);
      await store.uploads.insert(rec);
      expect(await store.uploads.claim(rec.id, 'job_a', T0 + 1)).toBe(false);
      await store.uploads.transition(rec.id, ['pending'], { status: 'complete' }, T0 + 2);
      expect(await store.uploads.claim(rec.id, 'job_a', T0 + 3)).toBe(true);
      expect(await store.uploads.claim(rec.id, 'job_b', T0 + 4)).toBe(false);
      expect(await store.uploads.get(rec.id)).toMatchObject({ job_id: 'job_a', updated_at: T0 + 3 });
      expect(await store.uploads.expireUnused(rec.id, T0 + 5)).toBe(false);
    });

    it('expires a complete upload only while unclaimed', async () => {
      const { store } = h();
      const team = await makeTeam(store, T0);
      const pending = uploadRecord(team.id, T0);
      const complete = uploadRecord(team.id, T0, { status: 'complete' });
      await store.uploads.insert(pending);
      await store.uploads.insert(complete);
      expect(await store.uploads.expireUnused(pending.id, T0 + 1)).toBe(false);
      expect(await store.uploads.expireUnused(complete.id, T0 + 1)).toBe(true);
      expect(await store.uploads.get(complete.id)).toMatchObject({ status: 'expired', updated_at: T0 + 1 });
      expect(await store.uploads.expireUnused(complete.id, T0 + 2)).toBe(false);
      expect(await store.uploads.claim(complete.id, 'job_late', T0 + 3)).toBe(false);
    });

    it('records parts by number, a repeat replacing the earlier one, and forgets them', async () => {
      const { store } = h();
      const rec = uploadRecord((await makeTeam(store, T0)).id, T0, { kind: 'multipart' });
      await store.uploads.insert(rec);
      expect(await store.uploads.parts(rec.id)).toEqual([]);
      const part = (n: number, etag: string) => ({ part_number: n, etag, size: 5, received_at: T0 + n });
      await store.uploads.savePart(rec.id, part(3, 'c'));
      await store.uploads.savePart(rec.id, part(1, 'a'));
      await store.uploads.savePart(rec.id, part(2, 'b'));
      await store.uploads.savePart(rec.id, { ...part(1, 'a2'), size: 4 });
      expect(await store.uploads.parts(rec.id)).toEqual([{ ...part(1, 'a2'), size: 4 }, part(2, 'b'), part(3, 'c')]);
      await store.uploads.deletePart(rec.id, 2);
      await store.uploads.deletePart(rec.id, 9);
      expect((await store.uploads.parts(rec.id)).map((p) => p.part_number)).toEqual([1, 3]);
      await store.uploads.deleteParts(rec.id);
      expect(await store.uploads.parts(rec.id)).toEqual([]);
    });

    it('finds pending and unclaimed complete uploads whose stale time has come, oldest first', async () => {
      const { store } = h();
      const team = await makeTeam(store, T0);
      const add = async (status: 'pending' | 'complete' | 'aborted' | 'expired', staleAt: number, jobId: string | null = null) => {
        const rec = uploadRecord(team.id, T0, { status, stale_at: staleAt, job_id: jobId });
        await store.uploads.insert(rec);
        return rec.id;
      };
      const pendingLate = await add('pending', T0 + 20);
      const completeEarly = await add('complete', T0 + 10);
      const pendingNow = await add('pending', T0 + 30);
      await add('pending', T0 + 31);
      await add('complete', T0 + 5, 'job_claimed');
      await add('aborted', T0);
      await add('expired', T0);
      expect((await store.uploads.dueForCleanup(T0 + 30)).map((u) => u.id)).toEqual([completeEarly, pendingLate, pendingNow]);
      expect(await store.uploads.dueForCleanup(T0)).toEqual([]);
    });
  });
}
