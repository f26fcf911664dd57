// Lets the README's commands work on a fresh clone: installs the npm packages once if they are
// missing (better-sqlite3 builds from source; node-gyp needs nodedir where headers are local).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url);
if (!existsSync(new URL('node_modules/.package-lock.json', root))) {
  process.stderr.write('clipper: installing npm packages (first run)\n');
  const env = { ...process.env };
  if (existsSync('/usr/include/node') && !env.npm_config_nodedir) env.npm_config_nodedir = '/usr';
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: ['ignore', 2, 2], env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
