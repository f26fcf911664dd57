import { randomBytes } from 'node:crypto';
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nextNightly } from '../../daemon/resources/uploads/cleanup.js';
import { multipartUpload, putObject, startUploadDaemon, STORE_KINDS, TEST_PART_SIZE, type UploadDaemon } from './helpers.js';

let d: UploadDaemon;

const HOUR = 3600_000;

// Once per object store: the daemon's disk store, and an S3 bucket (issue 21, item 2).
describe.each(STORE_KINDS)('%s object store', (kind) => {
  beforeAll(async () => {
    d = await startUploadDaemon(kind);
  });
  afterAll(() => d.stop());

  describe('the nightly upload cleanup', () => {
    it('runs at night by the daemon clock and removes expired and unused uploads, orphans and leftovers, logging each', async () => {
      const info = vi.spyOn(d.app.log, 'info');
      const pending = await multipartUpload(d, randomBytes(2 * TEST_PART_SIZE), { parts: [1] });
      const unused = await multipartUpload(d, randomBytes(TEST_PART_SIZE));
      await d.call('POST', `/v1/uploads/${unused.upload_id}/complete`, { auth: d.auth, body: unused.completeBody() });
      const used = (await d.call('POST', '/v1/uploads', { auth: d.auth, body: { content_type: 'video/mp4' } })).body;
      await putObject(used.upload_url, randomBytes(1000));
      await d.app.store.transaction(async () => await d.app.uploads.claimForJob(d.rootTeamId, used.upload_id, 'job_keep'));
      const neverPut = (await d.call('POST', '/v1/uploads', { auth: d.auth, body: { content_type: 'video/mp4' } })).body;
      // Orphans from a crash: parts and an object no upload row owns, written two hours ago.
      const ghostParts = await d.app.objects.createMultipart('uploads/ghost/upl_ghost1', { partSize: 10 });
      await d.app.objects.put('uploads/ghost/upl_ghost2', Readable.from([Buffer.from('boo')]));
      if (kind === 's3') d.s3!.backdate(2 * HOUR);
      else {
        const uploadJson = join(d.dataDir, 'objects', 'multipart', ghostParts, 'upload.json');
        writeFileSync(uploadJson, JSON.stringify({ ...JSON.parse(readFileSync(uploadJson, 'utf8')), initiated_at: Date.now() - 2 * HOUR }));
        const twoHoursAgo = new Date(Date.now() - 2 * HOUR);
        utimesSync(join(d.dataDir, 'objects', 'data', 'uploads', 'ghost', 'upl_ghost2'), twoHoursAgo, twoHoursAgo);
      }

      const keyOf = async (id: string) => await d.app.uploads.objectKeyOf(d.rootTeamId, id);
      const statusOf = async (id: string) => (await d.call('GET', `/v1/uploads/${id}`, { auth: d.auth })).body.status;

      await d.processAll(); // not night yet
      expect(await d.app.objects.stat(await keyOf(unused.upload_id))).toBeDefined();
      expect(info).not.toHaveBeenCalledWith('upload cleanup finished', expect.anything());

      d.clock.advance(25 * HOUR);
      await d.processAll();
      expect(await statusOf(pending.upload_id)).toBe('expired');
      expect((await d.app.store.uploads.get(pending.upload_id))!.status).toBe('expired');
      const p = (await d.app.store.uploads.get(pending.upload_id))!;
      await expect(d.app.objects.listParts(p.object_key, p.multipart_id!)).rejects.toMatchObject({ code: 'NoSuchUpload' });
      expect(await statusOf(unused.upload_id)).toBe('expired');
      expect(await d.app.objects.stat(await keyOf(unused.upload_id))).toBeUndefined();
      expect(await statusOf(neverPut.upload_id)).toBe('expired');
      expect(await statusOf(used.upload_id)).toBe('complete');
      expect(await d.app.objects.stat(await keyOf(used.upload_id))).toBeDefined();
      expect(await d.app.objects.stat('uploads/ghost/upl_ghost2')).toBeUndefined();
      const open: string[] = [];
      for await (const m of d.app.objects.listMultipart()) open.push(m.multipartId);
      expect(open).not.toContain(ghostParts);

      const removals = info.mock.calls.filter(([msg]) => msg === 'upload cleanup removed').map(([, f]) => f);
      expect(removals).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ upload_id: pending.upload_id, reason: 'pending_expired' }),
          expect.objectContaining({ upload_id: unused.upload_id, reason: 'unused', bytes: TEST_PART_SIZE }),
          expect.objectContaining({ upload_id: neverPut.upload_id, reason: 'pending_expired' }),
          expect.objectContaining({ upload_id: null, reason: 'orphaned_parts', key: 'uploads/ghost/upl_ghost1' }),
          expect.objectContaining({ upload_id: null, reason: 'orphaned_object', key: 'uploads/ghost/upl_ghost2' }),
        ]),
      );
      expect(removals.map((r: any) => r.upload_id)).not.toContain(used.upload_id);
      expect(info).toHaveBeenCalledWith('upload cleanup finished', expect.objectContaining({ removed: 5 }));

      // An expired upload answers 409 to complete and to clip creation.
      const complete = await d.call('POST', `/v1/uploads/${unused.upload_id}/complete`, { auth: d.auth, body: unused.completeBody() });
      expect(complete.status).toBe(409);
      await expect(d.app.uploads.claimForJob(d.rootTeamId, unused.upload_id, 'job_late')).rejects.toThrow(expect.objectContaining({ status: 409 }));

      info.mockClear();
      await d.processAll(); // once a night
      expect(info).not.toHaveBeenCalled();
    });

    it('schedules the next run at the given hour, strictly later', () => {
      const at = new Date(2030, 0, 1, 2, 59).getTime();
      expect(new Date(nextNightly(at, 3))).toEqual(new Date(2030, 0, 1, 3, 0));
      expect(new Date(nextNightly(new Date(2030, 0, 1, 3, 0).getTime(), 3))).toEqual(new Date(2030, 0, 2, 3, 0));
    });
  });
});
