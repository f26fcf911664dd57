// The Dockerfile's steps, replayed without a container engine (issue 31, item 6: "if no container
// engine runs here, test what can be tested (the image's build steps as a script run in CI)").
// Reads the Dockerfile and carries out each stage in a folder of its own: COPY from the build
// context (the repository's tracked files, less .dockerignore's) or from an earlier stage,
// WORKDIR, ARG, ENV, and every RUN verbatim with sh, except two that need what a container
// gives: apt-get (the packages are scripts/system-packages.mjs's, which `npm test` installs on
// this machine) and `npm ci` (this checkout's node_modules, hard-linked, stand in: no second
// download). Then it starts the final stage's ENTRYPOINT + CMD from the image's folder, with
// only what the image copies there (production dependencies after `npm prune`), waits until its
// HEALTHCHECK command passes, and stops it. Exit 0 when all of it worked; 1 with the step that
// failed. Usage: node scripts/container-build.mjs [--keep]   (--keep leaves the folders)
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const keep = process.argv.includes('--keep');
const work = mkdtempSync(join(tmpdir(), 'clipper-image-'));
// As the Dockerfile's header builds it: `--build-arg CLIPPER_COMMIT=$(git rev-parse --short HEAD)`.
const BUILD_ARGS = { CLIPPER_COMMIT: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim() };
const say = (s) => process.stderr.write(`container-build: ${s}\n`);

/** Instructions, continuation lines joined, comments and the parser directive dropped. */
function instructions(text) {
  return text.replace(/\\\n/g, ' ').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'))
    .map((l) => ({ op: l.split(/\s+/)[0].toUpperCase(), rest: l.slice(l.split(/\s+/)[0].length).trim() }));
}

