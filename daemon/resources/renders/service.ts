import { conflict, notFound } from '../../../src/api/errors.js';
import type { Render } from '../../../src/api/renders.js';
import type { AppContext } from '../../app.js';
import { clipDuration } from '../../store/clips.js';
import { RenderRepo, type RenderRow } from '../../store/renders.js';
import { RenderMinutes, renderCost } from '../../store/render-minutes.js';
import type { RenderObjects } from './objects-port.js';

export const RENDER_TASK = 'clip.render';
/** Spec "Limits": output_url is valid for one hour. */
const OUTPUT_URL_TTL_SECONDS = 3600;

type Deps = Pick<AppContext, 'db' | 'clock' | 'events' | 'clips' | 'tasks'>;

/**
 * The one owner of the render state machine (spec "Render"; DESIGN.md: queued, processing, done,
 * failed). render_id is the clip id; a re-trigger starts a new generation that replaces the
 * previous output, and an unfinished earlier generation is abandoned and refunded.
 */
export class RenderService {
  readonly repo: RenderRepo;
  readonly minutes: RenderMinutes;
  constructor(private app: Deps, private objects: RenderObjects) {
    this.repo = new RenderRepo(app.db);
    this.minutes = new RenderMinutes(app.db);
  }

  /** POST /v1/clips/:clipId/renders. */
  trigger(teamId: string, clipId: string): { render_id: string; status: 'queued'; created_at: number } {
    const clip = this.app.clips.get(teamId, clipId);
    if (!clip) throw notFound('Clip', clipId);
    const now = this.app.clock.now();
    const { row, replacedKey } = this.app.db.transaction(() => {
      const previous = this.repo.get(clipId);
      if (previous && (previous.status === 'queued' || previous.status === 'processing')) this.minutes.refund(clipId, previous.generation, now);
      const cost = renderCost(clipDuration(clip));
      const remaining = this.minutes.remaining(teamId, now);
      if (remaining < cost) {
        throw conflict(`Not enough render minutes left this month: this render needs ${cost}, ${remaining} left`, { render_minutes_remaining: remaining });
      }
      const queued = this.repo.queue(clipId, teamId, now);
      this.minutes.charge(teamId, clipId, queued.generation, cost, now);
      this.app.events.emit('project.render.started', { project_id: clipId, team_id: teamId });
      this.app.tasks.enqueue({ kind: RENDER_TASK, resourceId: clipId, teamId });
      return { row: queued, replacedKey: previous?.output_key ?? null };
    }).immediate();
    // Re-triggering replaces the previous output: it stops being served at once.
    if (replacedKey) void this.objects.delete(replacedKey).catch(() => undefined);
    return { render_id: row.clip_id, status: 'queued', created_at: row.created_at };
  }

  /** GET /v1/renders/:renderId. */
  get(teamId: string, renderId: string): Render {
    const row = this.repo.get(renderId);
    if (!row || row.team_id !== teamId) throw notFound('Render', renderId);
    return this.view(row);
  }

  view(row: RenderRow): Render {
    const render: Render = {
      render_id: row.clip_id,
      clip_id: row.clip_id,
      status: row.status,
      created_at: row.created_at,
      progress: Math.round(row.progress * 100) / 100,
    };
    if (row.status === 'done' && row.output_key) render.output_url = this.objects.signedGetUrl(row.output_key, OUTPUT_URL_TTL_SECONDS);
    if (row.status === 'failed' && row.error) render.error = row.error;
    return render;
  }

  // --- moves made by the render task ---------------------------------------------------------

  /** queued -> processing for this generation (a resumed one is already processing). */
  start(row: RenderRow): boolean {
    return this.repo.update(row.clip_id, row.generation, ['queued', 'processing'], 'processing', this.app.clock.now());
  }

  /** Records progress; emits project.render.progress at most once per whole percent. */
  progress(row: RenderRow, fraction: number): boolean {
    const current = this.repo.get(row.clip_id);
    if (!current || current.generation !== row.generation) return false;
    const pct = Math.floor(Math.min(1, fraction) * 100);
    if (pct <= Math.floor(current.progress * 100 + 1e-9)) return true;
    this.app.db.transaction(() => {
      if (this.repo.update(row.clip_id, row.generation, ['processing'], 'processing', this.app.clock.now(), { progress: pct / 100 })) {
        this.app.events.emit('project.render.progress', { project_id: row.clip_id, team_id: row.team_id, progress: pct / 100 });
      }
    }).immediate();
    return true;
  }

  /** processing -> done with the output; false when a newer generation replaced this one. */
  succeed(row: RenderRow, outputKey: string): boolean {
    return this.app.db.transaction(() => {
      if (!this.repo.update(row.clip_id, row.generation, ['processing'], 'done', this.app.clock.now(), { progress: 1, output_key: outputKey })) return false;
      this.app.events.emit('project.render.succeeded', { project_id: row.clip_id, team_id: row.team_id });
      return true;
    }).immediate();
  }

  /** The render failed for good: failed, refunded, project.render.failed (inside onGiveUp). */
  fail(clipId: string, error: string): void {
    const row = this.repo.get(clipId);
    if (!row) return;
    const now = this.app.clock.now();
    if (!this.repo.update(clipId, row.generation, ['queued', 'processing'], 'failed', now, { error })) return;
    this.minutes.refund(clipId, row.generation, now);
    this.app.events.emit('project.render.failed', { project_id: clipId, team_id: row.team_id, error });
  }
}
