import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli-io.js';

// `clipper daemon run --role all|api|worker` (issue 21, item 3; DESIGN.md "Second round"): the
// refusals that come before anything starts. The roles at work: multi-process.test.ts.
const dirs: string[] = [];
const dataDir = (config?: object) => {
  const dir = mkdtempSync(join(tmpdir(), 'clipper-roles-'));
  dirs.push(dir);
  if (config) writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const env = { CLIPPER_STATE_DIR: tmpdir(), CLIPPER_DATABASE_URL: '' };

describe('clipper daemon run --role', () => {
  it('refuses an unknown role as a usage error (exit 2)', async () => {
    const r = await runCli(['daemon', 'run', '--role', 'boss', '--data-dir', dataDir(), '--port', '0'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--role must be one of all, api, worker, got boss');
  });

  it.each(['api', 'worker'])('refuses --role %s without a shared database, naming the setting', async (role) => {
    const r = await runCli(['daemon', 'run', '--role', role, '--data-dir', dataDir(), '--port', '0'], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`--role ${role} needs a shared database: set database.url in config.json or CLIPPER_DATABASE_URL`);
  });

  it('refuses a worker that does not know the public address of the API', async () => {
    const dir = dataDir({ database: { url: 'postgres://clipper@127.0.0.1:1/none' } });
    const r = await runCli(['daemon', 'run', '--role', 'worker', '--data-dir', dir, '--port', '0'], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('--role worker needs server.public_base_url');
  });
});
