import type { Command } from 'commander';
import { ClientError } from '../client/errors.js';
import type { TeamView } from '../api/teams.js';
import type { CliContext } from './context.js';

const SOURCES = { flags: 'command-line flags', env: 'environment', profile: 'saved profile', 'local-daemon': 'local daemon data dir' };

/**
 * `clipper whoami` (issue 13, items 3 and 16): where the CLI points, as which team, with which
 * kind of credential and from where, and the render minutes left this month. A server that
 * implements only the spec has no GET /v1/team: the minutes are then unknown, not an error.
 */
export async function run(_opts: object, ctx: CliContext): Promise<void> {
  const target = ctx.target();
  const client = await ctx.client();
  const ping = await client.ping();
  let team: TeamView | undefined;
  try {
    team = await client.team();
  } catch (e) {
    if (!(e instanceof ClientError) || ![404, 405, 501].includes(e.status)) throw e;
  }
  const who = {
    base_url: client.baseUrl,
    team_id: ping.team_id,
    team_name: team?.name ?? null,
    auth: ping.auth,
    credential_source: target.source,
    data_dir: target.dataDir ?? null,
    render_minutes: team?.render_minutes ?? null,
  };
  ctx.out.data(who, () => {
    ctx.out.line(`base URL:       ${who.base_url}${target.dataDir ? ` (local daemon of ${target.dataDir})` : ''}`);
    ctx.out.line(`team:           ${who.team_id}${who.team_name ? ` (${who.team_name})` : ''}`);
    ctx.out.line(`credential:     ${who.auth === 'jwt' ? 'ID token (bearer)' : 'API key'} from the ${SOURCES[target.source]}`);
    const m = who.render_minutes;
    ctx.out.line(`render minutes: ${m ? `${m.remaining} of ${m.allowance} left in ${m.month} (UTC)` : 'unknown (this server does not say)'}`);
  });
}

export function registerWhoami(program: Command, ctx: CliContext): void {
  program
    .command('whoami')
    .description('show the base URL, team, credential and render minutes left')
    .action(async () => run({}, ctx));
}
