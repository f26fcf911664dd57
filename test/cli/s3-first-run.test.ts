// A new user's first steps with an S3 object store: `clipper auth token --data-dir` mints a token
// with no AWS credentials in the environment (it never touches the bucket), and `clipper daemon
// start` on a bucket that does not exist says so, without asking whether the port is in use.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli-io.js';
import { startTestS3, type TestS3 } from '../helpers/s3-server.js';

const root = mkdtempSync(join(tmpdir(), 'clipper-s3-first-'));
let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3.stop();
  rmSync(root, { recursive: true, force: true });
});

/** A data dir whose config.json names an S3 bucket on the loopback server. */
function dataDir(name: string, bucket: string): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  const object_store = { kind: 's3', endpoint: s3.endpoint, bucket, force_path_style: true, access_key_id: s3.credentials.accessKeyId };
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ object_store }));
  return dir;
}
const baseEnv = () => ({ PATH: process.env.PATH, HOME: root, CLIPPER_CONFIG_DIR: join(root, 'cfg'), CLIPPER_STATE_DIR: join(root, 'state'), NO_COLOR: '1' });

describe('a data dir with an S3 object store', () => {
  it('auth token --data-dir mints a token without AWS credentials', async () => {
    const dir = dataDir('token', s3.bucket);
    const r = await runCli(['auth', 'token', '--data-dir', dir, '--json'], { env: baseEnv() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ token: expect.stringMatching(/^ey/), team_id: expect.any(String) });
    expect(s3.requests).toEqual([]);
  });

  it('daemon start on a missing bucket says there is no such bucket, not "No object" nor the port', async () => {
    const dir = dataDir('start', 'no-such-bucket');
    const env = { ...baseEnv(), AWS_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey };
    const r = await promisify(execFile)(join(process.cwd(), 'bin', 'clipper'), ['daemon', 'start', '--data-dir', dir, '--port', '0'], { env }).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => e,
    );
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ cannot be used: there is no such bucket/);
    expect(r.stderr).not.toMatch(/No object|port already in use/);
    expect(r.stderr).toMatch(/Fix object_store in DATA_DIR\/config\.json/);
  }, 60_000);
});
