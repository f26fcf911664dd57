import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDaemon } from '../helpers/daemon.js';
import { multipartUpload, putObject, startUploadDaemon, TEST_PART_SIZE } from '../uploads/helpers.js';

// Conformance of the upload endpoints (spec "Upload", "POST /v1/uploads", "States and
// transitions: Upload"; DESIGN.md's re-sign, cancel and read endpoints). See AUDIT-A.md.
let d: TestDaemon & { auth: string };
beforeAll(async () => {
  d = await startUploadDaemon();
});
afterAll(() => d.stop());

const complete = (id: string, body: unknown, auth = d.auth) => d.call('POST', `/v1/uploads/${id}/complete`, { auth, body });

describe('POST /v1/uploads/:id/complete', () => {
  it('is harmless to repeat while the first call is still assembling: every call answers 200 complete', async () => {
    const up = await multipartUpload(d, randomBytes(3 * TEST_PART_SIZE + 5));
    const answers = await Promise.all([0, 1, 2].map(() => complete(up.upload_id, up.completeBody())));
    for (const r of answers) {
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toEqual({ upload_id: up.upload_id, status: 'complete' });
    }
  });
});
