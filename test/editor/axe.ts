import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core in the page (issue 29, item 6: "axe-core in the Chromium tests finds no serious or
 * critical violation"). The page's CSP allows only its own scripts, so axe goes in through
 * playwright's evaluate (which CSP does not govern) rather than a script tag.
 */
export async function axeCheck(page: Page): Promise<void> {
  await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
    const r = await axe.run(document);
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
  });
  expect(found.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

/** What Tab reaches, in order, from the top of the page (each by its label, text or id). */
export async function tabStops(page: Page, max = 120): Promise<string[]> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return '';
      const label = el.getAttribute('aria-label') || (el.id && document.querySelector(`label[for="${el.id}"]`)?.textContent) || el.closest('label')?.textContent || el.textContent;
      return (label || el.id || el.tagName).trim();
    });
    if (name && seen.includes(name) && name === seen[0]) break;
    seen.push(name);
  }
  return seen;
}
