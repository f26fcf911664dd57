import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { s3Client } from '../../daemon/objects/s3-client.js';
import { S3ObjectStore } from '../../daemon/objects/s3-store.js';

// A bucket endpoint that takes connections and never answers (what a frozen S3 server looks
// like from the daemon): every call ends as the store's Unavailable error; calls that are safe to
// repeat are tried three times, CreateMultipartUpload (a second one would start a second upload)
// once. The request lines the endpoint got show what was tried.
describe('S3 calls to a bucket that never answers', () => {
  let hole: Server;
  const sockets = new Set<Socket>();
  let requests: string[] = [];
  let store: S3ObjectStore;
  let tmp: string;

  beforeAll(async () => {
    hole = createServer((socket) => {
      sockets.add(socket);
      socket.on('data', (chunk) => {
        for (const line of chunk.toString('latin1').split('\r\n')) if (/^[A-Z]+ \/\S* HTTP\/1\.1$/.test(line)) requests.push(line.replace(/\?.*? /, ' ').replace(/ HTTP\/1\.1$/, ''));
      });
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => hole.listen(0, '127.0.0.1', resolve));
    const settings = { endpoint: `http://127.0.0.1:${(hole.address() as { port: number }).port}`, bucket: 'b', region: 'us-east-1', accessKeyId: 'AKIATEST', secretAccessKey: 'secret', forcePathStyle: true };
    tmp = mkdtempSync(join(tmpdir(), 'clipper-s3hole-'));
    store = new S3ObjectStore(s3Client(settings), 'b', tmp, s3Client(settings, { retries: false }));
  });
  beforeEach(() => {
    requests = [];
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => hole.close(() => resolve()));
    rmSync(tmp, { recursive: true, force: true });
  });

  it('gives up a HeadObject after three attempts, as Unavailable', async () => {
    await expect(store.stat('uploads/t/x')).rejects.toMatchObject({ name: 'ObjectStoreError', code: 'Unavailable' });
    expect(requests).toEqual(['HEAD /b/uploads/t/x', 'HEAD /b/uploads/t/x', 'HEAD /b/uploads/t/x']);
  }, 30_000);

  it('tries CreateMultipartUpload once: nothing is started twice', async () => {
    await expect(store.createMultipart('uploads/t/y', { partSize: 1024 })).rejects.toMatchObject({ code: 'Unavailable' });
    expect(requests).toEqual(['POST /b/uploads/t/y']);
  }, 30_000);

  it('answers the readiness check with one HeadBucket', async () => {
    await expect(store.ping()).rejects.toMatchObject({ code: 'Unavailable' });
    expect(requests).toEqual(['HEAD /b/']);
  }, 30_000);
});
