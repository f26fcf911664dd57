import type { CliContext } from '../context.js';
import { CliError, EXIT } from '../exit-codes.js';
import { ProfileStore } from '../profiles.js';

/** `clipper logout [--profile NAME]`: forgets a saved profile (default: the current one). */
export async function run(opts: { profile?: string }, ctx: CliContext): Promise<void> {
  const store = new ProfileStore(ctx.env);
  const name = opts.profile ?? ctx.env.CLIPPER_PROFILE ?? store.current();
  if (!name) throw new CliError(EXIT.NOT_FOUND, 'no current profile to log out of', undefined, 'PROFILE_NOT_FOUND');
  if (!store.remove(name)) throw new CliError(EXIT.NOT_FOUND, `no saved profile named "${name}"`, undefined, 'PROFILE_NOT_FOUND');
  ctx.out.data({ profile: name, removed: true }, () => ctx.out.info(`Logged out: profile "${name}" and its credential removed.`));
}
