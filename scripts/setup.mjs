// Sets a machine up for the README's two commands (`npm run demo`, `npm test`), which run this
// first (issue 13, item 1: "The README's test command must do all the set-up itself").
//
// 1. System packages (scripts/system-packages.mjs, the one list): what is missing is installed
//    with apt on Debian/Ubuntu when this runs as root or with passwordless sudo, saying what and
//    why. Anywhere else it stops at once with the exact install command for that system, instead
//    of letting tests run that cannot pass. CLIPPER_SKIP_SYSTEM_PACKAGES=1 goes on without them
//    (a warning says what will not work).
// 2. npm packages: `npm ci` on a fresh clone, `npm install` when a dependency is missing.
//    better-sqlite3 builds from source here; node-gyp finds Node's headers only through nodedir
//    (FACTS.md), so it is set when /usr/include/node exists. When npm fails and a build tool is
//    missing (python3, make, g++), they are installed with apt as above and npm runs once more. NODE_LLAMA_CPP_SKIP_DOWNLOAD=true
//    keeps node-llama-cpp's install from downloading or building llama.cpp (its binaries are in npm).
//
// Exit codes: 0 ready; 1 something is missing that this script may not install (the command to
// run is printed); the failing command's own code when an install failed.
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { missingPackages, onPath } from './system-check.mjs';
import { detectSystem, installCommand } from './setup-systems.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const say = (text) => process.stderr.write(`clipper setup: ${text}\n`);
const env = process.env;
/** What node-gyp needs to build a native addon (the command each puts on PATH is its name). */
const BUILD_TOOLS = [
  { apt: 'python3', why: 'node-gyp, to build better-sqlite3 from source (its prebuilt binary could not be downloaded)' },
  { apt: 'make', why: 'node-gyp runs it for the build' },
  { apt: 'g++', why: "compiles better-sqlite3's C++ against Node's headers" },
];

function run(command, args, extraEnv = {}) {
  const r = spawnSync(command, args, { cwd: root, stdio: ['ignore', 2, 2], env: { ...env, ...extraEnv } });
  if (r.error) return { ok: false, code: 127, why: r.error.message };
  return { ok: r.status === 0, code: r.status ?? 1, why: `exit code ${r.status ?? r.signal}` };
}

function canSudo() {
  return onPath('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
}

/** Installs `packages` (entries with an `apt` name and a `why`) with apt-get, or exits saying how to. */
function aptInstall(packages, isRoot) {
  const names = packages.map((p) => p.apt);
  say(`installing ${names.length} system package(s) with apt${isRoot ? '' : ' (through sudo)'}:`);
  for (const p of packages) say(`  ${p.apt.padEnd(20)} ${p.why}`);
  const sudo = isRoot ? [] : ['sudo', '-n'];
  const apt = (args) => (sudo.length ? run(sudo[0], [...sudo.slice(1), 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args]) : run('apt-get', args, { DEBIAN_FRONTEND: 'noninteractive' }));
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', '--no-install-recommends', ...names]]) {
    const r = apt(args);
    if (!r.ok) {
      say(`apt-get ${args[0]} failed (${r.why}); install them yourself and run this again:`);
      say(`  ${installCommand({ manager: 'apt', sudo: !isRoot }, packages).command}`);
      process.exit(r.code || 1);
    }
  }
}

function setUpSystem() {
  const missing = missingPackages();
  if (!missing.length) return;
  if (env.CLIPPER_SKIP_SYSTEM_PACKAGES === '1') {
    say(`CLIPPER_SKIP_SYSTEM_PACKAGES=1: going on without ${missing.map((p) => p.apt).join(', ')}; the tests that need them will fail`);
    return;
  }
  const system = detectSystem(env);
  const isRoot = (process.getuid?.() ?? 1) === 0;
  if (system.manager === 'apt' && (isRoot || canSudo())) {
    aptInstall(missing, isRoot);
    const still = missingPackages();
    if (still.length) {
      say(`still missing after apt-get install: ${still.map((p) => p.apt).join(', ')}`);
      process.exit(1);
    }
    say('system packages installed');
    return;
  }
  // Not ours to install: stop at once with the exact command for this system.
  const advice = installCommand({ ...system, sudo: !isRoot }, missing);
  say(`missing system packages: ${missing.map((p) => p.apt).join(', ')} (${system.name})`);
  for (const p of missing) say(`  ${p.apt.padEnd(20)} ${p.why}`);
  if (advice.command) say(`install them with:\n\n    ${advice.command}\n`);
  for (const n of advice.notes) say(`note: ${n}`);
  if (system.manager === 'apt') say('(this script installs them itself when run as root or with passwordless sudo)');
  say('then run the same command again; CLIPPER_SKIP_SYSTEM_PACKAGES=1 goes on without them');
  process.exit(1);
}

function setUpNpm() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const deps = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})];
  const absent = deps.filter((d) => !existsSync(join(root, 'node_modules', d, 'package.json')));
  if (!absent.length) return;
  const fresh = !existsSync(join(root, 'node_modules'));
  const extra = {
    ...(existsSync('/usr/include/node') && !env.npm_config_nodedir ? { npm_config_nodedir: '/usr' } : {}),
    // onnxruntime-node's CPU binaries ship inside the package; its install step would download
    // GPU ones (and fails offline). Issue 28.
    ONNXRUNTIME_NODE_INSTALL: env.ONNXRUNTIME_NODE_INSTALL ?? 'skip',
    // node-llama-cpp ships llama.cpp prebuilt in @node-llama-cpp/<platform>; its postinstall would
    // otherwise try to download and build llama.cpp when no prebuilt binary fits (offline: fails).
    NODE_LLAMA_CPP_SKIP_DOWNLOAD: env.NODE_LLAMA_CPP_SKIP_DOWNLOAD ?? 'true',
  };
  say(fresh ? 'installing npm packages (first run: npm ci)' : `installing missing npm packages: ${absent.join(', ')}`);
  const npm = () => run('npm', [fresh ? 'ci' : 'install', '--no-audit', '--no-fund'], extra);
  let r = npm();
  // better-sqlite3 builds from source where its prebuilt binary cannot be downloaded (FACTS.md):
  // node-gyp then needs python3, make and g++. Installed only then, and only where apt may be used.
  const tools = BUILD_TOOLS.filter((t) => !onPath(t.apt));
  if (!r.ok && tools.length) {
    const isRoot = (process.getuid?.() ?? 1) === 0;
    if (detectSystem(env).manager !== 'apt' || !(isRoot || canSudo())) {
      say(`npm could not install; a native addon may need building, and ${tools.map((t) => t.apt).join(', ')} ${tools.length > 1 ? 'are' : 'is'} missing: install a C++ tool chain (python3, make, g++) and run this again`);
      process.exit(r.code || 1);
    }
    aptInstall(tools, isRoot);
    say('build tools installed; installing npm packages again');
    r = npm();
  }
  if (!r.ok) process.exit(r.code || 1);
}

setUpSystem();
setUpNpm();
