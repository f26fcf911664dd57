import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestDaemon } from '../helpers/daemon.js';
import { SCRIPT } from '../publish/helpers.js';
import { ARTEFACTS } from './browser.js';
import { axeCheck, tabStops } from './axe.js';
import { editorReady, openEditor, useEditorWorld } from './e2e.js';

// Issue 29, items 1, 2 and 6: the editor without its rough edges, in Debian's chromium. Each
// check here failed on the editor before the change that made it pass.

const w = useEditorWorld({ script: SCRIPT.split('. ').slice(0, 2).join('. '), platforms: ['short_video'] });
let d: TestDaemon;
let browser: Browser;
let clipId: string;
beforeAll(() => void ({ d, browser, clipId } = w));

async function signIn(page: Page): Promise<void> {
  await openEditor(w, page);
  await ready(page);
}

const ready = editorReady;

describe('the editor at 1280x800 (issue 29, items 1 and 2)', () => {
  it('shows Play above the fold, a scrubber and the time, a thumbnail strip of distinct frames, the framed clip; undoes, redoes and zooms', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page);
    const play = (await page.getByRole('button', { name: 'Play / pause' }).boundingBox())!;
    expect(play.y + play.height).toBeLessThanOrEqual(800);

    // Scrubber and time: End goes to the clip's end, and the time says so.
    const scrub = page.getByRole('slider', { name: 'Position in the clip' });
    await scrub.focus();
    await page.keyboard.press('End');
    await expect.poll(async () => {
      const [at, length] = (await page.locator('#time').textContent())!.split(' / ');
      return at === length && length !== '0:00.0';
    }).toBe(true);

    // Thumbnails: twelve tiles, none black, no two neighbours the same picture.
    const tiles = await page.evaluate(() => {
      const img = document.querySelector<HTMLImageElement>('img.thumbs')!;
      const c = document.createElement('canvas');
      [c.width, c.height] = [img.naturalWidth, img.naturalHeight];
      const g = c.getContext('2d')!;
      g.drawImage(img, 0, 0);
      const w = Math.floor(c.width / 12);
      return Array.from({ length: 12 }, (_, i) => Array.from(g.getImageData(i * w, 0, w, c.height).data.filter((_, k) => k % 4 !== 3)));
    });
    const mean = (px: number[]) => px.reduce((a, b) => a + b, 0) / px.length;
    expect(mean(tiles[11])).toBeGreaterThan(30);
    for (let i = 1; i < 12; i++) expect(mean(tiles[i].map((v, k) => Math.abs(v - tiles[i - 1][k])))).toBeGreaterThan(2);

    // The player draws the centre crop of the 640x360 source until the clip has a framing plan.
    await expect.poll(() => page.locator('#frame').getAttribute('data-crop')).toBe('219,0,202,360');

    // Undo and redo of a trim, from the keyboard.
    const spanText = page.locator('#span-text');
    const before = await spanText.textContent();
    await page.getByRole('slider', { name: 'Clip start' }).focus();
    await page.keyboard.press('Shift+ArrowRight');
    const moved = await spanText.textContent();
    expect(moved).not.toBe(before);
    await page.keyboard.press('Control+z');
    expect(await spanText.textContent()).toBe(before);
    await page.keyboard.press('Control+Shift+z');
    expect(await spanText.textContent()).toBe(moved);
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await spanText.textContent()).toBe(before);

    // Zoom: the timeline grows inside its frame, which scrolls.
    await page.getByRole('button', { name: 'Zoom the timeline in' }).click();
    await page.getByRole('button', { name: 'Zoom the timeline in' }).click();
    const widths = await page.evaluate(() => [document.querySelector('.timeline')!.clientWidth, document.querySelector('.timeline-frame')!.clientWidth]);
    expect(widths[0]).toBeGreaterThanOrEqual(widths[1] * 3.9);
    await page.screenshot({ path: join(ARTEFACTS, 'studio-1280x800.png') });
    await axeCheck(page);
    // Every control is reached from the keyboard.
    const stops = await tabStops(page);
    for (const name of ['Sign out', 'Play / pause', 'Position in the clip', 'Redo', 'Zoom the timeline in', 'Clip start', 'Clip end', 'Save title', 'Render']) expect(stops).toContain(name);
    expect(stops.some((s) => /^Why, at/.test(s))).toBe(true);
    // The transcript is one Tab stop (a roving tabindex): arrow keys move between its words.
    expect(stops.filter((s) => /, at [\d.]+ seconds; double-click/.test(s))).toHaveLength(1);
    await page.locator('.word').first().focus();
    await page.keyboard.press('ArrowRight');
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    expect(await focused()).toBe(await page.locator('.word').nth(1).textContent());
    await page.keyboard.press('End');
    expect(await focused()).toBe(await page.locator('.word').last().textContent());
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe(await page.locator('.word').last().textContent());
    expect(stops).toContain('classic'); // a radio group is one stop; arrows pick within it
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('draws the framing plan\'s window, not the centre, and a split plan\'s two windows', async () => {
    const clip = (await d.app.store.clips.byId(clipId))!;
    const window = { w: 202, h: 360, x: { v0: 0, keys: [] }, y: { v0: 0, keys: [] } };
    const plan = { version: 1, source: { width: 640, height: 360 }, duration: clip.end - clip.start, layout: 'fill', reason: 'test', fill: window, cuts: [], samples: 1, samplesWithFace: 1 };
    await d.app.store.framings.save({ clip_id: clipId, start: clip.start, end: clip.end, layout: 'fill', plan: JSON.stringify(plan), created_at: d.clock.now() });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page);
    await expect.poll(() => page.locator('#frame').getAttribute('data-crop')).toBe('0,0,202,360');
    // A split plan: its two windows, stacked.
    const half = (x: number) => ({ w: 320, h: 284, x: { v0: x, keys: [] }, y: { v0: 38, keys: [] } });
    await d.app.store.framings.save({ clip_id: clipId, start: clip.start, end: clip.end, layout: 'split', plan: JSON.stringify({ ...plan, layout: 'split', split: { top: half(0), bottom: half(320) } }), created_at: d.clock.now() });
    await page.reload();
    await ready(page);
    await expect.poll(() => page.locator('#frame').getAttribute('data-crop')).toBe('0,38,320,284 320,38,320,284');
    expect(await page.locator('#frame').getAttribute('data-layout')).toBe('split');
    await page.screenshot({ path: join(ARTEFACTS, 'studio-split.png') });
    await context.close();
  }, 60_000);
});

