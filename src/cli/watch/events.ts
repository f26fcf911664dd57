import type { CliContext } from '../context.js';
import { formatBytes } from '../progress.js';

/**
 * What `clipper watch` reports, one event per thing it does (DESIGN.md: "`clipper watch DIR
 * --json` prints one JSON object a line for each thing it does"). Every event also carries
 * `time` (Unix-ms). `file` is the path relative to the watched folder.
 */
export type WatchEvent =
  | { event: 'watching'; dir: string; server: string; state_file: string; known_files: number; once: boolean }
  | { event: 'seen'; file: string; size_bytes: number; sha256: string; resumed: boolean }
  | { event: 'ignored'; file: string; reason: string }
  /** Content already sent (or being sent) under `of`; not sent again. */
  | { event: 'duplicate'; file: string; sha256: string; of: string; stage: string; job_id?: string }
  /** Sparingly: when an upload starts or resumes, then at each quarter. */
  | { event: 'uploading'; file: string; upload_id?: string; sent_bytes: number; total_bytes: number; progress: number; resumed?: boolean }
  | { event: 'uploaded'; file: string; upload_id: string; size_bytes: number; multipart: boolean; resumed: boolean }
  | { event: 'job_created'; file: string; job_id: string; upload_id: string }
  | { event: 'done'; file: string; job_id: string; clips: number }
  | { event: 'rendered'; file: string; job_id: string; clip_id: string; render_id: string; output_url?: string }
  | { event: 'published'; file: string; job_id: string; clip_id: string; post_id: string; platform: string; status: string; published_url?: string }
  /** `final`: false when a later run (or rescan) will try this step again. */
  | { event: 'failed'; file: string; stage: string; error: string; code?: string; final: boolean; job_id?: string; clip_id?: string; post_id?: string }
  | { event: 'stopped'; reason: string; files_in_progress: number };

export type EventName = WatchEvent['event'];

/** Prints events: a JSON line each with --json, else a short line for a person. */
export class WatchReporter {
  /** `failed` events that were final, and those a later run retries (a --once run's exit code). */
  finalFailures = 0;
  retryableFailures = 0;
  constructor(private ctx: CliContext) {}

  emit(e: WatchEvent): void {
    if (e.event === 'failed') e.final ? this.finalFailures++ : this.retryableFailures++;
    if (this.ctx.out.jsonMode) {
      this.ctx.io.stdout.write(JSON.stringify({ ...e, time: Date.now() }) + '\n');
      return;
    }
    const line = human(e);
    if (e.event === 'watching' || e.event === 'stopped' || e.event === 'ignored') this.ctx.out.info(line);
    else this.ctx.out.line(line);
  }
}

const pct = (p: number) => `${Math.floor(p * 100)}%`;

function human(e: WatchEvent): string {
  switch (e.event) {
    case 'watching':
      return `${e.once ? 'processing' : 'watching'} ${e.dir}, sending to ${e.server} (${e.known_files} file(s) already sent there; state ${e.state_file})${e.once ? '' : '; Ctrl-C to stop'}`;
    case 'seen':
      return `seen       ${e.file} (${formatBytes(e.size_bytes)})${e.resumed ? ', resuming' : ''}`;
    case 'ignored':
      return `ignored    ${e.file}: ${e.reason}`;
    case 'duplicate':
      return `duplicate  ${e.file}: same content as ${e.of} (${e.job_id ? `job ${e.job_id}` : e.stage}), not sent again`;
    case 'uploading':
      return `uploading  ${e.file} ${pct(e.progress)} of ${formatBytes(e.total_bytes)}${e.resumed ? ' (resumed)' : ''}`;
    case 'uploaded':
      return `uploaded   ${e.file} as ${e.upload_id}${e.resumed ? ' (resumed)' : ''}`;
    case 'job_created':
      return `job        ${e.file}: ${e.job_id}`;
    case 'done':
      return `done       ${e.file}: ${e.clips} clip(s) in job ${e.job_id}`;
    case 'rendered':
      return `rendered   ${e.file}: clip ${e.clip_id}${e.output_url ? ` ${e.output_url}` : ''}`;
    case 'published':
      return `published  ${e.file}: clip ${e.clip_id} on ${e.platform} (${e.status})${e.published_url ? ` ${e.published_url}` : ''}`;
    case 'failed':
      return `failed     ${e.file} (${e.stage}): ${e.error}${e.final ? '' : ' (will retry)'}`;
    case 'stopped':
      return `stopped (${e.reason})${e.files_in_progress ? `: ${e.files_in_progress} file(s) continue at the next start` : ''}`;
  }
}
