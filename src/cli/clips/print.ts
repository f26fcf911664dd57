import type { ClipJobView } from '../../api/clips.js';
import type { CliContext } from '../context.js';
import { formatTime } from '../output.js';

/** A job for people: its state, then one row per clip, best first, with its links. */
export function printJob(job: ClipJobView, ctx: CliContext): void {
  const progress = job.status === 'processing' || job.status === 'queued' ? ` ${Math.floor((job.progress ?? 0) * 100)}%` : '';
  ctx.out.line(`${job.job_id}  ${job.status}${progress}  ${job.folder_name ?? ''}  (created ${formatTime(job.created_at)})`);
  if (job.error) ctx.out.line(`error: ${job.error}`);
  // Issue 14: which speech engine and model transcribed the job (a daemon extension field).
  if (job.transcription) ctx.out.line(`transcribed by: ${job.transcription.engine}${job.transcription.model ? ` (model ${job.transcription.model})` : ''}`);
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
