import type { Command } from 'commander';
import type { CliContext } from '../context.js';
import * as token from './token.js';

export function registerAuthCommands(program: Command, ctx: CliContext): void {
  const group = program.command('auth').description('credentials for the local daemon');
  token.register(group, ctx);
}
