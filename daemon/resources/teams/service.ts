import { notFound } from '../../../src/api/errors.js';
import type { TeamView } from '../../../src/api/teams.js';
import type { Clock } from '../../clock.js';
import type { Store } from '../../store/index.js';
import { monthOf } from '../../store/render-minutes.js';

/** The caller's own root team (GET /v1/team): what `clipper whoami` shows besides the credential. */
export class TeamService {
  constructor(private d: { store: Pick<Store, 'teams' | 'renderMinutes'>; clock: Clock }) {}

  async view(teamId: string): Promise<TeamView> {
    const team = await this.d.store.teams.get(teamId);
    if (!team) throw notFound('Team', teamId);
    const now = this.d.clock.now();
    const used = await this.d.store.renderMinutes.used(teamId, now);
    return {
      team_id: team.id,
      name: team.name,
      preferred_language: team.preferred_language,
      render_minutes: { month: monthOf(now), allowance: team.render_minutes_allowance, used, remaining: await this.d.store.renderMinutes.remaining(teamId, now) },
    };
  }
}
