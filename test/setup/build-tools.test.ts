// scripts/setup.mjs, npm step: better-sqlite3 builds from source where its prebuilt binary cannot
// be downloaded (FACTS.md), and a machine with only Node and npm has no python3, make or g++ for
// node-gyp. When npm fails and one of them is missing, setup installs them with apt (Debian/Ubuntu
// as root) and runs npm once more; elsewhere it says what to install. Run as in setup.test.ts: a
// copy of the scripts in a project of its own, a stand-in `npm` that fails until the tools are
// there, and a stand-in `apt-get` that "installs" them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error plain ES module without types
import { SYSTEM_PACKAGES } from '../../scripts/system-packages.mjs';
import { copySetupScripts } from './scripts-copy.js';

interface Pkg { apt: string; commands?: string[]; files?: string[] }
let dir: string;
let bin: string;
let sysroot: string;
const script = (path: string, text: string) => writeFileSync(path, text, { mode: 0o755 });

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'clipper-build-tools-'));
  bin = join(dir, 'bin');
  sysroot = join(dir, 'root');
  copySetupScripts(dir, { 'better-sqlite3': '12' });
  mkdirSync(bin);
  // Every system package of the list is there already: only the build tools are missing.
  for (const p of SYSTEM_PACKAGES as Pkg[]) {
    for (const c of p.commands ?? []) script(join(bin, c), '#!/bin/sh\n');
    for (const f of p.files ?? []) {
      mkdirSync(join(sysroot, f, '..'), { recursive: true });
      writeFileSync(join(sysroot, f), '');
    }
  }
  // npm fails (node-gyp: "not found: make") until make and g++ are on PATH.
  script(join(bin, 'npm'), `#!/bin/sh\necho "npm $*" >> "${dir}/npm.log"\n[ -x "${bin}/make" ] && [ -x "${bin}/g++" ] && exit 0\necho "gyp ERR! stack Error: not found: make" >&2\nexit 1\n`);
  script(join(bin, 'apt-get'), `#!/bin/sh\necho "apt-get $*" >> "${dir}/apt.log"\n[ "$1" = install ] || exit 0\nfor p in "$@"; do case "$p" in python3|make|g++) printf '#!/bin/sh\\n' > "${bin}/$p"; /bin/chmod +x "${bin}/$p";; esac; done\n`);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function setup(osRelease: string) {
  writeFileSync(join(dir, 'os-release'), osRelease);
  const r = spawnSync(process.execPath, [join(dir, 'scripts', 'setup.mjs')], { env: { PATH: bin, CLIPPER_SETUP_SYSROOT: sysroot, CLIPPER_SETUP_OS_RELEASE: join(dir, 'os-release') }, encoding: 'utf8' });
  const lines = (f: string) => { try { return readFileSync(join(dir, f), 'utf8').trim().split('\n'); } catch { return []; } };
  return { code: r.status, stderr: r.stderr, npm: lines('npm.log'), apt: lines('apt.log') };
}

describe('scripts/setup.mjs when npm needs to build a native addon', () => {
  it('installs python3, make and g++ with apt on Debian as root and runs npm again', () => {
    const r = setup('ID=debian\n');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('installing 3 system package(s) with apt');
    expect(r.stderr).toContain('build tools installed; installing npm packages again');
    expect(r.apt).toEqual(['apt-get update -qq', 'apt-get install -y -qq --no-install-recommends python3 make g++']);
    expect(r.npm).toEqual(['npm ci --no-audit --no-fund', 'npm ci --no-audit --no-fund']);
  });

  it('elsewhere says what to install and stops with npm\'s exit code, installing nothing', () => {
    const r = setup('ID=fedora\nPRETTY_NAME="Fedora Linux 40"\n');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/python3, make, g\+\+ are missing: install a C\+\+ tool chain/);
    expect(r.apt).toEqual([]);
    expect(r.npm).toHaveLength(1);
  });
});
