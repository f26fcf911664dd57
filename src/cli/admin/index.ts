import type { Command } from 'commander';
import type { CliContext } from '../context.js';
import type { CreateTeamOptions } from './teams.js';

/** `admin teams create|list`. Registration only: the verbs (SQLite) are imported when they run. */
export function registerAdminCommands(program: Command, ctx: CliContext): void {
  const group = program.command('admin').description('administer a local data dir directly (no daemon needed): its SQLite file, or PostgreSQL with database.url');
  const teams = group.command('teams').description('root teams of a local data dir\'s database');
  teams
    .command('create')
    .description('add a root team and print its id')
    .option('--data-dir <dir>', 'data folder of the daemon')
    .requiredOption('--name <name>', 'team name')
    .option('--language <code>', 'preferred language (ISO 639-1)', 'en')
    .option('--render-minutes <n>', 'monthly render-minute allowance', '600')
    .action(async (o: CreateTeamOptions) => (await import('./teams.js')).runCreate(o, ctx));
  teams
    .command('list')
    .description('list the root teams')
    .option('--data-dir <dir>', 'data folder of the daemon')
    .action(async (o: { dataDir?: string }) => (await import('./teams.js')).runList(o, ctx));
}
