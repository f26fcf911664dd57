import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { SCRIPT, connect, insertClip, previewReady } from '../publish/helpers.js';
import { ARTEFACTS, launchChromium } from './browser.js';
import { axeCheck, tabStops } from './axe.js';

// Issue 29, item 3: the dashboard at /app in Debian's chromium: jobs as folders named after their
// video with live progress, clips as a grid, several selected to schedule and render, the calendar
// of scheduled posts (moved by dragging or from the keyboard, cancelled), and the platforms.

let d: TestDaemon;
let browser: Browser;
let a: string;
let b: string;
let auth: string;
const DAY = 86_400_000;

beforeAll(async () => {
  d = await startTestDaemon({ workers: true, settings: { limits: { requests_per_minute: 100_000 }, framing: { face_tracking: false } } });
  await connect(d, 'short_video');
  a = await insertClip(d, { script: SCRIPT.split('. ').slice(0, 2).join('. ') });
  b = await insertClip(d, { script: SCRIPT.split('. ').slice(2).join('. ') });
  const job = async (clipId: string) => (await d.app.store.clips.byId(clipId))!.job_id;
  d.app.db.prepare("UPDATE clip_jobs SET status = 'done', progress = 1 WHERE id = ?").run(await job(a));
  d.app.db.prepare("UPDATE clip_jobs SET folder_name = 'Interview with Ada.mov', progress = 0.4, created_at = created_at + 1 WHERE id = ?").run(await job(b));
  d.app.db.prepare("UPDATE clips SET title = 'Double the price' WHERE id = ?").run(b);
  await previewReady(d, a);
  await previewReady(d, b);
  // A platform whose grant was revoked.
  await connect(d, 'photo_sharing');
  d.app.db.prepare("UPDATE platform_connections SET status = 'needs_reauth', status_reason = 'The platform revoked the grant' WHERE platform = 'photo_sharing'").run();
  auth = `Bearer ${await d.token()}`;
  browser = await launchChromium();
  mkdirSync(ARTEFACTS, { recursive: true });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await d?.stop();
});

// Read from the store: polling GET /v1/clips/:clipId/posts would spend its status-check limit.
const postsOf = async (clipId: string) => (await d.app.posts.repo.listByClip(clipId)).map((p) => ({ ...p, scheduled_at: p.scheduled_at ?? undefined }));
const folder = (page: Page, name: string) => page.locator('details.folder', { has: page.locator('.folder-name', { hasText: name }) });

