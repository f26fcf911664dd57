import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { HEAVY_PRIORITY, type HeavyQueue } from '../../pipeline/heavy-queue.js';
import type { StagesInUse } from '../../pipeline/stages.js';
import type { Store } from '../../store/index.js';
import { PermanentTaskError, type TaskHandler } from '../../tasks/task-runner.js';
import type { ClipFraming } from '../clip-jobs/framing.js';
import type { JobObjects } from '../clip-jobs/deps.js';
import { readStage, stageKey } from '../clip-jobs/stage-results.js';
import { CLIP_PREVIEW_TASK, type ClipEditService } from './service.js';

export interface ClipPreviewDeps {
  store: Pick<Store, 'clips' | 'clipJobs'>;
  objects: Pick<JobObjects, 'put' | 'localPath'>;
  heavy: HeavyQueue;
  /** The pipeline's stages, read at call time (tests swap them). */
  stages: StagesInUse;
  framing: ClipFraming;
  edits: Pick<ClipEditService, 'previewMade' | 'dropPreview' | 'writingTo'>;
  /** Folder for the preview being made. */
  tmpDir: string;
}

/**
 * Makes a trimmed clip's preview again (DESIGN.md PATCH /v1/clips/:clipId: "the preview is made
 * again (its `preview_url` is absent until ready)"), the way the clip job makes it: the stored
 * framing of the span (or a new one), then the preview stage on the heavy queue. Trimmed again
 * while it ran, it makes the newest span's preview; after a crash it starts over.
 */
export function clipPreviewTaskHandler(d: ClipPreviewDeps): TaskHandler {
  return {
    kind: CLIP_PREVIEW_TASK,
    concurrency: 1,
    maxAttempts: 3,
    retryDelayMs: (n) => 2000 * n,
    async run(task, ctl) {
      // Every write of the attempt under its lease: the clip's preview and its framing.
      const edits = d.edits.writingTo(ctl.store);
      const framing = d.framing.writingTo(ctl.store.framings);
      for (;;) {
        const clip = await d.store.clips.byId(task.resource_id);
        if (!clip || clip.preview_key) return;
        const key = (await d.store.clipJobs.sourceOf(clip.job_id))?.media_key;
        const media = key ? await d.objects.localPath(key) : undefined;
        if (!media) throw new PermanentTaskError(`The source video of clip ${clip.id} is no longer stored`);
        const probe = (await readStage(d.store.clipJobs, clip.job_id, stageKey('probe'))) ?? (await d.stages.current.probe(media, ctl.signal));
        const span = { start: clip.start, end: clip.end };
        await mkdir(d.tmpDir, { recursive: true });
        const out = join(d.tmpDir, `preview-${clip.id}-${task.attempts}.mp4`);
        try {
          await d.heavy.run(async () => {
            const plan = await framing.planFor(clip, media, probe, ctl.signal);
            await d.stages.current.renderPreview({ mediaPath: media, probe, clip: span, plan }, out, ctl.signal);
          }, { priority: HEAVY_PRIORITY.preview, signal: ctl.signal });
          // A new object per span: a page still showing the old preview keeps a working link.
          const objectKey = `previews/${clip.job_id}/${clip.id}-${Math.round(span.start * 1000)}-${Math.round(span.end * 1000)}.mp4`;
          await d.objects.put(objectKey, createReadStream(out), { contentType: 'video/mp4' });
          if (await edits.previewMade(clip.id, span, objectKey)) return;
          // Trimmed again meanwhile: this span's preview is named by no row.
          await edits.dropPreview(clip.id, objectKey);
        } finally {
          await rm(out, { force: true });
        }
      }
    },
    async onGiveUp() {
      // The clip keeps no preview_url; the next PATCH of its span tries again.
    },
  };
}
