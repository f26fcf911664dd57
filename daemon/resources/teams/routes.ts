import type { Router } from '../../server/router.js';
import type { TeamService } from './service.js';

/** GET /v1/team (extension): the caller's root team and its render minutes this month; key or JWT. */
export function registerTeamRoutes(router: Router, teams: TeamService): void {
  router.get('/v1/team', { auth: 'any' }, async (ctx) => ({ status: 200, body: await teams.view(ctx.principal.teamId) }));
}
