// Which system this is and the exact command that installs packages of scripts/system-packages.mjs
// there (issue 13, item 1: "elsewhere it stops at once with the exact install command for that
// system"). Only apt is ever run by setup.mjs; the others are advice.
import { readFileSync } from 'node:fs';

const MANAGERS = {
  apt: (pkgs) => `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${pkgs}`,
  dnf: (pkgs) => `dnf install -y ${pkgs}`,
  pacman: (pkgs) => `pacman -S --needed ${pkgs}`,
  zypper: (pkgs) => `zypper install -y ${pkgs}`,
  apk: (pkgs) => `apk add ${pkgs}`,
  brew: (pkgs) => `brew install ${pkgs}`,
};

/** os-release's ID and ID_LIKE to a package manager (CLIPPER_SETUP_OS_RELEASE: another file, for tests). */
export function detectSystem(env = process.env, platform = process.platform) {
  if (platform === 'darwin') return { name: 'macOS', manager: 'brew' };
  let text = '';
  try {
    text = readFileSync(env.CLIPPER_SETUP_OS_RELEASE ?? '/etc/os-release', 'utf8');
  } catch {
    return { name: platform, manager: undefined };
  }
  const field = (k) => (new RegExp(`^${k}=("?)(.*)\\1$`, 'm').exec(text)?.[2] ?? '').toLowerCase();
  const ids = `${field('ID')} ${field('ID_LIKE')}`.split(/\s+/);
  const name = field('PRETTY_NAME') || field('ID') || platform;
  const has = (...xs) => xs.some((x) => ids.includes(x));
  if (has('debian', 'ubuntu')) return { name, manager: 'apt' };
  if (has('fedora', 'rhel', 'centos')) return { name, manager: 'dnf' };
  if (has('arch')) return { name, manager: 'pacman' };
  if (has('opensuse', 'suse', 'opensuse-tumbleweed', 'opensuse-leap')) return { name, manager: 'zypper' };
  if (has('alpine')) return { name, manager: 'apk' };
  return { name, manager: undefined };
}

/** `{command, notes}` for these missing entries on that system; no command when it has no manager we know. */
export function installCommand(system, missing) {
  const notes = [];
  if (!system.manager) {
    return { command: undefined, notes: [`unknown system: install the equivalents of the Debian packages ${missing.map((p) => p.apt).join(' ')}`] };
  }
  const names = [];
  for (const p of missing) {
    const n = system.manager === 'apt' ? p.apt : p[system.manager];
    if (n) names.push(n);
    else notes.push(`${system.name} has no package for ${p.apt} (${p.why})${p.note ? `: ${p.note}` : ''}`);
  }
  if (!names.length) return { command: undefined, notes };
  const unique = [...new Set(names)].join(' ');
  const base = MANAGERS[system.manager](unique);
  const sudo = system.sudo && system.manager !== 'brew';
  const command = sudo ? base.replace(/(^|&& )(DEBIAN_FRONTEND=\S+ )?(apt-get|dnf|pacman|zypper|apk)/g, (_m, pre, fe, cmd) => `${pre}sudo ${fe ?? ''}${cmd}`) : base;
  return { command, notes };
}
