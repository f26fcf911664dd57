import type { TaskHandler } from '../../tasks/task-runner.js';
import { ProgressSink } from '../../progress-sink.js';
import { captionsOf, discardWork, renderClipFile, type RenderDeps } from './renderer.js';
import { RENDER_TASK, renderKeys, type RenderService } from './service.js';
import { metrics } from '../../metrics/instruments.js';

/** Object key of the ASS captions script a render burned in. */
export const captionsKey = (clipId: string, generation: number) => renderKeys(clipId, generation).captions;

/** Thrown inside a render when a re-trigger replaced the generation being rendered. */
class Superseded extends Error {}

/**
 * The durable task behind a full render. Resumable: after a crash it renders the current
 * generation again from the start (ffmpeg output is not resumable; the partial file was in a
 * work folder). A re-trigger while rendering aborts ffmpeg and renders the new generation.
 */
export function renderTaskHandler(service: RenderService, deps: RenderDeps): TaskHandler {
  return {
    kind: RENDER_TASK,
    concurrency: 1, // a 1080x1920 x264 encode takes both cores
    maxAttempts: 2,
    retryDelayMs: () => 5000,
    async run(task, ctl) {
      const renders = service.writingTo(ctl.store); // every write of the attempt under its lease
      for (;;) {
        const row = await renders.repo.get(task.resource_id);
        const clip = await ctl.store.clips.byId(task.resource_id);
        if (!row || !clip || row.status === 'done' || row.status === 'failed') return;
        if (!await renders.start(row)) continue; // replaced meanwhile: take the new generation
        const local = new AbortController();
        const onAbort = () => local.abort(ctl.signal.reason);
        ctl.signal.addEventListener('abort', onAbort, { once: true });
        // ffmpeg reports synchronously; the sink writes one report at a time and keeps a failure.
        const progress = new ProgressSink<number>(async (p) => {
          if (!await renders.progress(row, p)) local.abort(new Superseded());
        });
        let file: string;
        try {
          file = await renderClipFile(deps, clip, {
            signal: local.signal,
            look: row, // layout, caption style, aspect and cuts asked for (issues 17, 29)
            onProgress: (p) => progress.push(p),
          });
          await progress.flush();
        } catch (e) {
          await progress.flush().catch(() => undefined); // the render's own error is the one to report
          if (local.signal.reason instanceof Superseded && !ctl.signal.aborted) continue;
          throw e;
        } finally {
          ctl.signal.removeEventListener('abort', onAbort);
        }
        const key = renderKeys(clip.id, row.generation).video;
        await deps.objects.putFile(key, file);
        // The captions burned in, beside the video (issue 16: what a render's captions said).
        await deps.objects.putFile(captionsKey(clip.id, row.generation), captionsOf(file));
        await discardWork(file);
        if (await renders.succeed(row, key)) {
          metrics.renders.inc({ outcome: 'done' });
          metrics.renderMinutes.inc({}, Math.max(0, clip.end - clip.start) / 60);
          return;
        }
        await renders.dropOutput(row); // a newer generation was requested while this one finished
      }
    },
    async onGiveUp(task, error) {
      await service.fail(task.resource_id, error.message);
      metrics.renders.inc({ outcome: 'failed' });
    },
  };
}
