import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCRIPT } from '../publish/helpers.js';
import { ARTEFACTS } from './browser.js';
import { editorReady, openEditor, useEditorWorld } from './e2e.js';

// Issue 29, items 2 and 4, in Debian's chromium: the aspect switch changes what the player shows,
// not only the render: the clip's framing plan re-cut for the chosen ratio as the render re-cuts
// it (daemon/pipeline/framing/aspect.ts), a split plan side by side in 16:9, and the captions at
// that frame's size and safe zone.

const w = useEditorWorld({ script: SCRIPT.split('. ').slice(0, 2).join('. '), workers: false });

const crop = (page: Page) => page.locator('#frame').getAttribute('data-crop');
const windowOf = (m: { w: number; h: number; x: { v0: number }; y: { v0: number } }) => [m.x.v0, m.y.v0, m.w, m.h].map(Math.round).join(',');
const state = async () => (await w.d.call('GET', `/app/clips/${w.clipId}/state`, { auth: w.auth })).body;

describe('the player in the chosen aspect ratio', () => {
  it('draws the plan re-cut for each ratio, with the captions sized for that frame', async () => {
    const context = await w.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await openEditor(w, page);
    await editorReady(page);
    const s = await state();
    // 9:16: the centre crop of the 640x360 source; 1:1 and 16:9: the same centre, that ratio's window.
    await expect.poll(() => crop(page)).toBe('219,0,202,360');
    await page.getByRole('radio', { name: '1:1' }).check();
    await expect.poll(() => crop(page)).toBe('140,0,360,360');
    expect(windowOf(s.aspects['1:1'].framing.fill)).toBe('140,0,360,360');
    await page.getByRole('radio', { name: '16:9' }).check();
    await expect.poll(() => crop(page)).toBe('0,0,640,360');

    // Captions at the chosen frame's size: 1:1's preset (smaller type) scaled from 1080 px high.
    await page.getByRole('radio', { name: '1:1' }).check();
    await page.getByRole('slider', { name: 'Position in the clip' }).focus();
    await page.keyboard.press('ArrowRight');
    const fontPx = async () => Number(await page.locator('#caption').getAttribute('data-font-px'));
    const height = async () => (await page.locator('#player').boundingBox())!.height;
    await expect.poll(async () => Math.abs((await fontPx()) - (s.aspects['1:1'].presets.classic.font * (await height())) / 1080)).toBeLessThan(0.6);
    expect(s.aspects['1:1'].presets.classic.font).toBeLessThan(s.aspects['9:16'].presets.classic.font);
    await page.screenshot({ path: join(ARTEFACTS, 'aspect-1x1.png') });
    await page.getByRole('radio', { name: '9:16' }).check();
    await expect.poll(async () => Math.abs((await fontPx()) - (s.aspects['9:16'].presets.classic.font * (await height())) / 1920)).toBeLessThan(0.6);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('lays a split plan\'s two windows side by side in 16:9, stacked in 9:16 and 1:1', async () => {
    const clip = (await w.d.app.store.clips.byId(w.clipId))!;
    const half = (x: number) => ({ w: 320, h: 284, x: { v0: x, keys: [] }, y: { v0: 38, keys: [] } });
    const plan = { version: 1, source: { width: 640, height: 360 }, duration: clip.end - clip.start, layout: 'split', reason: 'test', fill: { w: 202, h: 360, x: { v0: 219, keys: [] }, y: { v0: 0, keys: [] } }, split: { top: half(0), bottom: half(320) }, cuts: [], samples: 1, samplesWithFace: 1 };
    await w.d.app.store.framings.save({ clip_id: w.clipId, start: clip.start, end: clip.end, layout: 'split', plan: JSON.stringify(plan), created_at: w.d.clock.now() });
    const context = await w.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await openEditor(w, page);
    await editorReady(page);
    const s = await state();
    await expect.poll(() => page.locator('#frame').getAttribute('data-arrange')).toBe('stacked');
    await page.getByRole('radio', { name: '16:9' }).check();
    await expect.poll(() => page.locator('#frame').getAttribute('data-arrange')).toBe('side-by-side');
    const wide = s.aspects['16:9'].framing.split;
    await expect.poll(() => crop(page)).toBe(`${windowOf(wide.top)} ${windowOf(wide.bottom)}`);
    // Each half of a 1920x1080 frame is 960x1080: the windows are re-cut to that shape.
    expect(wide.top.w / wide.top.h).toBeCloseTo(960 / 1080, 1);
    await page.screenshot({ path: join(ARTEFACTS, 'aspect-16x9-split.png') });
    await page.getByRole('radio', { name: '1:1' }).check();
    await expect.poll(() => page.locator('#frame').getAttribute('data-arrange')).toBe('stacked');
    await context.close();
  }, 120_000);
});
