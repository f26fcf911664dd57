import type { CliContext } from '../context.js';
import { CliError, EXIT } from '../exit-codes.js';
import { formatTime } from '../output.js';
import { ProfileStore } from '../profiles.js';
import { maskCredential } from './secrets.js';

/** `profiles list`: saved profiles with their credentials masked (secrets are never printed). */
export async function runList(_opts: object, ctx: CliContext): Promise<void> {
  const profiles = new ProfileStore(ctx.env).list().map((p) => {
    const masked = maskCredential(p);
    return { name: p.name, current: p.current, base_url: p.base_url, team_id: p.team_id ?? null, ...masked };
  });
  ctx.out.data({ profiles }, () =>
    ctx.out.table(profiles, [
      { header: '', value: (p) => (p.current ? '*' : '') },
      { header: 'NAME', value: (p) => p.name },
      { header: 'BASE URL', value: (p) => p.base_url },
      { header: 'TEAM', value: (p) => p.team_id },
      { header: 'AUTH', value: (p) => (p.auth === 'api_key' ? 'API key' : p.auth === 'token' ? 'ID token' : '-') },
      { header: 'CREDENTIAL', value: (p) => p.credential },
      { header: 'EXPIRES', value: (p) => (p.expires_at ? formatTime(p.expires_at) : '-') },
    ]),
  );
}

/** `profiles use NAME`: makes NAME the current profile. */
export async function runUse(opts: { name: string }, ctx: CliContext): Promise<void> {
  if (!new ProfileStore(ctx.env).use(opts.name)) throw new CliError(EXIT.NOT_FOUND, `no saved profile named "${opts.name}"`, undefined, 'PROFILE_NOT_FOUND');
  ctx.out.data({ current: opts.name }, () => ctx.out.info(`Now using profile "${opts.name}".`));
}
