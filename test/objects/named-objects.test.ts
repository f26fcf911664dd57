import { createReadStream } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingsInput } from '../../daemon/config.js';
import { renderKeys } from '../../daemon/resources/renders/service.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { startTestS3, type TestS3 } from '../helpers/s3-server.js';
import { insertClip, SHORT, sourceVideo } from '../publish/helpers.js';
import { UploadCleanup } from '../../daemon/resources/uploads/cleanup.js';
import { putObject } from '../uploads/helpers.js';
import { expectOnlyNamed, storedKeys } from './named-keys.js';

// The store contract, seen from the rows (issue: orphaned objects): after a render, a re-render,
// a trim, a correction of who speaks and a cancelled upload, every object the store lists is one
// some row names, on disk and in an S3-compatible bucket.
describe.each(['disk', 's3'] as const)('the %s store holds only what rows name', (kind) => {
  let d: TestDaemon;
  let s3: TestS3 | undefined;
  let auth: string;
  beforeAll(async () => {
    const settings: SettingsInput = { limits: { requests_per_minute: 100_000 }, framing: { face_tracking: false }, uploads: { min_part_size: 64 * 1024 } };
    if (kind === 's3') {
      s3 = await startTestS3({ minPartSize: 64 * 1024 });
      const secretEnv = `CLIPPER_TEST_NAMED_S3_SECRET_${new URL(s3.endpoint).port}`;
      process.env[secretEnv] = s3.credentials.secretAccessKey;
      settings.object_store = { kind: 's3', endpoint: s3.endpoint, bucket: s3.bucket, region: 'us-east-1', force_path_style: true, access_key_id: s3.credentials.accessKeyId, secret_access_key_env: secretEnv };
    }
    d = await startTestDaemon({ settings });
    auth = `Key ${await d.apiKey()}`;
  });
  afterAll(async () => {
    await d?.stop();
    await s3?.stop();
  });

  const render = async (clipId: string) => {
    expect((await d.call('POST', `/v1/clips/${clipId}/renders`, { auth })).status).toBe(202);
    await d.processAll();
    const row = (await d.app.renders.repo.get(clipId))!;
    expect(row.status).toBe('done');
    return row.generation;
  };

  it('after re-renders and edits: the replaced render\'s video and captions and the replaced previews are gone', async () => {
    const clipId = await insertClip(d, { script: SHORT });
    const clip = (await d.app.store.clips.byId(clipId))!;
    await d.app.store.clipJobs.saveStage(clip.job_id, 'probe', await d.app.stages.current.probe(sourceVideo(), new AbortController().signal), d.clock.now());
    // The job made the clip's preview and finished.
    const firstPreview = `previews/${clip.job_id}/${clipId}.mp4`;
    await d.app.objects.put(firstPreview, createReadStream(sourceVideo()), { contentType: 'video/mp4' });
    d.app.db.prepare("UPDATE clips SET preview_key = ?, preview_ready_at = ? WHERE id = ?").run(firstPreview, d.clock.now(), clipId);
    d.app.db.prepare("UPDATE clip_jobs SET status = 'done' WHERE id = ?").run(clip.job_id);
    await expectOnlyNamed(d);

    const first = await render(clipId);
    expect(await storedKeys(d)).toEqual(expect.arrayContaining(Object.values(renderKeys(clipId, first))));
    await expectOnlyNamed(d);
    const second = await render(clipId);
    const stored = await storedKeys(d);
    expect(stored).toEqual(expect.arrayContaining(Object.values(renderKeys(clipId, second))));
    expect(stored.filter((k) => k.startsWith(`renders/${clipId}/`))).toHaveLength(2);
    await expectOnlyNamed(d);

    // A trim: the preview is made again, the old one deleted.
    expect((await d.call('PATCH', `/v1/clips/${clipId}`, { auth, body: { start: 1, end: 4.5 } })).status).toBe(200);
    await d.processAll();
    const trimmed = (await d.app.store.clips.byId(clipId))!.preview_key;
    expect(trimmed).toBeTruthy();
    expect(trimmed).not.toBe(firstPreview);
    await expectOnlyNamed(d);

    // A correction of who speaks: framed again, its preview made again.
    const { words } = (await d.call('GET', `/v1/clips/${clipId}/transcript`, { auth })).body;
    const voiced = words.map((w: object, i: number) => ({ ...w, speaker: i < 2 ? 'S1' : 'S2' }));
    expect((await d.call('PUT', `/v1/clips/${clipId}/transcript`, { auth, body: { words: voiced } })).status).toBe(200);
    expect((await d.app.store.clips.byId(clipId))!.preview_key).toBeNull();
    await d.processAll();
    expect((await d.app.store.clips.byId(clipId))!.preview_key).toBeTruthy();
    await expectOnlyNamed(d);
    expect((await storedKeys(d)).filter((k) => k.startsWith('previews/'))).toHaveLength(1);
  }, 240_000);

  it('the nightly cleanup deletes outputs no row names (an attempt killed before it committed, a failed delete) and keeps the named ones', async () => {
    const clipId = await insertClip(d, { script: SHORT });
    const clip = (await d.app.store.clips.byId(clipId))!;
    const named = `previews/${clip.job_id}/${clipId}.mp4`;
    await d.app.objects.put(named, createReadStream(sourceVideo()), { contentType: 'video/mp4' });
    d.app.db.prepare('UPDATE clips SET preview_key = ? WHERE id = ?').run(named, clipId);
    const rendered = await render(clipId);
    const strays = [
      `previews/${clip.job_id}/${clipId}-1000-4500.mp4`,
      `renders/${clipId}/${rendered + 1}.ass`,
      `renders/${clipId}/${rendered - 1 || 99}.mp4`,
      'posts/post_gone/video.mp4',
    ];
    for (const key of strays) await d.app.objects.put(key, createReadStream(sourceVideo()), { contentType: 'video/mp4' });
    const before = await storedKeys(d);
    // Within the grace time a stray may still be on its way to its row: it stays.
    await new UploadCleanup({ clock: d.clock, log: d.app.log, repo: d.app.store.uploads, objects: d.app.objects, outputs: d.app.store }).runOnce();
    expect(await storedKeys(d)).toEqual(before);
    const report = await new UploadCleanup({ clock: d.clock, log: d.app.log, repo: d.app.store.uploads, objects: d.app.objects, outputs: d.app.store, orphanGraceMs: 0 }).runOnce();
    expect(report.removed.filter((r) => r.reason === 'unnamed_output').map((r) => r.key).sort()).toEqual([...strays].sort());
    const after = await storedKeys(d);
    expect(after).toEqual(expect.arrayContaining([named, ...Object.values(renderKeys(clipId, rendered))]));
    await expectOnlyNamed(d);
  }, 240_000);

  it('after a cancelled upload: no part and no object of it is left', async () => {
    const created = await d.call('POST', '/v1/uploads', { auth, body: { content_type: 'video/mp4', size_bytes: 100 * 1024 } });
    expect(created.status).toBe(201);
    const part = created.body.parts[0];
    expect((await putObject(part.upload_url, Buffer.alloc(64 * 1024, 7))).status).toBe(200);
    expect((await d.call('DELETE', `/v1/uploads/${created.body.upload_id}`, { auth })).body).toMatchObject({ status: 'aborted' });
    await expectOnlyNamed(d);
    const open: string[] = [];
    for await (const mp of d.app.objects.listMultipart()) open.push(mp.key);
    expect(open).toEqual([]);
  });
});
