import { conflict, notFound } from '../../../src/api/errors.js';
import { MEDIA_URL_TTL_MS } from '../../../src/api/limits.js';
import { createRenderSchema, renderListQuerySchema, type Render, type RenderList } from '../../../src/api/renders.js';
import { pageOf } from '../../../src/api/lists.js';
import { cutsQuerySchema, type ClipCuts } from '../../../src/api/cuts.js';
import { parseBody } from '../../../src/api/validate.js';
import type { Clock } from '../../clock.js';
import type { Store } from '../../store/index.js';
import { clipDuration } from '../../store/clips.js';
import type { RenderRow } from '../../store/renders.js';
import { renderCost } from '../../store/render-minutes.js';
import { withoutLocalPaths } from '../../pipeline/media/errors.js';
import type { TaskRunner } from '../../tasks/task-runner.js';
import type { RenderObjects } from './objects-port.js';
import { cutPlanFor, lookColumns, lookView } from './look.js';

export const RENDER_TASK = 'clip.render';

/** The objects of one render generation: its video and the captions script burned into it. */
export const renderKeys = (clipId: string, generation: number) => ({ video: `renders/${clipId}/${generation}.mp4`, captions: `renders/${clipId}/${generation}.ass` });

export interface RenderServiceDeps {
  store: Pick<Store, 'renders' | 'renderMinutes' | 'clips' | 'clipJobs' | 'events' | 'transaction'>;
  clock: Clock;
  tasks: Pick<TaskRunner, 'enqueue'>;
  objects: RenderObjects;
}

/**
 * The one owner of the render state machine (spec "Render"; DESIGN.md: queued, processing, done,
 * failed). render_id is the clip id; a re-trigger starts a new generation that replaces the
 * previous output, and an unfinished earlier generation is abandoned and refunded.
 */
export class RenderService {
  readonly repo: Store['renders'];
  readonly minutes: Store['renderMinutes'];
  private readonly objects: RenderObjects;
  constructor(private d: RenderServiceDeps) {
    this.repo = d.store.renders;
    this.minutes = d.store.renderMinutes;
    this.objects = d.objects;
  }

  /** The same service writing through `store` (a task's fenced store). */
  writingTo(store: RenderServiceDeps['store']): RenderService {
    return new RenderService({ ...this.d, store });
  }

  /**
   * POST /v1/clips/:clipId/renders: no body, `{}`, or the extension fields `layout` and
   * `caption_style` (issue 17), `aspect`, `remove_fillers`, `remove_silences` and `keep` (issue
   * 29); any other field is a 400, checked before anything is charged.
   */
  async trigger(teamId: string, clipId: string, body: unknown = {}): Promise<{ render_id: string; status: 'queued'; created_at: number }> {
    const look = lookColumns(parseBody(createRenderSchema, body ?? {}));
    const clip = await this.d.store.clips.get(teamId, clipId);
    if (!clip) throw notFound('Clip', clipId);
    // Issue 29, item 5: a render that cuts reports its duration, the cut one.
    const cutting = look.remove_fillers === 1 || look.remove_silences === 1;
    const language = cutting ? (await this.d.store.clipJobs.sourceOf(clip.job_id))?.language ?? 'en' : 'en';
    const duration = cutting ? cutPlanFor(clip, look, language).duration : null;
    const now = this.d.clock.now();
    const { row, replaced } = await this.d.store.transaction(async () => {
      const previous = await this.repo.get(clipId);
      if (previous && (previous.status === 'queued' || previous.status === 'processing')) await this.minutes.refund(clipId, previous.generation, now);
      const cost = renderCost(clipDuration(clip));
      const remaining = await this.minutes.remaining(teamId, now);
      if (remaining < cost) {
        throw conflict(`Not enough render minutes left this month: this render needs ${cost}, ${remaining} left`, { render_minutes_remaining: remaining });
      }
      const queued = await this.repo.queue(clipId, teamId, now, look, duration);
      await this.minutes.charge(teamId, clipId, queued.generation, cost, now);
      await this.d.store.events.emit('project.render.started', { project_id: clipId, team_id: teamId });
      await this.d.tasks.enqueue({ kind: RENDER_TASK, resourceId: clipId, teamId });
      return { row: queued, replaced: previous?.status === 'done' ? previous : undefined };
    });
    // Re-triggering replaces the previous output: it stops being served at once.
    if (replaced) await this.dropOutput(replaced);
    return { render_id: row.clip_id, status: 'queued', created_at: row.created_at };
  }

