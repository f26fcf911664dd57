import type { Command } from 'commander';
import type { CliContext } from '../context.js';
import * as teams from './teams.js';

export function registerAdminCommands(program: Command, ctx: CliContext): void {
  const group = program.command('admin').description('administer a local data dir directly (no daemon needed)');
  teams.register(group, ctx);
}
