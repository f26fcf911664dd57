import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A project of its own for scripts/setup.mjs to set up: a copy of the set-up scripts and a
 * package.json (no dependencies unless given: the npm step then has nothing to do). Run from the
 * copy, the script is readable by any user whatever the checkout's own permissions (a clone under
 * /root is not readable by `nobody`).
 */
export function copySetupScripts(dir: string, dependencies: Record<string, string> = {}): string {
  mkdirSync(join(dir, 'scripts'), { recursive: true });
  for (const f of ['setup.mjs', 'system-check.mjs', 'setup-systems.mjs', 'system-packages.mjs']) copyFileSync(join('scripts', f), join(dir, 'scripts', f));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'setup-test', dependencies }));
  return join(dir, 'scripts', 'setup.mjs');
}
