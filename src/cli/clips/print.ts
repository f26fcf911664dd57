import type { ClipJobView, JobStage } from '../../api/clips.js';
import type { CliContext } from '../context.js';
import { formatTime } from '../output.js';
import { megabytes } from '../../util/megabytes.js';

const STAGE_NAMES: Record<JobStage['name'], [string, string]> = {
  queued: ['waiting to start', ''],
  downloading: ['downloading the video', ''],
  preparing: ['preparing the audio', ''],
  transcribing: ['transcribing', 'chunks'],
  finding_clips: ['finding clips', 'sections'],
  rendering_previews: ['previews', ''],
};

/** "transcribing 3/9 chunks, previews 1/2" (issue 13, item 9); a server without `stage` gives nothing. */
export function describeStage(stage: JobStage | undefined): string | undefined {
  if (!stage || !STAGE_NAMES[stage.name]) return undefined;
  const [name, unit] = STAGE_NAMES[stage.name];
  const count = stage.total !== undefined ? ` ${stage.done ?? 0}/${stage.total}${unit ? ` ${unit}` : ''}` : '';
  const previews = stage.previews ? `, previews ${stage.previews.done}/${stage.previews.total}` : '';
  const d = stage.download;
  const download = d ? `, fetching the sentence encoder ${d.model} ${megabytes(d.done)}${d.total ? `/${megabytes(d.total)}` : ''} MB` : '';
  return `${name}${count}${previews}${download}`;
}

/** A job for people: its state, then one row per clip, best first, with its links. */
export function printJob(job: ClipJobView, ctx: CliContext): void {
  const running = job.status === 'processing' || job.status === 'queued';
  const progress = running ? ` ${Math.floor((job.progress ?? 0) * 100)}%` : '';
  ctx.out.line(`${job.job_id}  ${job.status}${progress}  ${job.folder_name ?? ''}  (created ${formatTime(job.created_at)})`);
  const doing = running ? describeStage(job.stage) : undefined;
  if (doing) ctx.out.line(`now: ${doing}`);
  if (job.error) ctx.out.line(`error: ${job.error}`);
  // Issue 14: which speech engine and model transcribed the job (a daemon extension field).
  if (job.transcription) ctx.out.line(`transcribed by: ${job.transcription.engine}${job.transcription.model ? ` (model ${job.transcription.model})` : ''}`);
  // Issue 13, item 2: how the job ran matters for what its clips are worth; stderr, like other notes.
  for (const w of job.warnings ?? []) ctx.out.info(`warning: ${w.message}`);
  if (!job.clips.length) return;
  ctx.out.table(job.clips, [
    { header: '#', value: (c) => job.clips.indexOf(c) + 1 },
    { header: 'SCORE', value: (c) => c.score.toFixed(2) },
    { header: 'LENGTH', value: (c) => `${c.duration.toFixed(2)}s` },
    { header: 'AT', value: (c) => (c.start === undefined ? '-' : `${c.start.toFixed(1)}-${c.end.toFixed(1)}s`) },
    { header: 'TITLE', value: (c) => c.title },
    { header: 'CLIP ID', value: (c) => c.id },
  ]);
  for (const [i, c] of job.clips.entries()) {
    ctx.out.line(`${i + 1}. ${c.editor_url}${c.preview_url ? `\n   preview: ${c.preview_url}` : '\n   preview: still rendering'}`);
  }
}
