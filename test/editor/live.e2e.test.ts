import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCRIPT } from '../publish/helpers.js';
import { ARTEFACTS } from './browser.js';
import { editorReady, openEditor, until, useEditorWorld } from './e2e.js';

// Issue 29, item 1, in Debian's chromium: a render's progress and a post's status reach the
// editor as they change, through GET /app/events (the team's events read forward from the
// durable log), with no reload and no poll, while a caption is being typed; without the stream
// the page polls and still gets there. The daemon's workers run only when the test says
// (d.processAll), so each step is seen on its own.

const w = useEditorWorld({ script: SCRIPT.split('. ').slice(0, 2).join('. '), platforms: ['short_video', 'long_video'], workers: false });

/** Counts the page's reads of its state. */
function stateReads(page: Page): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === `/app/clips/${w.clipId}/state`) n++;
  });
  return () => n;
}

async function startRender(progress: number): Promise<void> {
  const r = await w.d.call('POST', `/v1/clips/${w.clipId}/renders`, { auth: w.auth, body: { caption_style: 'boxed' } });
  expect(r.status).toBe(202);
  const row = (await w.d.app.renders.repo.get(w.clipId))!;
  expect(await w.d.app.renders.start(row)).toBe(true);
  await w.d.app.renders.progress(row, progress);
}

describe('live state over server-sent events (issue 29, item 1)', () => {
  it('shows a render\'s progress and a post\'s status as they change, without a reload, while a caption is typed', async () => {
    const context = await w.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const reads = stateReads(page);
    let loads = 0;
    page.on('load', () => loads++);
    await openEditor(w, page);
    await editorReady(page);
    await page.locator('html[data-live="stream"]').waitFor();

    // Typing in the long-video draft while everything below happens.
    const caption = page.getByRole('region', { name: 'Long video post' }).getByRole('textbox', { name: 'Long video caption' });
    await caption.fill('');
    await caption.pressSequentially('Typed while ', { delay: 20 });

    // The render starts and reaches 37%: the page says so, the progress drawn from the event.
    const readsBefore = reads();
    await startRender(0.37);
    await expect.poll(() => page.locator('#render-state').textContent(), { timeout: 10_000 }).toMatch(/Render processing 37%/);
    expect(await page.locator('#progress').evaluate((p: HTMLProgressElement) => p.value)).toBeCloseTo(0.37, 2);
    await caption.pressSequentially('the render ran ', { delay: 20 });
    const row = (await w.d.app.renders.repo.get(w.clipId))!;
    await w.d.app.renders.progress(row, 0.81);
    await expect.poll(() => page.locator('#render-state').textContent(), { timeout: 10_000 }).toMatch(/81%/);
    // Only the render's start asked for the state; its progress came in the events.
    expect(reads() - readsBefore).toBeLessThanOrEqual(1);
    // Nothing polls while the stream is open.
    const quiet = reads();
    await page.waitForTimeout(3500);
    expect(reads()).toBe(quiet);

    // Publish the short-video draft now; the workers render and publish it.
    const short = (await w.d.app.posts.repo.listByClip(w.clipId)).find((p) => p.platform === 'short_video')!;
    expect((await w.d.call('POST', `/v1/posts/${short.id}/publish`, { auth: w.auth, body: {} })).status).toBe(200);
    await caption.pressSequentially('and the post went out.', { delay: 20 });
    await until('the post to be published', async () => {
      await w.d.processAll();
      return (await w.d.app.posts.repo.byId(short.id))!.status === 'published';
    }, 120_000);
    const card = page.getByRole('region', { name: 'Short video post' });
    await expect.poll(() => card.locator('h3').textContent(), { timeout: 15_000 }).toMatch(/published/);
    await expect.poll(() => page.locator('#render-state').textContent(), { timeout: 15_000 }).toMatch(/done · boxed captions/);

    // The typed text survived every change; the page was never reloaded.
    expect(await caption.inputValue()).toBe('Typed while the render ran and the post went out.');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Long video caption');
    expect(loads).toBe(1);
    expect(await page.locator('html').getAttribute('data-live')).toBe('stream');
    await page.screenshot({ path: join(ARTEFACTS, 'live-stream-published.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('polls when the stream cannot be opened, and still shows the render\'s progress', async () => {
    const context = await w.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.route('**/app/events*', (r) => r.abort());
    await openEditor(w, page);
    await editorReady(page);
    await startRender(0.52);
    await expect.poll(() => page.locator('#render-state').textContent(), { timeout: 15_000 }).toMatch(/Render processing 52%/);
    expect(await page.locator('html').getAttribute('data-live')).toBe('poll');
    await w.d.processAll();
    await expect.poll(() => page.locator('#render-state').textContent(), { timeout: 60_000 }).toMatch(/done/);
    await context.close();
  }, 120_000);
});
