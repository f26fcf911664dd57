import type { Command } from 'commander';
import type { CliContext } from '../context.js';
import * as runCmd from './run.js';
import * as start from './start.js';
import * as stop from './stop.js';
import * as status from './status.js';

export function registerDaemonCommands(program: Command, ctx: CliContext): void {
  const group = program.command('daemon').description('run, start, stop and inspect the local daemon');
  for (const verb of [runCmd, start, stop, status]) verb.register(group, ctx);
}
