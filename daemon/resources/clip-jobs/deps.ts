import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { AppContext } from '../../app.js';
import type { HeavyQueue } from '../../pipeline/heavy-queue.js';
import type { PipelineStages } from '../../pipeline/stages.js';
import type { LinkPolicy } from '../../pipeline/ingest/links.js';
import { MAX_SOURCE_BYTES } from '../../pipeline/ingest/download.js';

/** Kind of the durable task that runs a clip job. */
export const CLIP_JOB_TASK = 'clip_job';

/** What the clip job needs of the object store (issue 3's ObjectStore, plus its URL signer). */
export interface JobObjects {
  put(key: string, body: Readable | AsyncIterable<Uint8Array>, opts?: { contentType?: string; maxSize?: number }): Promise<{ size: number }>;
  /** The local file of a stored object (ffmpeg reads it directly). */
  localPath(key: string): Promise<string | undefined>;
  /** A signed GET URL of the object, valid for `ttlMs` (spec: preview_url lasts one hour). */
  signedGetUrl(key: string, ttlMs: number): string;
}

/** The upload service's part in clip creation (spec "Upload": each upload feeds exactly one job). */
export interface UploadClaimer {
  /**
   * Marks the upload as used by `jobId`, inside the caller's transaction. Throws 404 for an
   * unknown upload and 409 CONFLICT when it is not complete, expired, aborted or already used.
   */
  claimForJob(teamId: string, uploadId: string, jobId: string): { objectKey: string; fileName: string | null };
}

/** Everything the clip job service and its task handler use, built once at start-up. */
export interface JobDeps {
  app: AppContext;
  stages: PipelineStages;
  heavy: HeavyQueue;
  objects: JobObjects;
  uploads: UploadClaimer;
}

/** Settings of the clip job pipeline, from DATA_DIR/config.json (`extra`) with defaults. */
export interface JobSettings {
  /** Largest file behind `source.url` (spec: 8 GB). */
  maxDownloadBytes: number;
  /** yt-dlp executable for video-platform links. */
  ytDlpBin: string;
  /** Extra hosts treated as video platforms (tests point one at a loopback server). */
  platformHosts: string[];
  /** Length of one transcription chunk (s); chunks run in parallel on the heavy queue. */
  chunkSeconds: number;
  /** Length of one suggestion section (s): previews of a section start while later ones transcribe. */
  sectionSeconds: number;
  /** Timeout of the up-front link check (ms). */
  linkCheckMs: number;
  /** Where the job's work files go. */
  workDir: string;
}

export function jobSettings(app: AppContext): JobSettings {
  const x = app.config.extra;
  const num = (v: unknown, d: number) => (typeof v === 'number' && v > 0 ? v : d);
  return {
    maxDownloadBytes: num(x.max_download_bytes, MAX_SOURCE_BYTES),
    ytDlpBin: typeof x.yt_dlp_path === 'string' ? x.yt_dlp_path : 'yt-dlp',
    platformHosts: Array.isArray(x.video_platform_hosts) ? (x.video_platform_hosts as string[]) : [],
    chunkSeconds: num(x.pipeline_chunk_seconds, 60),
    sectionSeconds: num(x.pipeline_section_seconds, 180),
    linkCheckMs: num(x.link_check_ms, 4000),
    workDir: join(app.config.dataDir, 'work', 'jobs'),
  };
}

/** The local daemon downloads from loopback and private hosts; a hosted one only if allowed. */
export function linkPolicy(app: AppContext): LinkPolicy {
  return { allowPrivate: app.config.local || app.config.extra.allow_private_links === true };
}
