// Makes fixtures/upgrade/<commit>.tar.gz: a data dir written by an older release's own code
// (issue 31, item 5). Checks the commit out in a temporary worktree, borrows this tree's
// node_modules, runs old-side.ts there, and packs the data dir with what it made (ids, the key).
// With --postgres the old release keeps its rows in a PostgreSQL database (with-postgres.ts),
// packed beside the data dir as postgres.sql: fixtures/upgrade/<commit>-postgres.tar.gz.
// Usage: node scripts/upgrade-fixture/make.mjs [COMMIT] [--postgres]   (default a5ba9a9)
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const args = process.argv.slice(2);
const postgres = args.includes('--postgres');
const commit = args.find((a) => !a.startsWith('--')) ?? 'a5ba9a9';
const work = mkdtempSync(join(tmpdir(), 'clipper-upgrade-'));
const tree = join(work, 'old');
const data = join(work, 'data');
const video = join(work, 'talk.mp4');
const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', ...opts });
try {
  run('git', ['-C', root, 'worktree', 'add', '--detach', tree, commit]);
  symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'));
  // At the same place in the old tree, so its imports (../../daemon/...) reach the old code.
  mkdirSync(join(tree, 'scripts', 'upgrade-fixture'), { recursive: true });
  copyFileSync(join(root, 'scripts', 'upgrade-fixture', 'old-side.ts'), join(tree, 'scripts', 'upgrade-fixture', 'old-side.ts'));
  // Two seconds of a talking-head stand-in: small enough to commit.
  run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x284:rate=10', '-f', 'lavfi', '-i', 'sine=frequency=300:sample_rate=16000', '-t', '2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '32k', '-shortest', video]);
  const tsx = join(root, 'node_modules', '.bin', 'tsx');
  const made = postgres
    ? run(tsx, [join(root, 'scripts', 'upgrade-fixture', 'with-postgres.ts'), tree, data, video], { cwd: root })
    : run(tsx, [join('scripts', 'upgrade-fixture', 'old-side.ts'), data, video], { cwd: tree });
  writeFileSync(join(data, 'fixture.json'), JSON.stringify({ commit: run('git', ['-C', tree, 'rev-parse', 'HEAD']).trim(), ...JSON.parse(made.trim().split('\n').pop()) }, null, 2) + '\n');
  rmSync(join(data, 'tmp'), { recursive: true, force: true });
  mkdirSync(join(root, 'fixtures', 'upgrade'), { recursive: true });
  const out = join(root, 'fixtures', 'upgrade', `${commit}${postgres ? '-postgres' : ''}.tar.gz`);
  run('tar', ['-czf', out, '-C', data, '.']);
  console.log(`wrote ${out}`);
} finally {
  try {
    run('git', ['-C', root, 'worktree', 'remove', '--force', tree]);
  } catch {
    /* already gone */
  }
  rmSync(work, { recursive: true, force: true });
}