  /** GET /v1/renders (extension, issue 13 item 16): the team's renders, newest first. */
  async list(teamId: string, query: unknown): Promise<RenderList> {
    const q = parseBody(renderListQuerySchema, query);
    const page = pageOf(await this.repo.page(teamId, { status: q.status, limit: q.limit + 1, after: q.cursor }), q.limit, (r) => ({ created_at: r.created_at, id: r.clip_id }));
    return { renders: page.items.map((r) => this.view(r)), next_cursor: page.next_cursor };
  }

  /** GET /v1/clips/:clipId/cuts (extension, issue 29 item 5): what the cut options would remove. */
  async cuts(teamId: string, clipId: string, query: unknown): Promise<ClipCuts> {
    const q = parseBody(cutsQuerySchema, query);
    const clip = await this.d.store.clips.get(teamId, clipId);
    if (!clip) throw notFound('Clip', clipId);
    const language = (await this.d.store.clipJobs.sourceOf(clip.job_id))?.language ?? 'en';
    const plan = cutPlanFor(clip, lookColumns({ remove_fillers: q.remove_fillers, remove_silences: q.remove_silences }), language);
    return { clip_id: clip.id, language, duration: clipDuration(clip), cut_duration: plan.duration, removed: plan.removed };
  }

  /** GET /v1/renders/:renderId. */
  async get(teamId: string, renderId: string): Promise<Render> {
    const row = await this.repo.get(renderId);
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
    if (row.status === 'done' && row.output_key) render.output_url = this.objects.signedGetUrl(row.output_key, MEDIA_URL_TTL_MS / 1000);
    if (row.status === 'failed' && row.error) render.error = row.error;
    Object.assign(render, lookView(row));
    if (row.duration !== null) render.duration = row.duration;
    return render;
  }

  // --- moves made by the render task ---------------------------------------------------------

  /** queued -> processing for this generation (a resumed one is already processing). */
  async start(row: RenderRow): Promise<boolean> {
    return await this.repo.update(row.clip_id, row.generation, ['queued', 'processing'], 'processing', this.d.clock.now());
  }

  /** Records progress; emits project.render.progress at most once per whole percent. */
  async progress(row: RenderRow, fraction: number): Promise<boolean> {
    const current = await this.repo.get(row.clip_id);
    if (!current || current.generation !== row.generation) return false;
    const pct = Math.floor(Math.min(1, fraction) * 100);
    if (pct <= Math.floor(current.progress * 100 + 1e-9)) return true;
    await this.d.store.transaction(async () => {
      if (await this.repo.update(row.clip_id, row.generation, ['processing'], 'processing', this.d.clock.now(), { progress: pct / 100 })) {
        await this.d.store.events.emit('project.render.progress', { project_id: row.clip_id, team_id: row.team_id, progress: pct / 100 });
      }
    });
    return true;
  }

  /** processing -> done with the output; false when a newer generation replaced this one. */
  async succeed(row: RenderRow, outputKey: string): Promise<boolean> {
    return await this.d.store.transaction(async () => {
      if (!await this.repo.update(row.clip_id, row.generation, ['processing'], 'done', this.d.clock.now(), { progress: 1, output_key: outputKey })) return false;
      await this.d.store.events.emit('project.render.succeeded', { project_id: row.clip_id, team_id: row.team_id });
      return true;
    });
  }

  /** The render failed for good: failed, refunded, project.render.failed (inside onGiveUp). */
  async fail(clipId: string, reason: string): Promise<void> {
    const error = withoutLocalPaths(reason); // issue 13, item 11
    const row = await this.repo.get(clipId);
    if (!row) return;
    const now = this.d.clock.now();
    if (!await this.repo.update(clipId, row.generation, ['queued', 'processing'], 'failed', now, { error })) return;
    await this.minutes.refund(clipId, row.generation, now);
    await this.d.store.events.emit('project.render.failed', { project_id: clipId, team_id: row.team_id, error });
    await this.dropOutput(row); // what a failed attempt stored before it failed
  }

  /**
   * Deletes a generation's video and captions, which no row names any more. A failed delete is
   * left behind rather than failing the move that already happened.
   */
  async dropOutput(row: Pick<RenderRow, 'clip_id' | 'generation'>): Promise<void> {
    const keys = renderKeys(row.clip_id, row.generation);
    await Promise.all([keys.video, keys.captions].map(async (key) => await this.objects.delete(key).catch(() => undefined)));
  }
}

