import type { Command } from 'commander';
import { loadConfig, type DaemonConfig } from '../../daemon/config.js';
import { describeEngines, type ToolReport } from '../../daemon/pipeline/transcribe/describe.js';
import type { CliContext } from './context.js';
import { EXIT } from './exit-codes.js';

export type CheckStatus = 'ok' | 'info' | 'warn' | 'fail';

export interface CheckResult {
  name: string;
  status: CheckStatus;
  detail: string;
}

export interface DoctorInput {
  config: DaemonConfig;
  env: NodeJS.ProcessEnv;
}

/** A check gives one or more result lines; `fail` makes `doctor` exit non-zero. */
export type DoctorCheck = (input: DoctorInput) => Promise<CheckResult[]>;

function toolCheck(t: ToolReport): CheckResult {
  if (t.error) return { name: t.name, status: 'fail', detail: t.error };
  const where = `${t.path} (${t.source === 'npm' ? 'bundled npm build' : t.source === 'env' ? 'from CLIPPER_' + t.name.toUpperCase() : 'on PATH'}), version ${t.version}`;
  // FACTS.md: the npm build is from 2018; a maintained ffmpeg is safer on untrusted media.
  return t.source === 'npm'
    ? { name: t.name, status: 'warn', detail: `${where}; install a maintained ${t.name} (apt-get install ffmpeg), the bundled one is old` }
    : { name: t.name, status: 'ok', detail: where };
}

/** ffmpeg, ffprobe and the speech engine that jobs will use, with the reasons. */
export const mediaPipelineChecks: DoctorCheck = async ({ config, env }) => {
  const report = await describeEngines(config, env);
  const engine: CheckResult =
    'error' in report.engine
      ? { name: 'transcription', status: 'fail', detail: report.engine.error }
      : { name: 'transcription', status: report.engine.name === 'none' ? 'warn' : 'ok', detail: report.engine.reason };
  const engines = report.engines
    .filter((e) => e.name !== 'none')
    .map((e): CheckResult => ({ name: `engine ${e.name}`, status: e.available ? 'ok' : 'info', detail: e.detail }));
  return [toolCheck(report.ffmpeg), toolCheck(report.ffprobe), engine, ...engines];
};

/** Every check `clipper doctor` runs, in order. Add new ones here. */
export const DOCTOR_CHECKS: DoctorCheck[] = [mediaPipelineChecks];

const MARK: Record<CheckStatus, string> = { ok: 'ok  ', info: 'info', warn: 'warn', fail: 'FAIL' };

/** `clipper doctor`: what works on this machine and what to install. */
export async function run(opts: { dataDir?: string }, ctx: CliContext, checks: DoctorCheck[] = DOCTOR_CHECKS): Promise<void> {
  const input: DoctorInput = { config: loadConfig({ dataDir: opts.dataDir }, ctx.env), env: ctx.env };
  const results: CheckResult[] = [];
  for (const check of checks) {
    try {
      results.push(...(await check(input)));
    } catch (e) {
      results.push({ name: check.name || 'check', status: 'fail', detail: (e as Error).message });
    }
  }
  const ok = !results.some((r) => r.status === 'fail');
  if (!ok) ctx.exitCode = EXIT.ERROR;
  ctx.out.data({ ok, checks: results }, () => {
    for (const r of results) ctx.out.line(`${MARK[r.status]}  ${r.name}: ${r.detail}`);
  });
}

export function registerDoctor(program: Command, ctx: CliContext): void {
  program
    .command('doctor')
    .description('check this machine: ffmpeg, speech recognition, ...')
    .option('--data-dir <dir>', 'data folder of the daemon')
    .action((o: { dataDir?: string }) => run(o, ctx));
}