/** `t` as the value of a datetime-local field in the browser's zone. */
const localInput = (page: Page, t: number) => page.evaluate((at) => {
  const x = new Date(at);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${x.getFullYear()}-${p(x.getMonth() + 1)}-${p(x.getDate())}T${p(x.getHours())}:${p(x.getMinutes())}`;
}, t);

describe('the dashboard at /app', () => {
  it('is where `clipper open` without a clip lands, signed in; shows folders, live progress, clips, platforms', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const link = await d.call('GET', '/v1/auth/session-link', { auth });
    await page.goto(link.body.url);
    expect(new URL(page.url()).pathname).toBe('/app/');
    await folder(page, 'talk.mp4').waitFor();
    // A done job with one clip says so in the singular.
    expect(await folder(page, 'talk.mp4').locator('summary').textContent()).toMatch(/\b1 clip\b(?!s)/);
    await expect.poll(() => folder(page, 'Interview with Ada.mov').locator('summary').textContent()).toMatch(/processing 40%/);

    // Live progress: the job moves on, the page follows without a reload.
    // As the job's progress moves: the row and its event in one transaction (clip-jobs/transitions.ts).
    const moving = (await d.app.store.clips.byId(b))!;
    const asset = (await d.app.store.clipJobs.byId(moving.job_id))!.asset_id;
    await d.app.store.transaction(async () => {
      d.app.db.prepare('UPDATE clip_jobs SET progress = 0.75 WHERE folder_name = ?').run('Interview with Ada.mov');
      await d.app.store.events.emit('asset.analysis.progress', { asset_id: asset, team_id: d.rootTeamId, job_id: moving.job_id, progress: 0.75 });
    });
    await expect.poll(() => folder(page, 'Interview with Ada.mov').locator('summary').textContent(), { timeout: 15_000 }).toMatch(/processing 75%/);

    const card = page.locator(`article[data-clip-id="${a}"]`);
    expect(await card.locator('h3').textContent()).toBe('Why startups charge too little');
    expect(await card.locator('.facts').textContent()).toMatch(/Score 80 · 0:\d\d/);
    expect(await card.locator('.subs').textContent()).toMatch(/hook 80/);
    expect(await card.locator('.reason').textContent()).toBe('test clip');
    expect(await card.locator('video').count()).toBe(1);

    const reauth = page.locator('li[data-platform="photo_sharing"]');
    expect(await reauth.textContent()).toMatch(/needs to be connected again[\s\S]*revoked[\s\S]*clipper platforms connect photo_sharing --connector local/);
    await page.screenshot({ path: join(ARTEFACTS, 'dashboard-1280.png'), fullPage: true });
    await axeCheck(page);
    const stops = await tabStops(page);
    for (const name of ['Sign out', 'Select', 'Why startups charge too little', 'Double the price', 'Preview of Why startups charge too little']) expect(stops).toContain(name);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('keeps the selection bar slim on a phone (390x844), with a clip selected too', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const link = await d.call('GET', '/v1/auth/session-link', { auth });
    await page.goto(link.body.url);
    await page.locator(`article[data-clip-id="${a}"]`).waitFor();
    const share = async () => (await page.locator('#selection').boundingBox())!.height / 844;
    expect(await share()).toBeLessThanOrEqual(0.15);
    await page.locator(`article[data-clip-id="${a}"]`).getByLabel('Select').check();
    expect(await page.locator('#picked').textContent()).toBe('1 clip selected:');
    expect(await share()).toBeLessThanOrEqual(0.15);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
    await page.screenshot({ path: join(ARTEFACTS, 'dashboard-390.png') });
    await axeCheck(page);
    await context.close();
  }, 120_000);

  it('schedules several selected clips, moves a post by dragging and from the keyboard, cancels one, renders a selection', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const link = await d.call('GET', '/v1/auth/session-link', { auth });
    await page.goto(link.body.url);
    await page.locator(`article[data-clip-id="${b}"]`).waitFor();

    // Select both clips (from the keyboard for the second) and schedule them in two days.
    await page.locator(`article[data-clip-id="${a}"]`).getByLabel('Select').check();
    await page.locator(`article[data-clip-id="${b}"]`).getByLabel('Select').focus();
    await page.keyboard.press('Space');
    expect(await page.locator('#picked').textContent()).toBe('2 clips selected:');
    const at = new Date(Date.now() + 2 * DAY).setHours(10, 0, 0, 0);
    await page.locator('#when').fill(await localInput(page, at));
    await page.getByRole('button', { name: 'Schedule' }).click();
    for (const clip of [a, b]) {
      await expect.poll(async () => (await postsOf(clip)).find((p) => p.status === 'scheduled')?.scheduled_at, { timeout: 15_000 }).toBe(at);
    }
    const chips = page.locator('.chip');
    await expect.poll(() => chips.count()).toBe(2);

    // Drag the first clip's post to the next day: same time, the day after.
    const chipA = page.locator('.chip', { hasText: 'Why startups' });
    const target = page.locator(`.day[data-day="${await page.evaluate((t) => { const x = new Date(t + 86_400_000); return `${x.getFullYear()}-${String(x.getMonth() + 1).padStart(2, '0')}-${String(x.getDate()).padStart(2, '0')}`; }, at)}"]`);
    await chipA.dragTo(target);
    await expect.poll(async () => (await postsOf(a)).find((p) => p.status === 'scheduled')?.scheduled_at, { timeout: 15_000 }).toBe(new Date(at).setDate(new Date(at).getDate() + 1));
    expect((await postsOf(a)).filter((p) => p.status === 'cancelled')).toHaveLength(1);

    // The second one a day earlier from the keyboard, then cancelled.
    const before = (await postsOf(b)).find((p) => p.status === 'scheduled')!;
    await page.getByRole('button', { name: 'Move Short video: Double the price a day earlier' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await postsOf(b)).find((p) => p.status === 'scheduled')?.scheduled_at, { timeout: 15_000 }).toBe(new Date(at).setDate(new Date(at).getDate() - 1));
    const moved = (await postsOf(b)).find((p) => p.status === 'scheduled')!;
    expect(moved.caption).toBe(before.caption);
    await page.locator(`.chip[data-post-id="${moved.id}"]`).getByRole('button', { name: /^Cancel/ }).click();
    await expect.poll(async () => (await postsOf(b)).find((p) => p.id === moved.id)?.status, { timeout: 15_000 }).toBe('cancelled');
    await expect.poll(() => chips.count()).toBe(1);
    await page.screenshot({ path: join(ARTEFACTS, 'dashboard-calendar.png'), fullPage: true });
    await axeCheck(page);
    const stops = await tabStops(page);
    for (const name of ['Render', 'Publish now', 'Schedule', 'Move Short video: Why startups charge too little a day earlier', 'Cancel Short video: Why startups charge too little']) expect(stops).toContain(name);

    // Render the selection: both clips get a render.
    await page.getByRole('button', { name: 'Render' }).click();
    for (const clip of [a, b]) await expect.poll(async () => Boolean(await d.app.renders.repo.get(clip)), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.locator(`article[data-clip-id="${a}"] .badge`).first().textContent(), { timeout: 15_000 }).toMatch(/render/);
    await context.close();
  }, 180_000);
});
