import { badRequest, notFound } from '../../../src/api/errors.js';
import { newId } from '../../../src/api/ids.js';
import { createClipJobSchema, jobListQuerySchema, type ClipJobList, type ClipJobView, type ClipView, type CreatedClipJob } from '../../../src/api/clips.js';
import { pageOf } from '../../../src/api/lists.js';
import { parseBody } from '../../../src/api/validate.js';
import { clipScoreViews, clipDuration, type ClipRow } from '../../store/clips.js';
import type { ClipJobRow, NewClipJob } from '../../store/clip-jobs.js';
import type { Store } from '../../store/index.js';
import { MEDIA_URL_TTL_MS } from '../../../src/api/limits.js';
import { fileNameOfUrl, inspectLink, isVideoPlatformUrl } from '../../pipeline/ingest/links.js';
import { isPrivateHost } from '../../net/target-policy.js';
import { CLIP_JOB_TASK, type JobDeps, type JobSettings } from './deps.js';
import { clipJobTaskHandler } from './task.js';
import { saveJobCookies } from './cookies.js';
import { jobRanking, jobStage, jobWarnings } from './stage-view.js';
import { readParts, readStage, stageKey } from './stage-results.js';
import type { SpeechEngineView } from '../../../src/api/transcription.js';
import { withoutLocalPaths } from '../../pipeline/media/errors.js';
import type { TaskHandler } from '../../tasks/task-runner.js';

/** Spec "Sizes, times and counts": "`preview_url` and `output_url` validity | 1 hour". */
const PREVIEW_URL_TTL_MS = MEDIA_URL_TTL_MS;

/**
 * The clip job resource (spec "Clip job"): accepting a job and showing it. The state changes of
 * a running job are in transitions.ts; both are the only writers of clip_jobs.
 */
export class ClipJobService {
  readonly repo: Store['clipJobs'];
  readonly settings: JobSettings;

  /** The stages, object store and upload claims in use (tests swap single stages to fail them). */
  constructor(readonly deps: JobDeps) {
    this.repo = deps.store.clipJobs;
    this.settings = deps.settings;
  }

  /** The durable task that runs each job (registered on app.tasks by the workers). */
  taskHandler(): TaskHandler {
    return clipJobTaskHandler(this.deps, this);
  }

  /** POST /v1/clips: validates, checks a link, then accepts the job in one transaction. */
  async create(teamId: string, body: unknown): Promise<CreatedClipJob> {
    const input = parseBody(createClipJobSchema, body);
    const { store, clock } = this.deps;
    const team = await store.teams.get(teamId);
    const base = {
      team_id: teamId,
      criteria: input.criteria || null,
      target_duration: input.target_duration ?? null,
      requested_clips: input.clip_count ?? null,
      language: input.language ?? team?.preferred_language ?? this.settings.defaultLanguage,
    };
    let fields: Omit<NewClipJob, keyof typeof base> | undefined;
    if (input.source.url !== undefined) fields = await this.linkFields(input.source.url);
    // A bucket is asked whether a single PUT arrived before the transaction, not during it.
    else await this.deps.uploads.refresh(teamId, input.source.upload_id!);
    if (input.source.cookies !== undefined && fields?.source_type !== 'platform') {
      throw badRequest('source.cookies is handed to yt-dlp for a video-platform link; this link is downloaded directly and takes none', { field: 'source.cookies' });
    }

    const jobId = newId('job');
    // Issue 30, item 4: the job's cookies wait in the object store (shared by API and worker
    // processes) for its download, which deletes them; a job that is not accepted leaves none.
    const cookies = input.source.cookies !== undefined ? await saveJobCookies(this.deps.objects, jobId, input.source.cookies) : undefined;
    const job = await store.transaction(async () => {
      if (!fields) {
        // Spec: 409 for an upload that is not complete, or already feeds another job.
        const upload = await this.deps.uploads.claimForJob(teamId, input.source.upload_id!, jobId);
        fields = { source_type: 'upload', source_url: null, upload_id: input.source.upload_id!, folder_name: upload.fileName || input.source.upload_id!, media_key: upload.objectKey };
      }
      const row = await this.repo.insert({ ...base, ...fields }, clock.now(), jobId);
      await store.events.emit('asset.analysis.started', { asset_id: row.asset_id, team_id: teamId, job_id: row.id });
      await this.deps.tasks.enqueue({ kind: CLIP_JOB_TASK, resourceId: row.id, teamId });
      return row;
    }).catch(async (e: unknown) => {
      await cookies?.discard();
      throw e;
    });
    return { job_id: job.id, status: 'queued', created_at: job.created_at };
  }

