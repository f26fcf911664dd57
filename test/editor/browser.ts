import { execFileSync } from 'node:child_process';
import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's chromium (scripts/system-packages.mjs) driven by playwright-core, which downloads no
 * browser (issue 16, item 6). CLIPPER_CHROMIUM names another Chrome or Chromium binary.
 */
export async function launchChromium(): Promise<Browser> {
  const executablePath = process.env.CLIPPER_CHROMIUM ?? execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' }).trim();
  // Chromium's sandbox refuses to run as root (CI containers); as another user it stays on.
  const args = process.getuid?.() === 0 ? ['--no-sandbox'] : [];
  return chromium.launch({ executablePath, args, headless: true });
}

/** Where screenshots go (gitignored; CI keeps them as artefacts). */
export const ARTEFACTS = 'test-results/editor';
