import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestDaemon } from '../helpers/daemon.js';
import { objectFile, probe } from '../publish/helpers.js';
import { ARTEFACTS } from './browser.js';
import { useEditorWorld } from './e2e.js';

// Issue 29, items 4 and 5, in the editor (Chromium through playwright-core): switch the aspect,
// tick "remove filler words" and "shorten pauses", see the removed spans, restore one, render.

const w = useEditorWorld({ script: 'so um here is the thing. pricing is hard' });
let d: TestDaemon;
let browser: Browser;
let clipId: string;
let auth: string;
beforeAll(() => void ({ d, browser, clipId, auth } = w));

describe('aspect and cuts in the editor', () => {
  it('switches the aspect, lists the removed spans, restores one, and renders what it shows', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const link = await d.call('GET', `/v1/auth/session-link?clip_id=${clipId}`, { auth });
    await page.goto(link.body.url);
    await page.locator('.word').first().waitFor();

    // The aspect switch gives the player the ratio's shape.
    const player = page.locator('#player');
    const ratio = async () => {
      const box = (await player.boundingBox())!;
      return box.width / box.height;
    };
    expect(await ratio()).toBeCloseTo(9 / 16, 1);
    await page.getByRole('radio', { name: '1:1' }).check();
    await expect.poll(ratio).toBeCloseTo(1, 1);

    // Both cut options: the list shows the filler and the pauses, each with a Restore button.
    await page.getByRole('checkbox', { name: 'Remove filler words' }).check();
    await page.getByRole('checkbox', { name: 'Shorten pauses' }).check();
    const list = page.getByRole('list', { name: 'Removed spans' });
    await list.getByRole('listitem').filter({ hasText: 'pause' }).first().waitFor();
    const filler = list.getByRole('listitem').filter({ hasText: 'filler “um”' });
    await expect.poll(() => filler.count()).toBe(1);
    const before = await page.locator('#cut-summary').textContent();
    // Restore the filler from the keyboard: its button says "Cut again" afterwards.
    await filler.getByRole('button', { name: /^Restore the filler/ }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => filler.getByRole('button').textContent()).toBe('Cut again');
    expect(await page.locator('#cut-summary').textContent()).not.toBe(before);
    await page.screenshot({ path: join(ARTEFACTS, 'editor-cuts-1280.png'), fullPage: true });

    const cuts = (await d.call('GET', `/v1/clips/${clipId}/cuts`, { auth })).body;
    const um = cuts.removed.find((r: { kind: string }) => r.kind === 'filler');
    await page.getByRole('button', { name: 'Render', exact: true }).click();
    await page.getByRole('link', { name: 'Download the render' }).waitFor({ timeout: 120_000 });
    const render = (await d.call('GET', `/v1/renders/${clipId}`, { auth })).body;
    expect(render).toMatchObject({ status: 'done', aspect: '1:1', remove_fillers: true, remove_silences: true, keep: [{ start: um.start, end: um.end }] });
    // The filler was restored: the output is longer than with everything cut, shorter than the clip.
    expect(render.duration).toBeGreaterThan(cuts.cut_duration);
    expect(render.duration).toBeLessThan(cuts.duration);
    const file = await objectFile(d, (await d.app.renders.repo.get(clipId))!.output_key!);
    expect(probe(file).streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 1080, height: 1080 });

    // Reopened, the page starts from what the render asked for.
    await page.reload();
    await page.locator('.word').first().waitFor();
    expect(await page.getByRole('radio', { name: '1:1' }).isChecked()).toBe(true);
    await expect.poll(() => list.getByRole('listitem').filter({ hasText: 'filler “um”' }).getByRole('button').textContent()).toBe('Cut again');
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
