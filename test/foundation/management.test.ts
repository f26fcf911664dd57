import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';

let d: TestDaemon;
let auth: string;
beforeAll(async () => {
  d = await startTestDaemon();
  auth = `Bearer ${await d.token()}`;
});
afterAll(() => d.stop());

describe('webhook registrations (JWT only)', () => {
  it('stores a registration and shows the secret once', async () => {
    const r = await d.call('POST', '/v1/webhooks', { auth, body: { url: 'https://hooks.example.com/clipper', events: ['post.published', 'asset.analysis.succeeded'] } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ id: expect.stringMatching(/^wh_/), url: 'https://hooks.example.com/clipper', secret: expect.stringMatching(/^whsec_/) });
    const list = await d.call('GET', '/v1/webhooks', { auth });
    expect(list.body.webhooks.map((w: any) => w.id)).toContain(r.body.id);
    expect(JSON.stringify(list.body)).not.toContain(r.body.secret);
    expect((await d.call('DELETE', `/v1/webhooks/${r.body.id}`, { auth })).status).toBe(200);
    expect((await d.call('DELETE', `/v1/webhooks/${r.body.id}`, { auth })).status).toBe(404);
  });

  it.each([
    [{ url: 'http://hooks.example.com/x', events: ['*'] }, 'url'],
    [{ url: 'not a url', events: ['*'] }, 'url'],
    [{ url: 'https://hooks.example.com/x', events: ['post.exploded'] }, 'events.0'],
    [{ url: 'https://hooks.example.com/x', events: [] }, 'events'],
    [{ events: ['*'] }, 'url'],
  ])('refuses %j with 400', async (body, field) => {
    const before = (await d.call('GET', '/v1/webhooks', { auth })).body.webhooks.length;
    const r = await d.call('POST', '/v1/webhooks', { auth, body });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('BAD_REQUEST');
    expect(r.body.error.details.field).toBe(field);
    expect((await d.call('GET', '/v1/webhooks', { auth })).body.webhooks.length).toBe(before);
  });

  it('accepts http on loopback for the local daemon (development receivers)', async () => {
    const r = await d.call('POST', '/v1/webhooks', { auth, body: { url: 'http://127.0.0.1:9/hook', events: ['*'] } });
    expect(r.status).toBe(201);
  });
});

describe('platform connections (JWT only)', () => {
  it('connects, lists and disconnects one connection per platform', async () => {
    const a = await d.call('POST', '/v1/platforms', { auth, body: { platform: 'short_video', connector: 'local', account_name: 'me' } });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ platform: 'short_video', connector: 'local', account_name: 'me', status: 'active' });
    await d.call('POST', '/v1/platforms', { auth, body: { platform: 'short_video', account_name: 'again' } });
    const list = await d.call('GET', '/v1/platforms', { auth });
    expect(list.body.platforms.filter((p: any) => p.platform === 'short_video')).toHaveLength(1);
    expect((await d.call('DELETE', '/v1/platforms/short_video', { auth })).status).toBe(200);
    expect((await d.call('DELETE', '/v1/platforms/short_video', { auth })).status).toBe(404);
  });

  it('refuses an unknown platform with 400', async () => {
    const r = await d.call('POST', '/v1/platforms', { auth, body: { platform: 'fax' } });
    expect(r.status).toBe(400);
    expect(r.body.error.details.field).toBe('platform');
  });
});

describe('isolation between root teams', () => {
  it('never shows or lets another team touch its keys, webhooks or connections (404)', async () => {
    const other = await d.createTeam('other');
    const otherAuth = `Bearer ${await d.token(other)}`;
    const key = await d.call('POST', '/v1/keys', { auth, body: { label: 'mine' } });
    const hook = await d.call('POST', '/v1/webhooks', { auth, body: { url: 'https://hooks.example.com/mine', events: ['*'] } });
    await d.call('POST', '/v1/platforms', { auth, body: { platform: 'long_video' } });

    const keys = await d.call('GET', '/v1/keys', { auth: otherAuth });
    expect(keys.body.keys).toEqual([]);
    expect((await d.call('GET', '/v1/webhooks', { auth: otherAuth })).body.webhooks).toEqual([]);
    expect((await d.call('GET', '/v1/platforms', { auth: otherAuth })).body.platforms).toEqual([]);
    const delKey = await d.call('DELETE', `/v1/keys/${key.body.id}`, { auth: otherAuth });
    expect(delKey.status).toBe(404);
    expect((await d.call('DELETE', `/v1/webhooks/${hook.body.id}`, { auth: otherAuth })).status).toBe(404);
    expect((await d.call('DELETE', '/v1/platforms/long_video', { auth: otherAuth })).status).toBe(404);
    // The owner still has them.
    expect((await d.call('GET', '/v1/keys', { auth })).body.keys.map((k: any) => k.id)).toContain(key.body.id);
    expect((await d.call('GET', '/v1/platforms', { auth })).body.platforms).toHaveLength(1);
    // A key of one team with another team's id as suffix is refused.
    const forged = key.body.key.split('-')[0] + '-' + other;
    expect((await d.call('GET', '/v1/ping', { auth: `Key ${forged}` })).status).toBe(401);
  });
});