/** The build context: tracked files, less what .dockerignore names (its simple patterns). */
function context() {
  const ignore = readFileSync(join(root, '.dockerignore'), 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  const re = ignore.map((p) => new RegExp(`^${p.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}(/|$)`));
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  return files.filter((f) => !re.some((r) => r.test(f)));
}

function copyInto(fromDir, srcs, dest, stageRoot, workdir) {
  const to = dest.startsWith('/') ? join(stageRoot, dest) : join(stageRoot, workdir, dest);
  for (const src of srcs) {
    if (src === '.') {
      for (const f of context()) {
        mkdirSync(dirname(join(to, f)), { recursive: true });
        cpSync(join(fromDir, f), join(to, f));
      }
    } else {
      const from = join(fromDir, src); // the context's root, or an earlier stage's (its paths are absolute)
      const target = dest.endsWith('/') || srcs.length > 1 ? join(to, src.split('/').pop()) : to;
      mkdirSync(dirname(target), { recursive: true });
      // From a stage, hard links: the same bytes, without a second 2 GB of node_modules (nothing
      // runs in the final stage that writes). From the context, copies: the build writes there.
      if (fromDir === root) cpSync(from, target, { recursive: true });
      else linkTree(from, target);
    }
  }
}

/** Hard links where the temp dir shares the checkout's file system; a plain copy where it does not. */
function linkTree(from, to) {
  if (spawnSync('cp', ['-al', from, to], { stdio: 'ignore' }).status === 0) return;
  rmSync(to, { recursive: true, force: true });
  execFileSync('cp', ['-a', from, to]);
}

function runStep(cmd, cwd, env) {
  if (/\bapt-get\b/.test(cmd)) return say(`skipped (system packages come from scripts/system-packages.mjs here): ${cmd.slice(0, 60)}...`);
  if (/^npm ci\b/.test(cmd)) {
    say('npm ci: this checkout\'s node_modules, hard-linked');
    linkTree(join(root, 'node_modules'), join(cwd, 'node_modules'));
    // npm rewrites its record of node_modules in place when it prunes: a copy of its own, so the
    // checkout's (the same inode) is never touched. Everything else npm prune only unlinks.
    const record = join(cwd, 'node_modules', '.package-lock.json');
    cpSync(record, record + '.own');
    renameSync(record + '.own', record);
    return;
  }
  say(`RUN ${cmd}`);
  const r = spawnSync('sh', ['-c', cmd], { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`RUN ${cmd} exited with ${r.status}`);
}

const freePort = () => new Promise((res, rej) => {
  const s = createServer();
  s.once('error', rej);
  s.listen(0, '127.0.0.1', () => {
    const { port } = s.address();
    s.close(() => res(port));
  });
});

async function main() {
  const stages = [];
  for (const i of instructions(readFileSync(join(root, 'Dockerfile'), 'utf8'))) {
    if (i.op === 'FROM') {
      const name = /\bAS\s+(\S+)/i.exec(i.rest)?.[1] ?? String(stages.length);
      const dir = join(work, `stage-${stages.length}-${name}`);
      mkdirSync(dir, { recursive: true });
      stages.push({ name, dir, workdir: '/', env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' }, config: {} });
      say(`stage ${name}: ${i.rest}`);
      continue;
    }
    const s = stages[stages.length - 1];
    const cwd = join(s.dir, s.workdir);
    if (i.op === 'WORKDIR') {
      s.workdir = i.rest;
      mkdirSync(join(s.dir, s.workdir), { recursive: true });
    } else if (i.op === 'ARG') {
      const [k, v = ''] = i.rest.split('=');
      s.env[k] = BUILD_ARGS[k] ?? JSON.parse(v || '""');
    } else if (i.op === 'ENV') {
      for (const m of i.rest.matchAll(/(\w+)=(\S+)/g)) s.env[m[1]] = m[2];
    } else if (i.op === 'COPY') {
      const words = i.rest.split(/\s+/);
      const from = words[0].startsWith('--from=') ? stages.find((x) => x.name === words.shift().slice(7)) : undefined;
      const dest = words.pop();
      copyInto(from ? from.dir : root, words, dest, s.dir, s.workdir);
    } else if (i.op === 'RUN') {
      if (/^(groupadd|useradd)\b/.test(i.rest)) say('skipped (the user is made in the image; this replay runs as whoever runs it)');
      else runStep(i.rest, cwd, s.env);
    } else s.config[i.op] = i.rest;
  }
  await runImage(stages[stages.length - 1]);
}

/** The final stage's ENTRYPOINT + CMD, from its folder, on a free port; its HEALTHCHECK until it passes. */
async function runImage(s) {
  const port = await freePort();
  const data = join(work, 'volume');
  mkdirSync(data, { recursive: true });
  const env = { ...s.env, CLIPPER_PORT: String(port), CLIPPER_DATA_DIR: data, HOME: data };
  const argv = [...JSON.parse(s.config.ENTRYPOINT), ...JSON.parse(s.config.CMD)].map((a) => (a === '7788' ? String(port) : a)).map((a) => (a === '0.0.0.0' ? '127.0.0.1' : a));
  const cwd = join(s.dir, s.workdir);
  const version = spawnSync(argv[0] === 'node' ? process.execPath : argv[0], [argv[1], '--version'], { cwd, env, encoding: 'utf8' });
  if (version.status !== 0) throw new Error(`clipper --version failed: ${version.stderr}`);
  say(`clipper --version: ${version.stdout.trim()}`);
  if (!version.stdout.includes(`commit ${BUILD_ARGS.CLIPPER_COMMIT}`)) throw new Error(`clipper --version does not name commit ${BUILD_ARGS.CLIPPER_COMMIT}`);
  say(`starting ${argv.join(' ')}`);
  const daemon = spawn(argv[0] === 'node' ? process.execPath : argv[0], argv.slice(1), { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  daemon.stderr.on('data', (c) => (stderr = (stderr + c).slice(-4000)));
  const check = JSON.parse(s.config.HEALTHCHECK.slice(s.config.HEALTHCHECK.indexOf('CMD ') + 4));
  try {
    for (let i = 0; ; i++) {
      if (daemon.exitCode !== null) throw new Error(`the daemon exited with ${daemon.exitCode}: ${stderr.trim().split('\n').pop()}`);
      if (spawnSync(check[0] === 'node' ? process.execPath : check[0], check.slice(1), { env, timeout: 5000 }).status === 0) break;
      if (i >= 60) throw new Error(`the HEALTHCHECK did not pass within 30 s: ${stderr.trim().split('\n').pop() ?? ''}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    say(`HEALTHCHECK passed on port ${port}`);
  } finally {
    daemon.kill('SIGTERM');
    await new Promise((r) => (daemon.exitCode !== null ? r() : daemon.once('exit', r)));
  }
}

try {
  await main();
  say('the image\'s steps all worked');
} catch (e) {
  say(`FAILED: ${e.message}`);
  process.exitCode = 1;
} finally {
  if (keep) say(`left in ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
