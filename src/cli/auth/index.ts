import type { Command } from 'commander';
import type { CliContext } from '../context.js';
import type { TokenOptions } from './token.js';

/** `auth token`. Registration only: the verb (SQLite, jose) is imported when it runs. */
export function registerAuthCommands(program: Command, ctx: CliContext): void {
  const group = program.command('auth').description('credentials for the local daemon');
  group
    .command('token')
    .description('mint a bearer ID token (1 hour) for a team of a local data dir')
    .option('--data-dir <dir>', 'data folder of the daemon')
    .option('--team <id>', 'team id (default: the root team created on first start)')
    .action(async (o: TokenOptions) => (await import('./token.js')).run(o, ctx));
}
