import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { connect, insertClip, previewReady, sourceVideo } from '../publish/helpers.js';
import { ARTEFACTS, launchChromium } from './browser.js';

/** What an editor test file works with once its beforeAll has run. */
export interface EditorWorld {
  d: TestDaemon;
  browser: Browser;
  clipId: string;
  auth: string;
}

/**
 * The set-up the editor's Chromium tests share: a test daemon (workers running unless
 * `workers: false`, when the test drives them with d.processAll()), the given platforms
 * connected, one clip of `script` on the sample source with its probe stored and its preview
 * ready (drafts written), a bearer token, and Debian's chromium. Stopped after the file.
 */
export function useEditorWorld(o: { script: string; platforms?: string[]; workers?: boolean }): EditorWorld {
  const world = {} as EditorWorld;
  beforeAll(async () => {
    const d = await startTestDaemon({ workers: o.workers ?? true, settings: { limits: { requests_per_minute: 100_000 }, framing: { face_tracking: false } } });
    world.d = d;
    for (const p of o.platforms ?? []) await connect(d, p);
    world.clipId = await insertClip(d, { script: o.script });
    const clip = (await d.app.store.clips.byId(world.clipId))!;
    await d.app.store.clipJobs.saveStage(clip.job_id, 'probe', await d.app.stages.current.probe(sourceVideo(), new AbortController().signal), d.clock.now());
    await previewReady(d, world.clipId);
    world.auth = `Bearer ${await d.token()}`;
    world.browser = await launchChromium();
    mkdirSync(ARTEFACTS, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await world.browser?.close();
    await world.d?.stop();
  });
  return world;
}

/** Opens the editor through a one-time sign-in link. */
export async function openEditor(w: EditorWorld, page: Page): Promise<void> {
  const link = await w.d.call('GET', `/v1/auth/session-link?clip_id=${w.clipId}`, { auth: w.auth });
  expect(link.status).toBe(200);
  await page.goto(link.body.url);
  expect(new URL(page.url()).pathname).toBe(`/app/clips/${w.clipId}`);
}

/** The editor has drawn its timeline, words, waveform and thumbnails (made by ffmpeg on request). */
export async function editorReady(page: Page): Promise<void> {
  await page.locator('.timeline .handle').first().waitFor();
  await page.locator('.word').first().waitFor();
  await page.locator('.timeline[data-peaks="ready"]').waitFor();
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('img.thumbs');
    return Boolean(img?.complete && img.naturalWidth > 0);
  });
}

/** Waits (polling every 250 ms) until `get` gives something truthy. */
export async function until<T>(what: string, get: () => T | Promise<T>, ms = 90_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
