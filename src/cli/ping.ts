import type { Command } from 'commander';
import type { CliContext } from './context.js';

/** `clipper ping`: checks the base URL and credential with GET /v1/ping. */
export async function run(_opts: object, ctx: CliContext): Promise<void> {
  const client = await ctx.client();
  const res = await client.ping();
  ctx.out.data(res, () => ctx.out.line(`ok: team ${res.team_id} via ${res.auth === 'jwt' ? 'ID token' : 'API key'} at ${client.baseUrl}`));
}

export function registerPing(program: Command, ctx: CliContext): void {
  program.command('ping').description('check the connection and credentials').action(() => run({}, ctx));
}
