import type { Command } from 'commander';
import type { CliContext } from '../context.js';
import { parseDaemonOptions, withDaemonFlags, withRoleFlag } from './options.js';

/**
 * `daemon run|start|stop|status`. Registration only: each verb's module (`run` loads the whole
 * daemon) is imported when that verb runs, so the CLI starts fast.
 */
export function registerDaemonCommands(program: Command, ctx: CliContext): void {
  const group = program.command('daemon').description('run, start, stop and inspect the local daemon');
  withRoleFlag(withDaemonFlags(group.command('run').description('run the daemon in the foreground'), { network: true })).action(async (raw) =>
    (await import('./run.js')).run(parseDaemonOptions(raw, ctx.env), ctx),
  );
  withDaemonFlags(group.command('start').description('start the daemon in the background'), { network: true }).action(async (raw) =>
    (await import('./start.js')).run(parseDaemonOptions(raw, ctx.env), ctx),
  );
  withDaemonFlags(group.command('stop').description('stop the background daemon'), { network: false }).action(async (raw) =>
    (await import('./stop.js')).run(parseDaemonOptions(raw, ctx.env), ctx),
  );
  withDaemonFlags(group.command('status').description('show whether the daemon runs, with its pid and port'), { network: false }).action(async (raw) =>
    (await import('./status.js')).run(parseDaemonOptions(raw, ctx.env), ctx),
  );
}
