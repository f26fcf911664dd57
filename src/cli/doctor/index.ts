import type { Command } from 'commander';
import { resolve } from 'node:path';
import type { CliContext } from '../context.js';
import { localDaemonUrl, localDataDir } from '../credentials.js';
import { EXIT } from '../exit-codes.js';
import type { CheckResult, DoctorCheck, DoctorEnv } from './checks.js';

export interface DoctorOptions {
  dataDir?: string;
}

export type DoctorReport = { ok: boolean; checks: Array<{ id: string; title: string } & CheckResult> };

/** Runs each check in order; one that throws is reported as failed rather than stopping the rest. */
export async function runChecks(checks: DoctorCheck[], env: Omit<DoctorEnv, 'results'>): Promise<DoctorReport> {
  const results: DoctorReport['checks'] = [];
  const byId = new Map<string, CheckResult>();
  for (const c of checks) {
    let r: CheckResult;
    try {
      r = await c.run({ ...env, results: byId });
    } catch (e) {
      r = { status: 'fail', detail: `the check itself failed: ${(e as Error).message}` };
    }
    byId.set(c.id, r);
    results.push({ id: c.id, title: c.title, ...r });
  }
  return { ok: results.every((r) => r.status !== 'fail'), checks: results };
}

/** `clipper doctor`: what works and what to do about what does not; exit code 1 if a check fails. */
export async function run(opts: DoctorOptions, ctx: CliContext, checks?: DoctorCheck[]): Promise<void> {
  // The checks (media tools, speech engines: pipeline code) are loaded only when doctor runs.
  checks ??= (await import('./checks.js')).DOCTOR_CHECKS;
  // Issue 13, item 3: --data-dir is also the data dir whose owner credential is checked.
  if (opts.dataDir) ctx.localDataDir = resolve(opts.dataDir);
  const target = ctx.target();
  const dataDir = resolve(opts.dataDir ?? target.dataDir ?? localDataDir(ctx.env, { baseUrl: target.baseUrl }));
  const local = target.source === 'local-daemon' || target.baseUrl === localDaemonUrl(dataDir);
  const report = await runChecks(checks, { ctx, target, dataDir, local });
  ctx.out.data(report, () => {
    ctx.out.table(report.checks, [
      { header: 'CHECK', value: (c) => c.title },
      { header: 'STATUS', value: (c) => c.status },
      { header: 'DETAIL', value: (c) => c.detail },
    ]);
    for (const c of report.checks) if (c.fix) ctx.out.info(`${c.status === 'fail' ? 'fix' : 'note'} (${c.title}): ${c.fix}`);
  });
  if (!report.ok) ctx.exitCode = EXIT.ERROR;
}

export function register(program: Command, ctx: CliContext): void {
  program
    .command('doctor')
    .description('check the daemon, credentials and local tools, with what to do for each problem')
    .option('--data-dir <dir>', 'data folder of the local daemon')
    .action((o: DoctorOptions) => run(o, ctx));
}
