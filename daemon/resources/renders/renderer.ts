import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Store } from '../../store/index.js';
import { clipWords, type ClipRow } from '../../store/clips.js';
import { PermanentTaskError } from '../../tasks/task-runner.js';
import { buildAss } from '../../pipeline/render/captions-ass.js';
import { probe, runFfmpeg } from '../../pipeline/media/index.js';
import type { RenderObjects } from './objects-port.js';
import type { ClipFraming } from '../clip-jobs/framing.js';
import type { LookChoice } from '../../store/records.js';
import { fullRenderArgs } from '../../pipeline/render/render-graph.js';
import { cutsNothing, cutWords } from '../../pipeline/render/cuts.js';
import { cutPlanFor } from './look.js';

export interface RenderDeps {
  /** Where a clip's source video is stored. */
  clipJobs: Pick<Store['clipJobs'], 'sourceOf'>;
  objects: RenderObjects;
  /** Folder for work files (captions script, partial output). */
  tmpDir: string;
  /** The clips' stored framing (made now when a clip has none yet). */
  framing: ClipFraming;
}

/** What a render or a post asked for (issue 17); null: the clip's automatic layout, the default captions. */
export type Look = Partial<LookChoice>;

/** The stored source video of the clip's job, as a local file path, and the job's language. */
export async function clipSource(deps: RenderDeps, clip: ClipRow): Promise<{ path: string; language: string }> {
  const job = await deps.clipJobs.sourceOf(clip.job_id);
  const path = job?.media_key ? await deps.objects.localPath(job.media_key) : undefined;
  if (!path) throw new PermanentTaskError(`The source video of clip ${clip.id} is no longer stored`);
  return { path, language: job?.language ?? 'en' };
}

/**
 * Renders a clip in full quality into a new work file and returns its path (the caller moves it
 * into the object store). One code path for full renders and for publishing's fresh render.
 */
export async function renderClipFile(deps: RenderDeps, clip: ClipRow, opts: { signal?: AbortSignal; onProgress?: (p: number) => void; look?: Look } = {}): Promise<string> {
  const { path: source, language } = await clipSource(deps, clip);
  const work = await mkdtemp(join(deps.tmpDir, 'render-'));
  const output = join(work, 'out.mp4');
  try {
    const info = await probe(source, { signal: opts.signal });
    if (!info.hasVideo || !info.width || !info.height) throw new PermanentTaskError(`The source video of clip ${clip.id} has no picture to render`);
    const plan = await deps.framing.planFor(clip, source, info, opts.signal);
    const layout = opts.look?.layout ?? plan?.layout;
    const aspect = opts.look?.aspect ?? undefined;
    // Issue 29, item 5: the kept parts of the clip; the captions move with them.
    const cuts = cutPlanFor(clip, opts.look ?? {}, language);
    const whole = cutsNothing(cuts, clip.start, clip.end);
    const words = whole ? clipWords(clip) : cutWords(clipWords(clip), cuts, clip.start);
    const assFile = join(work, 'captions.ass');
    await writeFile(assFile, buildAss(words, clip.start, whole ? clip.end : clip.start + cuts.duration, { style: opts.look?.caption_style ?? undefined, layout, aspect, speakers: opts.look?.caption_speakers === 1 }));
    const args = fullRenderArgs({
      source, start: clip.start, end: clip.end, assFile, width: info.width, height: info.height, hasAudio: info.hasAudio, output, plan, layout, aspect,
      ...(whole ? {} : { segments: cuts.segments }),
    });
    await runFfmpeg(args, { duration: whole ? clip.end - clip.start : cuts.duration, signal: opts.signal, onProgress: opts.onProgress });
    return output;
  } catch (e) {
    await rm(work, { recursive: true, force: true });
    throw e;
  }
}

/** The captions script burned into a render (kept beside its output until the work is discarded). */
export const captionsOf = (outputFile: string) => join(outputFile, '..', 'captions.ass');

/** Removes the work folder of a render's output file once it has been moved or is not wanted. */
export async function discardWork(outputFile: string): Promise<void> {
  await rm(join(outputFile, '..'), { recursive: true, force: true });
}
