import type { Command } from 'commander';
import { PLATFORMS } from '../../api/events.js';
import { parsePlatform } from '../platform-arg.js';
import type { CliContext } from '../context.js';
import { usageError } from '../exit-codes.js';
import { formatTime } from '../output.js';
import { confirmDestructive } from '../confirm.js';

export interface ConnectOptions {
  platform: string;
  connector?: string;
  account?: string;
  /** key=value pairs for the connector (endpoint, token...). */
  setting?: string[];
}

/** `clipper platforms connect PLATFORM [--connector local] [--account NAME] [--setting k=v ...]` (needs a bearer token). */
export async function runConnect(opts: ConnectOptions, ctx: CliContext): Promise<void> {
  const platform = parsePlatform(opts.platform);
  const settings: Record<string, string> = {};
  for (const pair of opts.setting ?? []) {
    const eq = pair.indexOf('=');
    if (eq < 1) throw usageError(`--setting takes key=value, got "${pair}"`);
    settings[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  const record = await (await ctx.client()).platforms.connect({
    platform,
    connector: opts.connector ?? 'local',
    account_name: opts.account ?? 'local',
    settings,
  });
  ctx.out.data(record, () => ctx.out.info(`${record.platform} connected with the ${record.connector} connector as ${record.account_name}; new previews get a draft for it`));
}

export async function runList(_opts: object, ctx: CliContext): Promise<void> {
  const res = await (await ctx.client()).platforms.list();
  ctx.out.data(res, () =>
    ctx.out.table(res.platforms, [
      { header: 'PLATFORM', value: (p) => p.platform },
      { header: 'CONNECTOR', value: (p) => p.connector },
      { header: 'ACCOUNT', value: (p) => p.account_name },
      { header: 'STATUS', value: (p) => p.status },
      { header: 'CONNECTED', value: (p) => formatTime(p.created_at) },
    ]),
  );
}

export async function runDisconnect(opts: { platform: string; yes?: boolean }, ctx: CliContext): Promise<void> {
  parsePlatform(opts.platform);
  await confirmDestructive(ctx, `Disconnect ${opts.platform}? New clips get no drafts for it, and its drafts can no longer be published.`, opts.yes);
  const res = await (await ctx.client()).platforms.disconnect(opts.platform);
  ctx.out.data(res, () => ctx.out.info(`${opts.platform} disconnected`));
}

export function registerPlatformCommands(program: Command, ctx: CliContext): void {
  const platforms = program.command('platforms').description('connected social platforms (needs a bearer token)');
  platforms
    .command('connect')
    .description('connect a platform; drafts are written for connected platforms')
    .argument('<platform>', PLATFORMS.join(' | '))
    .option('--connector <name>', 'connector that publishes (built in: local)', 'local')
    .option('--account <name>', 'account name shown on posts', 'local')
    .option('--setting <key=value...>', 'connector settings')
    .action((platform: string, o: Omit<ConnectOptions, 'platform'>) => runConnect({ platform, ...o }, ctx));
  platforms.command('list').description('list connected platforms').action(() => runList({}, ctx));
  platforms
    .command('disconnect')
    .description('disconnect a platform (asks first on a terminal)')
    .argument('<platform>', PLATFORMS.join(' | '))
    .option('-y, --yes', 'do not ask')
    .action((platform: string, o: { yes?: boolean }) => runDisconnect({ platform, ...o }, ctx));
}
