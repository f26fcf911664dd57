import { withoutLocalPaths } from '../../pipeline/media/errors.js';
import type { ClipJobRow, ClipToStore } from '../../store/clip-jobs.js';
import type { Ranking } from '../../pipeline/llm/choose.js';
import type { JobRanking } from '../../pipeline/llm/rank.js';
import type { ClipCopy, ProbeResult } from '../../pipeline/types.js';
import type { JobDeps } from './deps.js';
import { stageKey, type StageKey, type StageKind, type StageResultTypes } from './stage-results.js';

/**
 * The state machine of a running clip job (spec "States and transitions", "Clip job"). Each
 * method is one transaction: the state change, the stage result it rests on and its event
 * commit together (the event log is written inside the transaction, issue 2), so a crash
 * leaves either all of it or none.
 */
export class JobTransitions {
  private readonly repo: JobDeps['store']['clipJobs'];
  private readonly store: JobDeps['store'];

  constructor(private deps: Pick<JobDeps, 'store' | 'clock' | 'previewReadyHooks'>) {
    this.store = deps.store;
    this.repo = deps.store.clipJobs;
  }

  private ids(job: ClipJobRow) {
    return { asset_id: job.asset_id, team_id: job.team_id, job_id: job.id };
  }

  private now() {
    return this.deps.clock.now();
  }

  /** queued -> processing, when the pipeline picks the job up. */
  async start(job: ClipJobRow): Promise<void> {
    if (job.status === 'queued') await this.repo.update(job.id, { status: 'processing' }, this.now());
  }

  /** The source is in the object store (and, for a platform link, its title names the folder). */
  async ingested(job: ClipJobRow, result: { media_key: string; folder_name?: string; bytes?: number }): Promise<void> {
    await this.store.transaction(async () => {
      await this.repo.update(job.id, { media_key: result.media_key, ...(result.folder_name ? { folder_name: result.folder_name } : {}) }, this.now());
      await this.repo.saveStage(job.id, stageKey('ingest'), result, this.now());
    });
  }

  /** Ingest and probe done: asset.creation.succeeded with the duration (spec "Event types"). */
  async probed(job: ClipJobRow, probe: ProbeResult): Promise<void> {
    await this.store.transaction(async () => {
      await this.repo.saveStage(job.id, stageKey('probe'), probe, this.now());
      await this.store.events.emit('asset.creation.succeeded', { ...this.ids(job), duration_seconds: Math.round(probe.duration * 100) / 100 });
    });
  }

  async stage<K extends StageKind>(job: ClipJobRow, key: StageKey<K>, result: StageResultTypes[K]): Promise<void> {
    await this.repo.saveStage(job.id, key, result, this.now());
  }

  /**
   * A section's suggestion result and its clips in one transaction: after a crash either both
   * are stored or neither, so a resumed job never inserts the same clips twice. `carry_from`
   * (issue 20) is where the next section starts its clips: a topic this one left to it.
   */
  async suggested(job: ClipJobRow, stage: StageKey<'suggest'>, clips: (ClipToStore & { copy?: ClipCopy })[], extra: { carry_from?: number; ranking?: Ranking } = {}): Promise<string[]> {
    return await this.store.transaction(async () => {
      const ids = await this.repo.insertClips(job, clips, this.now());
      await this.repo.rankByScore(job.id); // the clips array stays best first as sections add to it
      await this.repo.saveStage(job.id, stage, { clip_ids: ids, ...extra }, this.now());
      // A language model's copy for a clip (issue 20, item 5), for the span it was written for.
      for (const [i, c] of clips.entries()) if (c.copy) await this.repo.saveStage(job.id, stageKey('copy', ids[i]), { start: c.start, end: c.end, ...c.copy }, this.now());
      return ids;
    });
  }

  /**
   * The job's clips ranked against each other (issue 28, item 2a): their new scores, the clips'
   * order by them, and the ranking, in one transaction (a resumed job does not ask again).
   */
  async ranked(job: ClipJobRow, scores: Array<{ id: string; score: number }>, result: JobRanking): Promise<void> {
    await this.store.transaction(async () => {
      await this.repo.setScores(job.id, scores);
      await this.repo.rankByScore(job.id);
      await this.repo.saveStage(job.id, stageKey('rank'), result, this.now());
    });
  }

  /** A preview is stored: the clip gets its preview, and every preview-ready hook runs (drafts). */
  async previewReady(clipId: string, key: string): Promise<void> {
    await this.store.transaction(async () => {
      await this.repo.setPreview(clipId, key, this.now());
      const clip = (await this.store.clips.byId(clipId))!;
      for (const hook of this.deps.previewReadyHooks) await hook(clip);
    });
  }

  /** Whole percents only: at most one asset.analysis.progress per percent (DESIGN.md). */
  async progress(job: ClipJobRow, fraction: number): Promise<void> {
    const pct = Math.floor(Math.min(1, fraction) * 100);
    await this.store.transaction(async () => {
      const current = await this.repo.byId(job.id);
      if (!current || current.status !== 'processing' || pct <= Math.floor(current.progress * 100 + 1e-9)) return;
      await this.repo.update(job.id, { progress: pct / 100 }, this.now());
      await this.store.events.emit('asset.analysis.progress', { ...this.ids(job), progress: pct / 100 });
    });
  }

  /** processing -> done once every clip has its preview (spec "Clip job" states). */
  async done(job: ClipJobRow): Promise<void> {
    await this.store.transaction(async () => {
      const current = await this.repo.byId(job.id);
      if (!current || current.status === 'done' || current.status === 'error') return;
      if (current.progress < 1) await this.store.events.emit('asset.analysis.progress', { ...this.ids(job), progress: 1 });
      await this.repo.update(job.id, { status: 'done', progress: 1 }, this.now());
      await this.store.events.emit('asset.analysis.succeeded', this.ids(job));
    });
  }

  /**
   * Any running state -> error with a readable message and asset.analysis.failed; when the
   * media never made it through ingest and probe, asset.creation.failed first. Runs inside the
   * task runner's failing transaction (onGiveUp).
   */
  async failed(jobId: string, reason: string): Promise<void> {
    const message = withoutLocalPaths(reason);
    const job = await this.repo.byId(jobId);
    if (!job || job.status === 'done' || job.status === 'error') return;
    await this.repo.update(job.id, { status: 'error', error: message }, this.now());
    if ((await this.repo.stageResult(job.id, stageKey('probe'))) === undefined) await this.store.events.emit('asset.creation.failed', { ...this.ids(job), error: message });
    await this.store.events.emit('asset.analysis.failed', { ...this.ids(job), error: message });
  }
}
