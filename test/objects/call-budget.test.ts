import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withObjectBudget } from '../../daemon/objects/call-budget.js';
import { s3Client } from '../../daemon/objects/s3-client.js';
import { S3ObjectStore } from '../../daemon/objects/s3-store.js';
import { startTestS3, type TestS3 } from '../helpers/s3-server.js';

// Every object-store call of one request shares the request's budget: once it is spent, the
// next call fails as Unavailable without being sent; work the request left running is not bound.
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the object-store budget of a request', () => {
  let s3: TestS3;
  let store: S3ObjectStore;
  let tmp: string;
  beforeAll(async () => {
    s3 = await startTestS3({ bucket: 'budget' });
    const settings = { endpoint: s3.endpoint, bucket: 'budget', region: 'us-east-1', ...s3.credentials, forcePathStyle: true };
    tmp = mkdtempSync(join(tmpdir(), 'clipper-budget-'));
    store = new S3ObjectStore(s3Client(settings), 'budget', tmp, s3Client(settings, { retries: false }));
    await store.put('a/b', Readable.from([Buffer.from('bytes')]));
  });
  afterAll(async () => {
    await s3?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('fails a call made after the budget is spent as Unavailable, without sending it', async () => {
    const sent = s3.requests.length;
    const refused = await withObjectBudget(1, async () => {
      await pause(20);
      return await store.stat('a/b').then(() => undefined, (e: unknown) => e);
    });
    expect(refused).toMatchObject({ name: 'ObjectStoreError', code: 'Unavailable' });
    expect(s3.requests.length).toBe(sent);
  });

  it('lets calls within the budget run, and does not bind work the request left running', async () => {
    let later: Promise<unknown> | undefined;
    expect(await withObjectBudget(60_000, async () => await store.stat('a/b'))).toMatchObject({ size: 5 });
    await withObjectBudget(1, async () => {
      later = pause(20).then(async () => await store.stat('a/b'));
      await Promise.resolve();
    });
    expect(await later).toMatchObject({ size: 5 });
  });
});