describe('live state in the editor (issue 29, item 1)', () => {
  it('keeps typed text while a render is made, shows which style it used and remembers it, names the download after the clip, keeps the title\'s case, and updates a post\'s status', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page);
    await page.getByRole('radio', { name: 'boxed' }).check();
    await page.getByRole('button', { name: 'Render', exact: true }).click();
    // Typed while the page follows the render (its state is read again every 1.5 s meanwhile).
    await page.locator('#title-input').fill('A title I am still typing');
    const caption = page.getByRole('region', { name: 'Short video post' }).getByRole('textbox', { name: 'Short video caption' });
    await caption.fill('A caption typed during the render');
    await page.getByRole('link', { name: 'Download the render' }).waitFor({ timeout: 120_000 });
    await expect.poll(() => page.locator('#render-state').textContent()).toMatch(/done · boxed captions/);
    expect(await page.locator('#title-input').inputValue()).toBe('A title I am still typing');
    expect(await caption.inputValue()).toBe('A caption typed during the render');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the render' }).click()]);
    expect(download.suggestedFilename()).toBe('why-startups-charge-too-little.mp4');

    // Reopened: the render's style is the chosen one.
    await page.reload();
    await ready(page);
    expect(await page.getByRole('radio', { name: 'boxed' }).isChecked()).toBe(true);

    // One corrected word changes that word of the title, not the case of the others.
    await page.locator('.word', { hasText: /^startups$/ }).dblclick();
    await page.getByRole('textbox', { name: /Correct the word/ }).fill('founders');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Save transcript' }).click();
    await expect.poll(() => page.locator('#clip-title').textContent(), { timeout: 20_000 }).toBe('Why founders charge too little');

    // Publish now: the card follows the post to "published" without a reload.
    const card = page.getByRole('region', { name: 'Short video post' });
    await card.getByRole('button', { name: 'Publish now' }).click();
    await expect.poll(() => card.locator('h3').textContent(), { timeout: 60_000, interval: 500 }).toMatch(/published/);
    await page.screenshot({ path: join(ARTEFACTS, 'studio-published.png'), fullPage: true });
    await context.close();
  }, 240_000);
});

describe('on a phone, and signing out (issue 29, item 1)', () => {
  it('keeps the player in view while trimming; the sign-out page does not ask for a token', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await signIn(page);
    // Down at the drafts, then back to the end handle from the keyboard: it comes into view below
    // the player, which stays on screen while the handle moves.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('slider', { name: 'Clip end' }).focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    const box = (await page.locator('#player').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(-1);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    const uncovered = await page.evaluate(() => {
      const h = document.querySelector<HTMLElement>('.handle[data-h="end"]')!.getBoundingClientRect();
      return document.elementFromPoint(h.left + h.width / 2, h.top + h.height / 2)?.getAttribute('aria-label');
    });
    expect(uncovered).toBe('Clip end');
    await page.screenshot({ path: join(ARTEFACTS, 'studio-390-trimming.png') });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/app\/login/);
    expect(await page.locator('textarea').count()).toBe(0);
    await expect.poll(() => page.locator('main').textContent()).toMatch(/signed out[\s\S]*clipper open/);
    await context.close();
  }, 120_000);
});
