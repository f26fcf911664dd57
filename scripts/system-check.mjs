// What of scripts/system-packages.mjs is missing on this machine. Used by scripts/setup.mjs
// (which installs it) and by the tests' global set-up (test/global-setup.ts), which refuses to
// run tests that cannot pass and names the missing tools and the command that installs them.
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { SYSTEM_PACKAGES } from './system-packages.mjs';

/** Executables on PATH (a plain search: `command -v` needs a shell). */
export function onPath(name, env = process.env) {
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return true;
    } catch {
      /* not in this folder */
    }
  }
  return false;
}

/** Entries of the list that are not there; CLIPPER_SETUP_SYSROOT prefixes file checks (tests). */
export function missingPackages(env = process.env) {
  const sysroot = env.CLIPPER_SETUP_SYSROOT ?? '';
  return SYSTEM_PACKAGES.filter((p) => !(p.commands ?? []).every((c) => onPath(c, env)) || !(p.files ?? []).every((f) => existsSync(sysroot + f)));
}
