import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { LinkServer } from './helpers/link-server.js';
import { fakeStages } from './helpers/doubles.js';

let d: TestDaemon;
let links: LinkServer;
let clipId: string;

beforeAll(async () => {
  d = await startTestDaemon();
  links = await new LinkServer().start();
  d.app.stages.current = fakeStages();
  const file = join(mkdtempSync(join(tmpdir(), 'clipper-editor-')), 'talk.mp4');
  writeFileSync(file, 'FAKEVIDEO 30\n');
  const created = await d.call('POST', '/v1/clips', { auth: `Key ${await d.apiKey()}`, body: { source: { url: links.file('/talk.mp4', file) } } });
  await d.processAll();
  clipId = (await d.app.clipJobs.view(d.rootTeamId, created.body.job_id)).clips[0].id;
});
afterAll(async () => {
  await links.stop();
  await d.stop();
});

describe('the editor page behind editor_url (DESIGN.md, web pages)', () => {
  it('serves the editor (issue 16) to a signed-in team: its shell, its script, and its state with the preview and the words', async () => {
    const job = await d.app.clipJobs.view(d.rootTeamId, (await d.app.store.clips.byId(clipId))!.job_id);
    expect(job.clips[0].editor_url).toBe(`${d.url}/app/clips/${clipId}`);
    const auth = `Bearer ${await d.token()}`;
    const r = await d.call('GET', `/app/clips/${clipId}`, { auth });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    const html = r.body as string;
    expect(html).toContain(`data-clip-id="${clipId}"`);
    expect(html).toMatch(/<script type="module" nonce="[^"]+" src="\/app\/assets\/editor.js"><\/script>/);
    expect(r.headers['content-security-policy']).toMatch(/script-src 'nonce-/);
    expect(r.headers['content-security-policy']).toContain("connect-src 'self'");
    const state = await d.call('GET', `/app/clips/${clipId}/state`, { auth });
    expect(state.status).toBe(200);
    expect(state.body.clip.preview_url).toBe(job.clips[0].preview_url);
    expect(state.body.words.map((w: { text: string }) => w.text.toLowerCase().replace(/[.?!]$/, ''))).toContain('hello');
    const script = await d.call('GET', '/app/assets/editor.js');
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
  });

  it('answers 401 to an API client and sends a browser to sign in', async () => {
    const api = await d.call('GET', `/app/clips/${clipId}`);
    expect(api.status).toBe(401);
    expect(api.body.error.code).toBe('UNAUTHORIZED');
    const browser = await d.call('GET', `/app/clips/${clipId}`, { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(browser.status).toBe(303);
    expect(browser.headers.location).toBe(`/app/login?next=${encodeURIComponent(`/app/clips/${clipId}`)}`);
    expect((await d.call('GET', `/app/clips/${clipId}`, { auth: 'Bearer nonsense' })).status).toBe(401);
  });

  it('signs in with a token through /app/login and then reads the page with the session cookie', async () => {
    const form = await d.call('GET', `/app/login?next=/app/clips/${clipId}`);
    expect(form.status).toBe(200);
    expect(form.body).toContain('name="token"');
    const wrong = await d.call('POST', '/app/login', { rawBody: 'token=not-a-token', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const body = new URLSearchParams({ token: await d.token(), next: `/app/clips/${clipId}` }).toString();
    const ok = await d.call('POST', '/app/login', { rawBody: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(ok.status).toBe(303);
    expect(ok.headers.location).toBe(`/app/clips/${clipId}`);
    const cookie = String(ok.headers['set-cookie']).split(';')[0];
    // Issue 16, item 4: a session of its own, HttpOnly and SameSite=Strict, for the whole site (the page's /v1 calls).
    expect(String(ok.headers['set-cookie'])).toMatch(/; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+/);
    const page = await d.call('GET', `/app/clips/${clipId}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    // Only the daemon's own pages are followed after sign-in.
    const open = await d.call('GET', `/app/login?token=${await d.token()}&next=https://evil.example/`);
    expect(open.headers.location).toBe('/app/');
    const index = await d.call('GET', '/app/', { headers: { cookie } });
    expect(index.status).toBe(200);
    expect(index.body).toContain(`href="/app/clips/${clipId}"`);
  });

  it("is 404 for another team's clip and for a clip that does not exist", async () => {
    const other = await d.createTeam('other');
    const theirs = await d.call('GET', `/app/clips/${clipId}`, { auth: `Bearer ${await d.token(other)}` });
    expect(theirs.status).toBe(404);
    expect(theirs.body).not.toContain('hello');
    expect((await d.call('GET', '/app/clips/clip_nothing', { auth: `Bearer ${await d.token()}` })).status).toBe(404);
  });
});
