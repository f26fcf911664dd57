// Runs once before any test (vitest.config.ts `globalSetup`). The README's test command installs
// what the tests need (scripts/setup.mjs); where it could not (not Debian, no root, or
// CLIPPER_SKIP_SYSTEM_PACKAGES=1), tests that need a missing tool would fail without naming it
// (pocketsphinx absent: transcripts are empty; yt-dlp absent: 'error' != 'done'). This stops the
// run first, naming each missing tool and the command that installs it.
// CLIPPER_SKIP_SYSTEM_PACKAGES=1 (the set-up's own switch) runs the tests anyway.
// @ts-expect-error: plain ES module without types
import { detectSystem, installCommand } from '../scripts/setup-systems.mjs';
// @ts-expect-error: plain ES module without types
import { missingPackages } from '../scripts/system-check.mjs';

import { ensureVectorFile } from '../daemon/pipeline/language/word-vectors.js';

interface Missing {
  apt: string;
  why: string;
  commands?: string[];
  files?: string[];
}

/** The message that stops the run, or undefined when nothing is missing (or the check is off). */
export function missingToolsMessage(env: NodeJS.ProcessEnv): string | undefined {
  const missing = missingPackages(env) as Missing[];
  if (!missing.length || env.CLIPPER_SKIP_SYSTEM_PACKAGES === '1') return undefined;
  const system = detectSystem(env);
  const advice = installCommand({ ...system, sudo: (process.getuid?.() ?? 1) !== 0 }, missing) as { command?: string; notes: string[] };
  const lines = [
    'The tests need system tools that are not installed:',
    ...missing.map((p) => `  ${[...(p.commands ?? []), ...(p.files ?? [])].join(', ')} (package ${p.apt}): ${p.why}`),
    advice.command ? `Install them with:\n    ${advice.command}` : 'No package of this system provides them (see the notes).',
    ...advice.notes.map((n) => `note: ${n}`),
    'Or run the README test command (npm test) as root on Debian/Ubuntu: it installs them itself.',
    'CLIPPER_SKIP_SYSTEM_PACKAGES=1 runs the tests anyway.',
  ];
  return lines.join('\n');
}

export default async function setup(): Promise<void> {
  const message = missingToolsMessage(process.env);
  if (message) throw new Error(message);
  // The word vectors' compact file, made once here rather than by every test process at once.
  await ensureVectorFile();
}
