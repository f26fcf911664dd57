import type { Platform } from '../../../src/api/events.js';
import { DEFAULT_LONG_VIDEO, DEFAULT_SHORT_VIDEO } from '../../../src/api/posts.js';
import type { AppContext } from '../../app.js';
import { clipWords, type ClipRow } from '../../store/clips.js';
import type { Transcript } from '../../pipeline/types.js';
import { writeCaption, type WrittenCaption } from '../../pipeline/language/captions.js';

export interface DraftContent extends WrittenCaption {
  /** The platform's own settings object with its defaults ({} for platforms without one). */
  settings: Record<string, unknown>;
}

/**
 * The whole video's transcript as passages, the corpus TF-IDF weighs the clip against. The clip
 * job stores each transcription result as a stage (a Transcript with segments); when none is
 * stored, the transcripts of the job's clips stand in for the video.
 */
export function videoPassages(app: Pick<AppContext, 'db' | 'clips'>, jobId: string): string[] {
  const rows = app.db.prepare('SELECT result FROM job_stages WHERE job_id = ? ORDER BY stage').pluck().all(jobId) as string[];
  const passages: string[] = [];
  for (const r of rows) {
    const value = JSON.parse(r) as Partial<Transcript>;
    if (Array.isArray(value?.segments)) for (const s of value.segments) if (s?.text) passages.push(s.text);
  }
  return passages.length ? passages : app.clips.listByJob(jobId).map((c) => c.transcript);
}

/** The content of a new draft: written caption (and title), plus the platform's default settings. */
export function writeDraft(app: Pick<AppContext, 'db' | 'clips' | 'log'>, clip: ClipRow, platform: Platform): DraftContent {
  const settings = platform === 'short_video' ? { ...DEFAULT_SHORT_VIDEO } : platform === 'long_video' ? { ...DEFAULT_LONG_VIDEO } : {};
  try {
    const language = (app.db.prepare('SELECT language FROM clip_jobs WHERE id = ?').pluck().get(clip.job_id) as string | undefined) ?? 'en';
    const written = writeCaption(platform, { words: clipWords(clip), transcript: clip.transcript, corpus: videoPassages(app, clip.job_id), language });
    return { ...written, settings };
  } catch (e) {
    // Drafts are written inside the transaction that marks the preview ready: a caption problem
    // must not undo the preview. The clip's title stands in and the caller can edit the draft.
    app.log.error('caption writer failed; falling back to the clip title', { clip_id: clip.id, error: (e as Error).message });
    return { caption: clip.title, ...(platform === 'long_video' ? { title: clip.title.slice(0, 100) } : {}), settings };
  }
}
