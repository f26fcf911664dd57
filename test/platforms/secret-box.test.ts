import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SECRET_KEY_FILE, SecretBox, SecretBoxError } from '../../daemon/identity/secret-box.js';

function withDir(fn: (dir: string) => void) {
  const dir = mkdtempSync(join(tmpdir(), 'clipper-box-'));
  try {
    fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('SecretBox: platform credentials encrypted at rest (issue 15, item 1)', () => {
  it('makes its key on first use only, mode 0600 in a 0700 folder', () =>
    withDir((dir) => {
      const box = new SecretBox(dir);
      const keyFile = join(dir, 'identity', SECRET_KEY_FILE);
      expect(existsSync(keyFile)).toBe(false);
      box.seal('x', 'ctx');
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      expect(statSync(join(dir, 'identity')).mode & 0o777).toBe(0o700);
      expect(readFileSync(keyFile, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    }));

  it('seals with a fresh nonce each time, never showing the plaintext, and opens only with the same context and key', () =>
    withDir((dir) => {
      const box = new SecretBox(dir);
      const token = 'ya29.a0-secret-access-token';
      const a = box.seal(token, 'team_a/long_video');
      const b = box.seal(token, 'team_a/long_video');
      expect(a).not.toBe(b);
      expect(a).not.toContain(token);
      expect(a).toMatch(/^v1\./);
      expect(box.open(a, 'team_a/long_video')).toBe(token);
      expect(new SecretBox(dir).open(b, 'team_a/long_video')).toBe(token); // the key is read back from the file
      expect(() => box.open(a, 'team_b/long_video')).toThrow(SecretBoxError);
      const [v, iv, body, tag] = a.split('.');
      const flipped = Buffer.from(body, 'base64url');
      flipped[0] ^= 1;
      expect(() => box.open([v, iv, flipped.toString('base64url'), tag].join('.'), 'team_a/long_video')).toThrow(SecretBoxError);
      expect(() => box.open('plain text', 'team_a/long_video')).toThrow(SecretBoxError);
      withDir((other) => expect(() => new SecretBox(other).open(a, 'team_a/long_video')).toThrow(SecretBoxError));
    }));

  it('round-trips JSON', () =>
    withDir((dir) => {
      const box = new SecretBox(dir);
      const creds = { access_token: 'a', refresh_token: 'r', expires_at: 123, account: { channel_id: 'UC1' } };
      expect(box.openJson(box.sealJson(creds, 'c'), 'c')).toEqual(creds);
    }));
});

describe('credentials that no longer decrypt', () => {
  it('mark the connection needs_reauth instead of failing every try the same way', async () => {
    const { startTestDaemon } = await import('../helpers/daemon.js');
    const { unlinkSync } = await import('node:fs');
    const d = await startTestDaemon();
    try {
      const r = await d.call('POST', '/v1/platforms', { auth: `Bearer ${await d.token()}`, body: { platform: 'long_video', connector: 'resumable_upload', settings: { upload_url: 'http://127.0.0.1:9/u', access_token: 'tok' } } });
      expect(r.status).toBe(201);
      unlinkSync(join(d.dataDir, 'identity', SECRET_KEY_FILE)); // e.g. a database restored without identity/
      const conn = (await d.app.store.platforms.get(d.rootTeamId, 'long_video'))!;
      // A fresh app on the same data dir makes a new key: the old sealed value does not open.
      const { SecretBox: Box } = await import('../../daemon/identity/secret-box.js');
      const { CredentialVault } = await import('../../daemon/resources/platforms/credentials.js');
      const vault = new CredentialVault({ store: d.app.store, box: new Box(d.dataDir), clock: d.clock, log: d.app.log });
      const auth = vault.auth(conn, undefined, 'clipper platforms connect long_video --connector resumable_upload');
      await expect(auth.accessToken()).rejects.toMatchObject({ name: 'GrantLostError', message: expect.stringMatching(/cannot be decrypted.*Connect the account again/) });
      expect((await d.app.store.platforms.get(d.rootTeamId, 'long_video'))!.status).toBe('needs_reauth');
    } finally {
      await d.stop();
    }
  });
});
