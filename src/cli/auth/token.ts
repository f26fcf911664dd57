import type { CliContext } from '../context.js';
import { CliError, EXIT } from '../exit-codes.js';
import { mintLocalToken, withDataDir } from '../local-daemon.js';

export interface TokenOptions {
  dataDir?: string;
  team?: string;
}

/**
 * Mints a 1-hour bearer ID token from the data dir's signing key (DESIGN.md) for a team of the
 * database the daemon uses (PostgreSQL with database.url: issue 27, item 4).
 */
export async function run(opts: TokenOptions, ctx: CliContext): Promise<void> {
  const { dataDir, teamId } = await withDataDir(opts.dataDir, ctx.env, async ({ teams, rootTeam, dataDir, where }) => {
    const teamId = opts.team ?? rootTeam.id;
    if (!await teams.get(teamId)) throw new CliError(EXIT.NOT_FOUND, `no team ${teamId} in ${where}`, 'List teams with `clipper admin teams list --data-dir DIR`.');
    return { dataDir, teamId };
  });
  const now = Date.now();
  const token = await mintLocalToken(dataDir, teamId, now);
  ctx.out.data({ token, team_id: teamId, expires_at: now + 3600_000 }, () => ctx.out.line(token));
}
