import type { Platform } from '../../../src/api/events.js';
import { DEFAULT_LONG_VIDEO, DEFAULT_SHORT_VIDEO } from '../../../src/api/posts.js';
import type { Logger } from '../../log.js';
import type { Store } from '../../store/index.js';
import { clipWords, type ClipRow } from '../../store/clips.js';
import { readStage, stageKey } from '../clip-jobs/stage-results.js';
import { writeCaption, fitCaption, type WrittenCaption } from '../../pipeline/language/captions.js';
import { CAPTION_LIMITS, TITLE_MAX } from '../../../src/api/posts.js';

export interface DraftContent extends WrittenCaption {
  /** The platform's own settings object with its defaults ({} for platforms without one). */
  settings: Record<string, unknown>;
}

/** What writing a draft reads: the job's transcript and language, and its clips. */
export interface DraftSources {
  clipJobs: Pick<Store['clipJobs'], 'transcriptOf' | 'sourceOf' | 'stageResult'>;
  clips: Pick<Store['clips'], 'listByJob'>;
  log: Logger;
}

/**
 * The whole video's transcript as passages, the corpus TF-IDF weighs the clip against. When no
 * transcript is stored, the transcripts of the job's clips stand in for the video.
 */
export async function videoPassages(d: Omit<DraftSources, 'log'>, jobId: string): Promise<string[]> {
  const passages = (await d.clipJobs.transcriptOf(jobId)).map((s) => s.text).filter(Boolean);
  return passages.length ? passages : (await d.clips.listByJob(jobId)).map((c) => c.transcript);
}

/** The content of a new draft: written caption (and title), plus the platform's default settings. */
export async function writeDraft(app: DraftSources, clip: ClipRow, platform: Platform): Promise<DraftContent> {
  const settings = platform === 'short_video' ? { ...DEFAULT_SHORT_VIDEO } : platform === 'long_video' ? { ...DEFAULT_LONG_VIDEO } : {};
  try {
    // Copy a language model wrote for this very span of the clip (not for an earlier trim of it).
    const copy = await readStage(app.clipJobs, clip.job_id, stageKey('copy', clip.id));
    if (copy && copy.start === clip.start && copy.end === clip.end) {
      return { caption: fitCaption(copy.captions[platform], copy.hashtags.slice(0, 5), CAPTION_LIMITS[platform]), ...(platform === 'long_video' ? { title: copy.title.slice(0, TITLE_MAX) } : {}), settings };
    }
    const language = (await app.clipJobs.sourceOf(clip.job_id))?.language ?? 'en';
    const written = writeCaption(platform, { words: clipWords(clip), transcript: clip.transcript, corpus: await videoPassages(app, clip.job_id), language });
    return { ...written, settings };
  } catch (e) {
    // Drafts are written inside the transaction that marks the preview ready: a caption problem
    // must not undo the preview. The clip's title stands in and the caller can edit the draft.
    app.log.error('caption writer failed; falling back to the clip title', { clip_id: clip.id, error: (e as Error).message });
    return { caption: clip.title, ...(platform === 'long_video' ? { title: clip.title.slice(0, 100) } : {}), settings };
  }
}
