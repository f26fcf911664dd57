import type { Command } from 'commander';
import type { CliContext } from '../context.js';
import type { CreateTeamOptions } from './teams.js';
import type { BackupOptions } from './backup.js';
import type { RestoreOptions } from './restore.js';

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
  // Issue 31, item 3.
  group
    .command('backup')
    .description('copy a data dir (database snapshot, objects, keys, config) into an empty folder; safe while the daemon runs')
    .option('--data-dir <dir>', 'data folder of the daemon')
    .requiredOption('--to <dir>', 'new or empty folder for the backup')
    .action(async (o: BackupOptions) => (await import('./backup.js')).run(o, ctx));
  group
    .command('restore')
    .description('restore a backup into a new or empty data dir (stop the original for good before starting the restored one); a PostgreSQL backup goes into the empty database that CLIPPER_DATABASE_URL or the restored database.url names')
    .option('--data-dir <dir>', 'data folder to restore into (must be empty)')
    .requiredOption('--from <dir>', 'folder written by `clipper admin backup`')
    .action(async (o: RestoreOptions) => (await import('./restore.js')).run(o, ctx));
}