  /**
   * A link: malformed is 400; a video platform goes to yt-dlp; any other link is asked what it
   * is, and a web page is refused up front (spec behaviour 3). An unreachable link is accepted
   * and fails later in the background (behaviour 2).
   */
  private async linkFields(raw: string) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw badRequest('source.url is not a valid URL', { field: 'source.url' });
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw badRequest('source.url must be an http or https link', { field: 'source.url' });
    if (!url.hostname) throw badRequest('source.url has no host', { field: 'source.url' });
    if (!this.settings.linkPolicy.allowPrivate && isPrivateHost(url.hostname)) {
      throw badRequest('source.url points at a loopback, private or link-local address, which this deployment does not download from', { field: 'source.url' });
    }
    if (isVideoPlatformUrl(url, this.settings.platformHosts)) {
      return { source_type: 'platform' as const, source_url: url.href, upload_id: null, folder_name: url.hostname + url.pathname, media_key: null };
    }
    const seen = await inspectLink(url, this.settings.linkPolicy, this.settings.linkCheckMs);
    if (seen.isWebPage) {
      throw badRequest(`source.url is a web page (${seen.contentType}), not a video file: link the video file itself, or a video-platform page`, { field: 'source.url', content_type: seen.contentType });
    }
    return { source_type: 'url' as const, source_url: url.href, upload_id: null, folder_name: fileNameOfUrl(url), media_key: null };
  }

  /**
   * GET /v1/clips (DESIGN.md "Second round": `{jobs: [{job_id, status, created_at, name,
   * clip_count}], next_cursor}`, newest first; not a status check).
   */
  async list(teamId: string, query: unknown): Promise<ClipJobList> {
    const q = parseBody(jobListQuerySchema, query);
    const page = pageOf(await this.repo.page(teamId, { status: q.status, limit: q.limit + 1, after: q.cursor }), q.limit, (j) => ({ created_at: j.created_at, id: j.id }));
    return {
      jobs: page.items.map((j) => ({ job_id: j.id, status: j.status, created_at: j.created_at, name: j.folder_name, clip_count: j.clip_count })),
      next_cursor: page.next_cursor,
    };
  }

  /** GET /v1/clips/:jobId (404 for other teams' jobs). */
  async view(teamId: string, jobId: string): Promise<ClipJobView> {
    const job = await this.repo.get(teamId, jobId);
    if (!job) throw notFound('Clip job', jobId);
    return await this.toView(job);
  }

  async toView(job: ClipJobRow): Promise<ClipJobView> {
    const clips = await this.deps.store.clips.listByJob(job.id);
    const view: ClipJobView = {
      job_id: job.id,
      status: job.status,
      created_at: job.created_at,
      clips: clips.map((c) => this.clipView(c)),
      folder_name: job.folder_name,
      progress: Math.round(job.progress * 100) / 100,
    };
    if (job.status === 'error') view.error = job.error ?? 'The pipeline failed';
    // Extensions of issue 13 (items 2 and 9), present only when they say something.
    const names = await this.repo.stageNames(job.id);
    const stage = await jobStage(job, names, clips, this.repo);
    if (stage) view.stage = stage;
    const warnings = await jobWarnings(job, names, this.repo);
    if (warnings.length) view.warnings = warnings;
    const transcription = await readStage(this.repo, job.id, stageKey('transcriber'));
    const diarization = transcription && names.includes(stageKey('diarizer')) ? await readStage(this.repo, job.id, stageKey('diarizer')) : undefined;
    if (transcription) view.transcription = diarization ? { ...transcription, diarization } : transcription;
    // Extension of issue 20, item 5: who ranked the clips, when a language model is configured.
    const ranking = jobRanking(await readParts(this.repo, job.id, 'suggest'), (await readStage(this.repo, job.id, stageKey('rank')))?.ranking);
    if (ranking) view.ranking = ranking;
    return view;
  }

  /** Extension GET /v1/transcription: the engine and model the next job transcribes with (issue 27, item 10). */
  speechEngine(): SpeechEngineView {
    const engine = this.deps.stages.current.transcriber;
    return { engine: engine.name, ...(engine.modelName ? { model: engine.modelName } : {}), reason: withoutLocalPaths(engine.reason) };
  }

  clipView(c: ClipRow): ClipView {
    return {
      id: c.id,
      title: c.title,
      duration: clipDuration(c),
      score: Math.round(c.score * 1000) / 1000,
      // Spec "Clip": "May be omitted while the preview is still rendering."
      ...(c.preview_key ? { preview_url: this.deps.objects.signedGetUrl(c.preview_key, PREVIEW_URL_TTL_MS) } : {}),
      editor_url: `${this.deps.baseUrl()}/app/clips/${c.id}`,
      start: round2(c.start),
      end: round2(c.end),
      ...clipScoreViews(c),
      reason: c.reason,
    };
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;

