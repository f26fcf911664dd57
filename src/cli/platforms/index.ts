import type { Command } from 'commander';
import { PLATFORMS } from '../../api/events.js';
import { parsePlatform } from '../platform-arg.js';
import type { CliContext } from '../context.js';
import { formatTime } from '../output.js';
import { confirmDestructive } from '../confirm.js';
import type { ConnectOptions } from './connect.js';

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
  // A revoked or expired grant (issue 15): say why, and how to connect again.
  if (!ctx.out.jsonMode) for (const p of res.platforms) if (p.status !== 'active') ctx.out.info(`${p.platform}: ${p.status_reason ?? p.status}`);
}

export async function runDisconnect(opts: { platform: string; yes?: boolean }, ctx: CliContext): Promise<void> {
  parsePlatform(opts.platform);
  await confirmDestructive(ctx, `Disconnect ${opts.platform}? New clips get no drafts for it, and its drafts can no longer be published.`, opts.yes);
  const res = await (await ctx.client()).platforms.disconnect(opts.platform);
  const revoked = res.revoked === true ? '; its grant was revoked at the platform' : res.revoked === false ? `; revoking its grant at the platform failed (${res.revoke_error}): remove the app in the account's settings there` : '';
  ctx.out.data(res, () => ctx.out.info(`${opts.platform} disconnected${revoked}`));
}

export function registerPlatformCommands(program: Command, ctx: CliContext): void {
  const platforms = program.command('platforms').description('connected social platforms (needs a bearer token)');
  platforms
    .command('connect')
    .description('connect a platform; drafts are written for connected platforms (youtube, tiktok, instagram, linkedin: OAuth in the browser)')
    .argument('<platform>', PLATFORMS.join(' | '))
    .option('--connector <name>', 'connector that publishes: local, resumable_upload, youtube, tiktok, instagram, linkedin', 'local')
    .option('--account <name>', 'account name shown on posts (default: the one the platform names)')
    .option('--setting <key=value...>', 'connector settings (api_base_url, oauth_base_url, post_mode, privacy_status, ...)')
    .option('--client-id <id>', 'your app\'s OAuth client id (default: CLIPPER_<CONNECTOR>_CLIENT_ID, then the daemon\'s oauth.<connector>_client_id)')
    .option('--client-secret <secret>', 'your app\'s OAuth client secret (default: CLIPPER_<CONNECTOR>_CLIENT_SECRET, then the daemon\'s config)')
    .option('--no-browser', 'print the consent URL instead of opening a browser, and take the pasted code')
    .option('--port <n>', 'port of the loopback redirect (default: any free port)')
    .option('--redirect-uri <url>', 'the exact loopback redirect URI registered for your app (http://127.0.0.1:PORT/PATH)')
    .option('--timeout <duration>', 'how long to wait for the authorization', '10m')
    .action(async (platform: string, o: Omit<ConnectOptions, 'platform'>) => (await import('./connect.js')).runConnect({ platform, ...o }, ctx));
  platforms.command('list').description('list connected platforms').action(() => runList({}, ctx));
  platforms
    .command('disconnect')
    .description('disconnect a platform (asks first on a terminal)')
    .argument('<platform>', PLATFORMS.join(' | '))
    .option('-y, --yes', 'do not ask')
    .action((platform: string, o: { yes?: boolean }) => runDisconnect({ platform, ...o }, ctx));
}
