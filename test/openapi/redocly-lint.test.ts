// Issue 27, item 6: openapi.json (the document the build writes; document.test.ts checks it is
// current) lints clean under `@redocly/cli lint` with its recommended rules (redocly.yaml), run
// as a user runs it: the package's own command, offline, no telemetry.
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const run = promisify(execFile);
const cli = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin', 'cli.js');

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }>;
}

describe('redocly lint openapi.json', () => {
  it('finds no error and no warning with the recommended rules', async () => {
    const { stdout } = await run(process.execPath, [cli, 'lint', 'openapi.json', '--config', 'redocly.yaml', '--format', 'json'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', CI: 'true' },
      timeout: 60_000,
    });
    const report = JSON.parse(stdout) as LintReport;
    const problems = report.problems.map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    // The one accepted exception (.redocly.lint-ignore.yaml): GET /v1/openapi.json has no 4XX answer.
    expect(report.totals.ignored).toBeLessThanOrEqual(1);
  }, 90_000);
});
