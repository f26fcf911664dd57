import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Clock } from '../../clock.js';
import type { DaemonConfig } from '../../config.js';
import type { HeavyQueue } from '../../pipeline/heavy-queue.js';
import type { StagesInUse } from '../../pipeline/stages.js';
import type { LinkPolicy } from '../../pipeline/ingest/links.js';
import type { Store } from '../../store/index.js';
import type { PreviewReadyHook } from '../../store/clips.js';
import type { TaskRunner } from '../../tasks/task-runner.js';
import type { ClipFraming } from './framing.js';

/** Kind of the durable task that runs a clip job. */
export const CLIP_JOB_TASK = 'clip_job';

/** What the clip job needs of the object store (issue 3's ObjectStore, plus its URL signer). */
export interface JobObjects {
  put(key: string, body: Readable | AsyncIterable<Uint8Array>, opts?: { contentType?: string; maxSize?: number }): Promise<{ size: number }>;
  /** Read and delete: a job's cookies for yt-dlp (cookies.ts). */
  get(key: string): Promise<Readable>;
  stat(key: string): Promise<{ size: number } | undefined>;
  delete(key: string): Promise<boolean>;
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
  claimForJob(teamId: string, uploadId: string, jobId: string): Promise<{ objectKey: string; fileName: string | null }>;
  /**
   * True when the upload's file is no longer the one that was claimed: a single PUT URL of a
   * bucket used again within its hour (issue 21, item 2; resources/uploads/direct.ts).
   */
  sourceReplaced(objectKey: string): Promise<boolean>;
  /** Brings the upload up to date with a bucket it went straight to (HeadObject); 404 when unknown. */
  refresh(teamId: string, uploadId: string): Promise<void>;
}

/** Everything the clip job service and its task handler use, built once at start-up (app.ts). */
export interface JobDeps {
  store: Pick<Store, 'clipJobs' | 'clips' | 'events' | 'teams' | 'transaction'>;
  clock: Clock;
  tasks: Pick<TaskRunner, 'enqueue'>;
  /** The stages in use, read when a job runs (tests swap them). */
  stages: StagesInUse;
  heavy: HeavyQueue;
  objects: JobObjects;
  uploads: UploadClaimer;
  settings: JobSettings;
  /** Run inside the transaction that marks a clip's preview ready (drafts hook in here). */
  previewReadyHooks: PreviewReadyHook[];
  /** Base URL clients reach the daemon at (editor_url); known once the server listens. */
  baseUrl: () => string;
  /** Each clip's stored framing (made before its preview, read by renders too). */
  framing: ClipFraming;
}

/** Settings of the clip job pipeline, from the typed config (sections pipeline, limits, network). */
export interface JobSettings {
  /** Largest file behind `source.url` (spec: 8 GB). */
  maxDownloadBytes: number;
  /** yt-dlp executable for video-platform links. */
  ytDlpBin: string;
  /** Issue 30, item 4: a cookies file handed to yt-dlp (network.ytdlp_cookies). */
  ytDlpCookies?: string;
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
  /** Which hosts a link may point at (settings `server.local`, `network.allow_private_targets`). */
  linkPolicy: LinkPolicy;
  /** Language of a job that names none, when its team has no preferred language. */
  defaultLanguage: string;
}

export function jobSettings(config: DaemonConfig): JobSettings {
  const p = config.pipeline;
  return {
    maxDownloadBytes: config.limits.max_download_bytes,
    ytDlpBin: p.yt_dlp_path,
    ...(config.network.ytdlp_cookies ? { ytDlpCookies: config.network.ytdlp_cookies } : {}),
    platformHosts: p.video_platform_hosts,
    chunkSeconds: p.chunk_seconds,
    sectionSeconds: p.section_seconds,
    linkCheckMs: p.link_check_ms,
    workDir: join(config.dataDir, 'work', 'jobs'),
    // The local daemon downloads from loopback and private hosts; a hosted one only if allowed.
    linkPolicy: { allowPrivate: config.server.local || config.network.allow_private_targets },
    defaultLanguage: config.transcription.language ?? 'en',
  };
}
