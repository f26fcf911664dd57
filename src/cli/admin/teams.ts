import type { CliContext } from '../context.js';
import { usageError } from '../exit-codes.js';
import { formatTime } from '../output.js';
import { withDataDir } from '../local-daemon.js';

export interface CreateTeamOptions {
  dataDir?: string;
  name: string;
  language?: string;
  renderMinutes?: string;
}

/** Adds a root team to a local data dir and prints its id (DESIGN.md). */
export async function runCreate(opts: CreateTeamOptions, ctx: CliContext): Promise<void> {
  const name = opts.name?.trim();
  if (!name) throw usageError('--name must not be empty');
  const minutes = opts.renderMinutes === undefined ? undefined : Number(opts.renderMinutes);
  if (minutes !== undefined && (!Number.isInteger(minutes) || minutes < 0)) throw usageError('--render-minutes must be a whole number >= 0');
  if (opts.language !== undefined && !/^[a-z]{2}$/.test(opts.language)) throw usageError('--language must be an ISO 639-1 code such as en');
  const team = await withDataDir(opts.dataDir, ctx.env, async ({ teams }) => await teams.create(name, Date.now(), { preferredLanguage: opts.language, renderMinutes: minutes }));
  ctx.out.data(team, () => ctx.out.line(team.id));
}

export async function runList(opts: { dataDir?: string }, ctx: CliContext): Promise<void> {
  const teams = await withDataDir(opts.dataDir, ctx.env, async (d) => await d.teams.list());
  ctx.out.data({ teams }, () =>
    ctx.out.table(teams, [
      { header: 'ID', value: (t) => t.id },
      { header: 'NAME', value: (t) => t.name },
      { header: 'LANGUAGE', value: (t) => t.preferred_language },
      { header: 'RENDER MINUTES', value: (t) => t.render_minutes_allowance },
      { header: 'CREATED', value: (t) => formatTime(t.created_at) },
    ]),
  );
}
