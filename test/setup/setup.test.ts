// Issue 13, item 1: the README's test command sets a fresh machine up itself. scripts/setup.mjs
// runs as a child process here with a PATH that has none of the tools and a sysroot without the
// model, voice and font, against a stand-in `apt-get` that records its arguments and "installs"
// what it was asked for (this machine cannot be made fresh; the flow and the messages are what is
// tested). Other systems get the exact command for their package manager and an exit at once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error plain ES module without types
import { SYSTEM_PACKAGES } from '../../scripts/system-packages.mjs';
// @ts-expect-error plain ES module without types
import { detectSystem, installCommand } from '../../scripts/setup-systems.mjs';
import { copySetupScripts } from './scripts-copy.js';

interface Pkg { apt: string; commands?: string[]; files?: string[] }
let dir: string;
let bin: string;
let sysroot: string;
let script: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'clipper-setup-'));
  bin = join(dir, 'bin');
  sysroot = join(dir, 'root');
  mkdirSync(bin);
  mkdirSync(sysroot);
  chmodSync(dir, 0o755);
  script = copySetupScripts(dir);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function osRelease(text: string): string {
  const f = join(dir, 'os-release');
  writeFileSync(f, text);
  return f;
}

/** An apt-get that logs each call and, on install, creates the commands and files of those packages. */
function fakeApt(): string {
  const log = join(dir, 'apt.log');
  const creates = (SYSTEM_PACKAGES as Pkg[])
    .map((p) => `  ${p.apt}) ${[...(p.commands ?? []).map((c) => `printf '#!/bin/sh\\n' > "${bin}/${c}"; chmod +x "${bin}/${c}"`), ...(p.files ?? []).map((f) => `mkdir -p "$(dirname "${sysroot}${f}")"; touch "${sysroot}${f}"`)].join('; ')};;`)
    .join('\n');
  writeFileSync(
    join(bin, 'apt-get'),
    `#!/bin/sh\nPATH=/usr/bin:/bin\necho "$DEBIAN_FRONTEND apt-get $*" >> "${log}"\n[ "$1" = install ] || exit 0\nfor p in "$@"; do case "$p" in\n${creates}\n esac; done\n`,
  );
  chmodSync(join(bin, 'apt-get'), 0o755);
  return log;
}

function setup(env: Record<string, string>, asUser?: string) {
  const args = [script];
  const cmd = asUser ? spawnSync('/usr/bin/setpriv', ['--reuid', asUser, '--regid', 'nogroup', '--clear-groups', process.execPath, ...args], { env: { ...env }, cwd: dir, encoding: 'utf8' }) : spawnSync(process.execPath, args, { env, cwd: dir, encoding: 'utf8' });
  return { code: cmd.status, stderr: cmd.stderr };
}

describe('scripts/setup.mjs (npm test and npm run demo run it first)', () => {
  it('installs the missing system packages with apt on Debian as root, saying what and why', () => {
    const log = fakeApt();
    const r = setup({ PATH: bin, CLIPPER_SETUP_SYSROOT: sysroot, CLIPPER_SETUP_OS_RELEASE: osRelease('ID=debian\nPRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\n') });
    expect(r.stderr).toContain('installing 9 system package(s) with apt');
    expect(r.stderr).toMatch(/pocketsphinx-en-us\s+pocketsphinx's English model/);
    expect(r.stderr).toContain('system packages installed');
    expect(r.code).toBe(0);
    const calls = readFileSync(log, 'utf8').trim().split('\n');
    expect(calls[0]).toBe('noninteractive apt-get update -qq');
    expect(calls[1]).toBe(`noninteractive apt-get install -y -qq --no-install-recommends ${(SYSTEM_PACKAGES as Pkg[]).map((p) => p.apt).join(' ')}`);
    // A second run finds everything and says nothing.
    const again = setup({ PATH: bin, CLIPPER_SETUP_SYSROOT: sysroot, CLIPPER_SETUP_OS_RELEASE: osRelease('ID=debian\n') });
    expect(again).toEqual({ code: 0, stderr: '' });
  });

  it('installs only what is missing', () => {
    const log = fakeApt();
    for (const c of ['ffmpeg', 'ffprobe', 'sox']) writeFileSync(join(bin, c), '#!/bin/sh\n', { mode: 0o755 });
    const r = setup({ PATH: bin, CLIPPER_SETUP_SYSROOT: sysroot, CLIPPER_SETUP_OS_RELEASE: osRelease('ID=ubuntu\nID_LIKE=debian\n') });
    expect(r.code).toBe(0);
    const install = readFileSync(log, 'utf8').split('\n')[1];
    expect(install).not.toMatch(/ ffmpeg| sox/);
    expect(install).toContain(' pocketsphinx ');
  });

  it('stops at once on Fedora with the exact dnf command, installing nothing', () => {
    const log = fakeApt();
    const r = setup({ PATH: bin, CLIPPER_SETUP_SYSROOT: sysroot, CLIPPER_SETUP_OS_RELEASE: osRelease('ID=fedora\nPRETTY_NAME="Fedora Linux 40"\n') });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('missing system packages: ffmpeg, pocketsphinx');
    expect(r.stderr).toContain('dnf install -y ffmpeg-free pocketsphinx pocketsphinx-models festival sox yt-dlp dejavu-sans-fonts');
    expect(r.stderr).toContain('has no package for festvox-us-slt-hts');
    expect(existsSync(log)).toBe(false);
  });

  it('on Debian without root or sudo prints the sudo apt-get command and stops', () => {
    const log = fakeApt();
    const r = setup({ PATH: bin, CLIPPER_SETUP_SYSROOT: sysroot, CLIPPER_SETUP_OS_RELEASE: osRelease('ID=debian\n') }, 'nobody');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('sudo apt-get update && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ffmpeg pocketsphinx');
    expect(r.stderr).toContain('installs them itself when run as root or with passwordless sudo');
    expect(existsSync(log)).toBe(false);
  });

  it('goes on without them when told to, saying what will fail', () => {
    const r = setup({ PATH: bin, CLIPPER_SETUP_SYSROOT: sysroot, CLIPPER_SETUP_OS_RELEASE: osRelease('ID=arch\n'), CLIPPER_SKIP_SYSTEM_PACKAGES: '1' });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('going on without ffmpeg');
  });

  it('knows the commands of macOS, Arch, openSUSE and Alpine', () => {
    const all = SYSTEM_PACKAGES as Pkg[];
    expect(installCommand(detectSystem({}, 'darwin'), all).command).toBe('brew install ffmpeg sox yt-dlp');
    expect(installCommand({ name: 'Arch', manager: 'pacman', sudo: true }, all).command).toBe('sudo pacman -S --needed ffmpeg festival festival-us sox yt-dlp ttf-dejavu chromium');
    expect(installCommand({ name: 'openSUSE', manager: 'zypper' }, all).command).toBe('zypper install -y ffmpeg-7 festival sox yt-dlp dejavu-fonts chromium');
    expect(installCommand({ name: 'Alpine', manager: 'apk' }, all).command).toBe('apk add ffmpeg sox yt-dlp font-dejavu chromium');
    expect(installCommand({ name: 'plan9', manager: undefined }, all).notes[0]).toContain('install the equivalents of the Debian packages ffmpeg pocketsphinx');
  });
});
