import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_SESSION_TTL_MS } from '../../src/api/sessions.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { SCRIPT, connect, insertClip, previewReady, sourceVideo } from '../publish/helpers.js';

// The editor's page routes and sessions over HTTP (issue 16, items 1 and 4): the state, waveform
// and thumbnails the page reads, and sessions that expire, end, and need the CSRF token to change
// anything through /v1.

const TWO = SCRIPT.split('. ').slice(0, 2).join('. ');
let d: TestDaemon;
let clipId: string;

beforeAll(async () => {
  d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 } } });
  await connect(d, 'short_video');
  clipId = await insertClip(d, { script: TWO });
  const clip = (await d.app.store.clips.byId(clipId))!;
  await d.app.store.clipJobs.saveStage(clip.job_id, 'probe', await d.app.stages.current.probe(sourceVideo(), new AbortController().signal), d.clock.now());
  await previewReady(d, clipId);
});
afterAll(() => d.stop());

/** A session started through the one-time link: its cookie and the page's CSRF token. */
async function session() {
  const link = await d.call('GET', `/v1/auth/session-link?clip_id=${clipId}`, { auth: `Bearer ${await d.token()}` });
  const landed = await d.call('GET', new URL(link.body.url).pathname);
  expect(landed.status).toBe(303);
  const setCookie = String(landed.headers['set-cookie']);
  expect(setCookie).toMatch(/^clipper_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=28800$/);
  const cookie = setCookie.split(';')[0];
  const page = await d.call('GET', `/app/clips/${clipId}`, { headers: { cookie } });
  expect(page.status).toBe(200);
  const csrf = /data-csrf="([^"]+)"/.exec(page.body)![1];
  return { cookie, csrf };
}

describe('what the editor page reads', () => {
  it('the state: the clip, its window of the source, sentence-cased words, every preset\'s caption lines, drafts', async () => {
    const { cookie } = await session();
    const r = await d.call('GET', `/app/clips/${clipId}/state`, { headers: { cookie } });
    expect(r.status).toBe(200);
    expect(r.body.clip.id).toBe(clipId);
    expect(r.body.window).toEqual({ start: 0, end: 12 });
    expect(r.body.words[0].text).toBe('Why');
    expect(Object.keys(r.body.captions).sort()).toEqual(['boxed', 'classic', 'karaoke', 'minimal', 'pop']);
    expect(r.body.captions.classic.lines[0].map((w: { text: string }) => w.text)).toEqual(['WHY', 'DO', 'MOST']);
    expect(r.body.captions.minimal.preset.upper).toBe(false);
    expect(r.body.posts.map((p: { platform: string }) => p.platform)).toEqual(['short_video']);
    expect(r.body.source.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  });

  it('the waveform (peaks of the source\'s sound, by ffmpeg) and a JPEG strip of thumbnails', async () => {
    const { cookie } = await session();
    const w = await d.call('GET', `/app/clips/${clipId}/waveform`, { headers: { cookie } });
    expect(w.status).toBe(200);
    expect(w.body.peaks).toHaveLength(600);
    expect(Math.max(...w.body.peaks)).toBeGreaterThan(0.1); // the test video's tone
    const t = await d.call('GET', `/app/clips/${clipId}/thumbnails.jpg`, { headers: { cookie } });
    expect(t.status).toBe(200);
    expect(t.headers['content-type']).toBe('image/jpeg');
  });

  it('is 401 without a session and 404 for a clip of another team', async () => {
    expect((await d.call('GET', `/app/clips/${clipId}/state`)).status).toBe(401);
    const other = await d.createTeam('other');
    expect((await d.call('GET', `/app/clips/${clipId}/state`, { auth: `Bearer ${await d.token(other)}` })).status).toBe(404);
  });
});

describe('sessions of the pages (issue 16, item 4)', () => {
  it('sign the page\'s /v1 calls in; a change needs the CSRF token and the daemon\'s own origin', async () => {
    const { cookie, csrf } = await session();
    expect((await d.call('GET', `/v1/clips/${clipId}/transcript`, { headers: { cookie } })).status).toBe(200);
    const none = await d.call('PATCH', `/v1/clips/${clipId}`, { headers: { cookie }, body: { title: 'Forged' } });
    expect(none.status).toBe(403);
    expect(none.body.error.code).toBe('FORBIDDEN');
    const wrong = await d.call('PATCH', `/v1/clips/${clipId}`, { headers: { cookie, 'x-csrf-token': csrf.slice(1) + 'x' }, body: { title: 'Forged' } });
    expect(wrong.status).toBe(403);
    const elsewhere = await d.call('PATCH', `/v1/clips/${clipId}`, { headers: { cookie, 'x-csrf-token': csrf, origin: 'https://evil.example' }, body: { title: 'Forged' } });
    expect(elsewhere.status).toBe(403);
    expect((await d.app.store.clips.byId(clipId))!.title).not.toBe('Forged');
    const ok = await d.call('PATCH', `/v1/clips/${clipId}`, { headers: { cookie, 'x-csrf-token': csrf, origin: d.url }, body: { title: 'Charge more' } });
    expect(ok.status).toBe(200);
    expect(ok.body.clip.title).toBe('Charge more');
    // JWT-only endpoints stay out of a browser session's reach.
    const keys = await d.call('GET', '/v1/keys', { headers: { cookie } });
    expect(keys.status).toBe(401);
    expect(keys.body.error.message).toMatch(/JWT is required/);
  });

  it('end on sign-out (which needs the CSRF token too) and expire after 8 hours', async () => {
    const a = await session();
    expect((await d.call('POST', '/app/logout', { headers: { cookie: a.cookie } })).status).toBe(403);
    const out = await d.call('POST', '/app/logout', { headers: { cookie: a.cookie, 'x-csrf-token': a.csrf } });
    expect(out.status).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/^clipper_session=; Path=\/; HttpOnly; SameSite=Strict; Max-Age=0/);
    expect((await d.call('GET', `/app/clips/${clipId}/state`, { headers: { cookie: a.cookie } })).status).toBe(401);
    expect((await d.call('GET', `/v1/clips/${clipId}/transcript`, { headers: { cookie: a.cookie } })).status).toBe(401);

    const b = await session();
    d.clock.advance(WEB_SESSION_TTL_MS - 1000);
    expect((await d.call('GET', `/app/clips/${clipId}/state`, { headers: { cookie: b.cookie } })).status).toBe(200);
    d.clock.advance(1000);
    expect((await d.call('GET', `/app/clips/${clipId}/state`, { headers: { cookie: b.cookie } })).status).toBe(401);
  });
});
