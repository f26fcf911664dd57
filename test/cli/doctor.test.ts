import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installModel, removeModel } from '../../daemon/pipeline/transcribe/model-install.js';
import { makeTestModel } from '../pipeline/test-model.js';
import { run, runChecks } from '../../src/cli/doctor/index.js';
import { DOCTOR_CHECKS, type DoctorCheck } from '../../src/cli/doctor/checks.js';
import { runCli, testContext, useDaemonForCli } from '../helpers/cli-io.js';

const t = useDaemonForCli();

describe('clipper doctor', () => {
  it('reports the daemon, the credentials and the disk as ok against a running daemon', async () => {
    const r = await runCli(['doctor', '--json'], { env: t.env() });
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.ok).toBe(true);
    expect(report.checks.map((c: { id: string; status: string }) => [c.id, c.status])).toEqual([
      ['service', 'ok'],
      ['credentials', 'ok'],
      ['disk', expect.stringMatching(/ok|warn/)],
      // The media checks (test/pipeline/engines.test.ts checks them in detail).
      ['ffmpeg', expect.stringMatching(/ok|warn/)],
      ['ffprobe', expect.stringMatching(/ok|warn/)],
      ['transcription', expect.stringMatching(/ok|warn/)],
      // Issue 20: the llm setting (not set in the test daemon's data dir).
      ['llm', 'ok'],
      // Issue 20: the GloVe word vectors (an optional npm package that `npm ci` installs).
      ['word-vectors', 'ok'],
      // Issue 28, item 5: the test daemon's data dir has none of the recommended models.
      ['models', 'warn'],
    ]);
    expect(report.checks[1].detail).toBe(`team ${t.d.rootTeamId} via ID token (from local daemon data dir)`);
    expect(report.checks[2].detail).toMatch(/free at /);
    expect(report.checks[7].detail).toMatch(/^GloVe 100d, [\d,]+ words$/);
    expect(report.checks[8].fix).toMatch(/^Better clips: .*Run `clipper models setup` \(\d+ MB download\)\.$/);
  });

  it('fails with exit code 1 and says what to do when the daemon is down', async () => {
    const r = await runCli(['doctor'], { env: { ...t.h.env, CLIPPER_BASE_URL: 'http://127.0.0.1:1' } });
    expect(r.code).toBe(1);
    // Issue 13, item 6: in a pipe a table is tab-separated lines.
    expect(r.stdout).toMatch(/API reachable\tfail/);
    expect(r.stdout).toMatch(/credentials valid\tskip/);
    expect(r.stderr).toContain('fix (API reachable): Start the daemon: `clipper daemon start`');
  });

  it('reports a refused credential with its source', async () => {
    const r = await runCli(['doctor', '--json'], { env: { ...t.h.env, CLIPPER_BASE_URL: t.d.url, CLIPPER_API_KEY: `nope-${t.d.rootTeamId}` } });
    const creds = JSON.parse(r.stdout).checks.find((c: { id: string }) => c.id === 'credentials');
    expect(creds).toMatchObject({ status: 'fail', fix: expect.stringContaining('clipper login') });
    expect(creds.detail).toContain('(from environment)');
    // Not the local daemon of the data dir: its disk is not what matters.
    expect(JSON.parse(r.stdout).checks.find((c: { id: string }) => c.id === 'disk')).toMatchObject({ status: 'skip' });
  });

  it('runs a list of checks that others extend; a throwing check is a failure, not a crash', async () => {
    const extra: DoctorCheck[] = [
      { id: 'tool', title: 'tool', run: async () => ({ status: 'warn', detail: 'old', fix: 'install a newer one' }) },
      { id: 'broken', title: 'broken', run: async () => { throw new Error('kaput'); } },
      { id: 'after', title: 'after', run: async ({ results }) => ({ status: 'ok', detail: `saw ${[...results.keys()].join(',')}` }) },
    ];
    const { ctx, stdout } = testContext({ env: t.env() });
    ctx.globals.json = true;
    await run({}, ctx, [...DOCTOR_CHECKS, ...extra]);
    const report = JSON.parse(stdout.text);
    expect(report.ok).toBe(false);
    expect(ctx.exitCode).toBe(1);
    const builtIn = DOCTOR_CHECKS.map((c) => c.id).join(',');
    expect(report.checks.slice(DOCTOR_CHECKS.length)).toEqual([
      { id: 'tool', title: 'tool', status: 'warn', detail: 'old', fix: 'install a newer one' },
      { id: 'broken', title: 'broken', status: 'fail', detail: 'the check itself failed: kaput' },
      { id: 'after', title: 'after', status: 'ok', detail: `saw ${builtIn},tool,broken` },
    ]);
    const onlyWarn = await runChecks([extra[0]], { ctx, target: ctx.target(), dataDir: t.d.dataDir, local: true });
    expect(onlyWarn.ok).toBe(true);
  });

  it('asks the running daemon which engine its next job uses: a model added a moment ago, without a restart (issue 27, item 10)', async () => {
    const check = async () => {
      const r = await runCli(['doctor', '--json'], { env: t.env() });
      return JSON.parse(r.stdout).checks.find((c: { id: string }) => c.id === 'transcription') as { status: string; detail: string };
    };
    const dir = mkdtempSync(join(tmpdir(), 'clipper-doctor-model-'));
    try {
      await installModel(makeTestModel(dir, 'doctor-tiny.en'), t.d.dataDir);
      const added = await check();
      expect(added.status).toBe('ok');
      expect(added.detail).toMatch(/^the running daemon's next job: sherpa-onnx: model doctor-tiny\.en/);
      expect((await t.d.call('GET', '/v1/transcription', { auth: `Key ${await t.d.apiKey()}` })).body).toMatchObject({ engine: 'sherpa-onnx', model: 'doctor-tiny.en' });
      await removeModel('doctor-tiny.en', t.d.dataDir);
      expect((await check()).detail).not.toContain('doctor-tiny.en');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
