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

/** The stored source video of the clip's job, as a local file path. */
export async function clipSource(deps: RenderDeps, clip: ClipRow): Promise<string> {
  const key = (await deps.clipJobs.sourceOf(clip.job_id))?.media_key;
  const path = key ? await deps.objects.localPath(key) : undefined;
  if (!path) throw new PermanentTaskError(`The source video of clip ${clip.id} is no longer stored`);
  return path;
}

/**
 * Renders a clip in full quality into a new work file and returns its path (the caller moves it
 * into the object store). One code path for full renders and for publishing's fresh render.
 */
export async function renderClipFile(deps: RenderDeps, clip: ClipRow, opts: { signal?: AbortSignal; onProgress?: (p: number) => void; look?: Look } = {}): Promise<string> {
  const source = await clipSource(deps, clip);
  const work = await mkdtemp(join(deps.tmpDir, 'render-'));
  const output = join(work, 'out.mp4');
  try {
    const info = await probe(source, { signal: opts.signal });
    if (!info.hasVideo || !info.width || !info.height) throw new PermanentTaskError(`The source video of clip ${clip.id} has no picture to render`);
    const plan = await deps.framing.planFor(clip, source, info, opts.signal);
    const layout = opts.look?.layout ?? plan?.layout;
    const assFile = join(work, 'captions.ass');
    await writeFile(assFile, buildAss(clipWords(clip), clip.start, clip.end, { style: opts.look?.caption_style ?? undefined, layout }));
    const args = fullRenderArgs({ source, start: clip.start, end: clip.end, assFile, width: info.width, height: info.height, hasAudio: info.hasAudio, output, plan, layout });
    await runFfmpeg(args, { duration: clip.end - clip.start, signal: opts.signal, onProgress: opts.onProgress });
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
