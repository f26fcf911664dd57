import type { Command } from 'commander';
import type { CliContext } from '../context.js';
import { formatTime } from '../output.js';
import { confirmDestructive } from '../confirm.js';

/** `keys create|list|revoke`: API keys of the team (JWT only on the server side). */
export async function runCreate(opts: { label: string }, ctx: CliContext): Promise<void> {
  const created = await (await ctx.client()).keys.create({ label: opts.label });
  ctx.out.data(created, () => {
    ctx.out.line(created.key);
    ctx.out.info(`API key ${created.id} ("${created.label}") created. The key is shown only once: store it now.`);
  });
}

export async function runList(_opts: object, ctx: CliContext): Promise<void> {
  const res = await (await ctx.client()).keys.list();
  ctx.out.data(res, () =>
    ctx.out.table(res.keys, [
      { header: 'ID', value: (k) => k.id },
      { header: 'LABEL', value: (k) => k.label },
      { header: 'CREATED', value: (k) => formatTime(k.created_at) },
      { header: 'LAST USED', value: (k) => formatTime(k.last_used_at) },
    ]),
  );
}

export async function runRevoke(opts: { id: string; yes?: boolean }, ctx: CliContext): Promise<void> {
  await confirmDestructive(ctx, `Revoke API key ${opts.id}? Scripts using it stop working at once.`, opts.yes);
  const res = await (await ctx.client()).keys.revoke(opts.id);
  ctx.out.data(res, () => ctx.out.info(`API key ${opts.id} revoked`));
}

export function registerKeyCommands(program: Command, ctx: CliContext): void {
  const keys = program.command('keys').description('API keys of your team (needs a bearer token)');
  keys.command('create').description('create an API key; prints it once').requiredOption('--label <label>', 'what the key is for').action((o) => runCreate(o, ctx));
  keys.command('list').description('list API keys').action(() => runList({}, ctx));
  keys
    .command('revoke')
    .description('revoke an API key (asks first on a terminal)')
    .argument('<id>', 'key id')
    .option('-y, --yes', 'do not ask')
    .action((id: string, o: { yes?: boolean }) => runRevoke({ id, ...o }, ctx));
}
