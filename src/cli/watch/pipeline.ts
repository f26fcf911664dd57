import { basename, join } from 'node:path';
import type { ClipperClient } from '../../client/client.js';
import { ClientError } from '../../client/errors.js';
import { uploadFile, type UploadProgress } from '../../client/uploader.js';
import type { JobHistory } from '../clips/history.js';
import type { WatchReporter } from './events.js';
import type { Follower } from './follow.js';
import { finishClips } from './finish-clips.js';
import type { FileRequest, SentFile, WatchState } from './state.js';

export interface PipelineDeps {
  dir: string;
  client: ClipperClient;
  state: WatchState;
  report: WatchReporter;
  follow: Follower;
  /** What this run asks for each new job (--criteria, --duration, --language, --render, --publish). */
  request: FileRequest;
  upload: { multipartThreshold?: number; partConcurrency?: number; env: NodeJS.ProcessEnv };
  /** Where `clipper clips list` finds the jobs this CLI created. */
  history: JobHistory;
  /** Graceful stop: uploads end at a part boundary. Hard stop: they end now. */
  drain: AbortSignal;
  hard: AbortSignal;
}

/**
 * One file's way through the service, stage by stage, each stage saved before the next starts
 * so a restarted watcher continues where it stopped: upload (resumable) -> POST /v1/clips ->
 * follow the job -> renders and publishing when asked -> complete.
 */
export class FilePipeline {
  constructor(private d: PipelineDeps) {}

  /**
   * Upload and job creation (the part `--concurrency` bounds). `relPath` is where the content
   * is now; without one (the file is gone) an unfinished upload waits for it to come back.
   */
  async send(entry: SentFile, relPath: string | undefined, reuploaded = false): Promise<void> {
    if (entry.stage === 'uploading') {
      if (!relPath) return;
      entry.file = relPath; // Events name the file where it is now.
      if (!(await this.alreadyUploaded(entry))) await this.upload(entry, relPath);
    }
    if (entry.stage !== 'uploaded') return;
    try {
      await this.createJob(entry);
    } catch (e) {
      // 409 with no job of ours: the upload expired (unused for a day) or was aborted. The file is
      // sent once more: now, or when it is seen (a restarted watcher resumes jobs before it looks).
      if (!(e instanceof ClientError) || e.status !== 409 || reuploaded) throw e;
      await this.d.state.update(entry, { stage: 'uploading', upload_id: undefined });
      if (relPath) return this.send(entry, relPath, true);
    }
  }

  /** From a created job to the end: the job's clips, then renders and publishing if asked. */
  async finish(entry: SentFile): Promise<void> {
    const { state, report } = this.d;
    if (entry.stage === 'job_created') {
      const job = await this.d.follow.job(entry.job_id!);
      if (job.status === 'error') {
        const error = job.error ?? 'the clip job ended in error';
        await state.update(entry, { stage: 'failed', error });
        report.emit({ event: 'failed', file: entry.file, stage: 'job', error, final: true, job_id: entry.job_id });
        return;
      }
      await state.update(entry, { stage: 'job_done', clip_ids: job.clips.map((c) => c.id) });
      report.emit({ event: 'done', file: entry.file, job_id: entry.job_id!, clips: job.clips.length });
    }
    if (entry.stage === 'job_done') {
      await finishClips(entry, this.d);
      await state.update(entry, { stage: 'complete' });
    }
  }

  /** An upload an earlier run finished (its answer or our save was lost): GET /v1/uploads/:id, an extension. */
  private async alreadyUploaded(entry: SentFile): Promise<boolean> {
    if (!entry.upload_id) return false;
    const upload = await this.d.client.uploads.get(entry.upload_id).catch(() => undefined);
    if (upload?.status !== 'complete' || upload.size_bytes !== entry.size_bytes) return false;
    await this.d.state.update(entry, { stage: 'uploaded' });
    this.d.report.emit({ event: 'uploaded', file: entry.file, upload_id: entry.upload_id, size_bytes: entry.size_bytes, multipart: upload.part_size !== undefined, resumed: true });
    return true;
  }

  private async upload(entry: SentFile, relPath: string): Promise<void> {
    const { state, report } = this.d;
    let uploadId: string | undefined;
    let resumed = false;
    let quarter = -1;
    const progress = (p: UploadProgress, force = false) => {
      const q = Math.min(3, Math.floor((p.sentBytes / Math.max(1, p.totalBytes)) * 4));
      if (!force && q <= quarter) return;
      quarter = q;
      report.emit({ event: 'uploading', file: entry.file, upload_id: uploadId, sent_bytes: p.sentBytes, total_bytes: p.totalBytes, progress: round2(p.sentBytes / Math.max(1, p.totalBytes)), resumed });
    };
    const result = await uploadFile(this.d.client, join(this.d.dir, relPath), {
      fileName: basename(relPath),
      multipartThreshold: this.d.upload.multipartThreshold,
      concurrency: this.d.upload.partConcurrency,
      env: this.d.upload.env,
      signal: this.d.hard,
      drain: this.d.drain,
      onEvent: (e) => {
        if (e.type === 'created' || e.type === 'resumed') {
          uploadId = e.upload_id;
          resumed = e.type === 'resumed';
          // Saved at once: a restart then finds an upload that finished before the crash.
          state.update(entry, { upload_id: e.upload_id }).catch(() => undefined);
        }
      },
      onProgress: (p) => progress(p, quarter < 0),
    });
    await state.update(entry, { stage: 'uploaded', upload_id: result.upload_id });
    report.emit({ event: 'uploaded', file: entry.file, upload_id: result.upload_id, size_bytes: result.size_bytes, multipart: result.multipart, resumed: result.resumed });
  }

  private async createJob(entry: SentFile): Promise<void> {
    const { state, report } = this.d;
    // The job is made with what this run asks; a later run finishes it the same way.
    const request = this.d.request;
    let jobId: string;
    try {
      const input = { source: { upload_id: entry.upload_id! }, criteria: request.criteria, target_duration: request.target_duration, language: request.language };
      const created = await this.d.client.clips.create(input);
      jobId = created.job_id;
      const { criteria, target_duration, language } = request;
      this.d.history.add({ job_id: jobId, created_at: created.created_at, base_url: this.d.client.baseUrl, source: join(this.d.dir, entry.file), criteria, target_duration, language });
    } catch (e) {
      // Spec: a second job on one upload is refused with 409. The daemon names the job the
      // upload feeds: ours, made by an earlier run whose answer was lost.
      const owner = e instanceof ClientError && e.status === 409 ? (e.details as { job_id?: string } | null)?.job_id : undefined;
      if (!owner) throw e;
      jobId = owner;
    }
    await state.update(entry, { stage: 'job_created', job_id: jobId, request });
    report.emit({ event: 'job_created', file: entry.file, job_id: jobId, upload_id: entry.upload_id! });
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;
