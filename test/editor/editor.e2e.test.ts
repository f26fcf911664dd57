import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { captionsKey } from '../../daemon/resources/renders/task.js';
import type { TestDaemon } from '../helpers/daemon.js';
import { SCRIPT, objectFile } from '../publish/helpers.js';
import { ARTEFACTS } from './browser.js';
import { editorReady, openEditor, until, useEditorWorld } from './e2e.js';

// Issue 16, item 6: the editor in a real browser (Debian's chromium through playwright-core),
// signed in through the one-time link; trim, fix a word, render; checked through the API.

const w = useEditorWorld({ script: SCRIPT.split('. ').slice(0, 2).join('. '), platforms: ['short_video', 'long_video'] });
let d: TestDaemon;
let browser: Browser;
let clipId: string;
let auth: string;
beforeAll(() => void ({ d, browser, clipId, auth } = w));

const api = async (path: string) => (await d.call('GET', path, { auth })).body;
const clipRow = async () => (await d.app.store.clips.byId(clipId))!;

async function signIn(page: Page): Promise<void> {
  await openEditor(w, page);
  await editorReady(page);
}

describe('the web editor in chromium', () => {
  it('signs in through the one-time link with an HttpOnly, SameSite=Strict cookie; trims, fixes a word, renders', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page);
    const [cookie] = await context.cookies();
    expect(cookie).toMatchObject({ name: 'clipper_session', httpOnly: true, sameSite: 'Strict', path: '/' });
    await expect.poll(() => page.locator('#clip-title').textContent()).toBe('Why startups charge too little');
    await page.screenshot({ path: join(ARTEFACTS, 'editor-1280.png'), fullPage: true });

    // Trim: the start handle steps to the next word boundary twice (Shift+Right), then is saved.
    const before = await clipRow();
    await page.getByRole('slider', { name: 'Clip start' }).focus();
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await page.getByRole('button', { name: 'Save trim' }).click();
    await until('the trim', async () => (await clipRow()).start !== before.start);
    const words = JSON.parse(before.words) as Array<{ start: number }>;
    expect(words.map((w) => w.start)).toContain((await clipRow()).start);
    expect((await clipRow()).start).toBeGreaterThan(before.start);
    await until('the remade preview', async () => (await clipRow()).preview_key);
    await until('the page to show it', async () => (await page.locator('#pending').isHidden()));

    // Fix a word: double-click it, type, Enter, save.
    await page.locator('.word', { hasText: /^startups$/ }).dblclick();
    await page.getByRole('textbox', { name: /Correct the word/ }).fill('founders');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Save transcript' }).click();
    await until('the saved words', async () => (await clipRow()).transcript.includes('founders'));
    const transcript = await api(`/v1/clips/${clipId}/transcript`);
    expect(transcript.words.map((w: { text: string }) => w.text)).toContain('founders');
    expect((await clipRow()).title).toBe('Why founders charge too little');
    const posts = await api(`/v1/clips/${clipId}/posts`);
    expect(posts.posts.length).toBeGreaterThan(0);
    for (const p of posts.posts) expect(p.caption).not.toMatch(/startups/i);
    expect(posts.posts.some((p: { caption: string }) => /founders/i.test(p.caption))).toBe(true);

    // Pick a caption style and render; the render's captions carry the corrected word.
    await page.getByRole('radio', { name: 'boxed' }).check();
    await page.getByRole('button', { name: 'Render', exact: true }).click();
    await page.getByRole('link', { name: 'Download the render' }).waitFor({ timeout: 120_000 });
    const render = (await d.app.renders.repo.get(clipId))!;
    expect(render).toMatchObject({ status: 'done', caption_style: 'boxed' });
    const ass = readFileSync(await objectFile(d, captionsKey(clipId, render.generation)), 'utf8');
    expect(ass).toContain('FOUNDERS');
    expect(ass).not.toContain('STARTUPS');
    await page.screenshot({ path: join(ARTEFACTS, 'editor-1280-rendered.png'), fullPage: true });

    // Edit a draft within its limit and publish it now (the local connector of the test daemon).
    const card = page.getByRole('region', { name: 'Short video post' });
    await card.getByRole('textbox', { name: 'Short video caption' }).fill('Founders: charge more. #pricing');
    await card.getByRole('button', { name: 'Save draft' }).click();
    const short = posts.posts.find((p: { platform: string }) => p.platform === 'short_video');
    await until('the saved draft', async () => (await d.app.posts.repo.byId(short.id))!.caption === 'Founders: charge more. #pricing');
    await page.getByRole('region', { name: 'Short video post' }).getByRole('button', { name: 'Publish now' }).click();
    await until('the post to be published', async () => (await d.app.posts.repo.byId(short.id))!.status === 'published', 120_000);
    expect((await api(`/v1/posts/${short.id}`)).post.published_url).toBeTruthy();
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('fits a phone width, refuses a change without the CSRF token, and signs out', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await signIn(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await page.screenshot({ path: join(ARTEFACTS, 'editor-390.png'), fullPage: true });
    const forged = await page.evaluate(async (id) => (await fetch(`/v1/clips/${id}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '{"title":"forged"}' })).status, clipId);
    expect(forged).toBe(403);
    expect((await clipRow()).title).not.toBe('forged');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/app\/login/);
    const after = await page.evaluate(async (id) => (await fetch(`/app/clips/${id}/state`)).status, clipId);
    expect(after).toBe(401);
    await context.close();
  }, 120_000);
});
