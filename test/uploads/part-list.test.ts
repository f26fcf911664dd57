import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { checkPartList } from '../../daemon/resources/uploads/policy.js';

// Spec "POST /v1/uploads" errors: "on complete, a part missing or an etag not matching" is a 400;
// part N covers bytes (N-1) x part_size through N x part_size - 1. Parts PUT straight to a bucket
// are only listed (ListParts), so complete also checks each part's length (details.wrong_size).
const upload = { part_count: 3, part_size: 10, size_bytes: 25 };
const part = (n: number, size: number, etag = `e${n}`) => ({ part_number: n, etag, size, received_at: 0 });
const named = [1, 2, 3].map((n) => ({ part_number: n, etag: `e${n}` }));

function refusal(stored: ReturnType<typeof part>[], parts = named): ApiError {
  try {
    checkPartList(upload, parts, stored);
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('the part list was accepted');
}

describe('checkPartList', () => {
  it('accepts every part present at its length, the last one shorter', () => {
    expect(() => checkPartList(upload, named, [part(1, 10), part(2, 10), part(3, 5)])).not.toThrow();
  });

  it('refuses with 400 a part whose stored length is not its part\'s (a full part short, the last one long)', () => {
    const e = refusal([part(1, 10), part(2, 9), part(3, 6)]);
    expect(e.status).toBe(400);
    expect(e.details).toMatchObject({ field: 'parts', not_received: [], etag_mismatch: [], wrong_size: [2, 3] });
    expect(e.message).toMatch(/^Part\(s\) 2, 3 are not their part's length; PUT them/);
  });

  it('names a missing part first, an etag mismatch next, and lists every kind in the details', () => {
    const missing = refusal([part(2, 9, 'other')]);
    expect(missing.message).toMatch(/^Part\(s\) 1, 3 have not been uploaded/);
    expect(missing.details).toMatchObject({ not_received: [1, 3], etag_mismatch: [2], wrong_size: [2] });
    const mismatch = refusal([part(1, 10), part(2, 9, 'other'), part(3, 5)]);
    expect(mismatch.message).toMatch(/^The etag of part\(s\) 2 does not match/);
    expect(mismatch.details).toMatchObject({ not_received: [], etag_mismatch: [2], wrong_size: [2] });
  });
});
