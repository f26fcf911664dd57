import type { Clock } from '../../clock.js';
import type { Logger } from '../../log.js';
import { centrePlan, type FramingPlan } from '../../pipeline/framing/index.js';
import { samplingGate } from '../../pipeline/framing/gate.js';
import type { StagesInUse } from '../../pipeline/stages.js';
import type { ProbeResult } from '../../pipeline/types.js';
import { clipWords, type ClipRow } from '../../store/clips.js';
import type { Store } from '../../store/index.js';

export interface ClipFramingDeps {
  framings: Store['framings'];
  clock: Clock;
  log: Pick<Logger, 'info'>;
  /** The pipeline's stages: `frame` is the analysis (sampling, faces, path), read at call time. */
  stages: StagesInUse;
  /** Setting `framing.face_tracking`; false: the centre crop, nothing analysed or stored. */
  faceTracking: boolean;
}

/**
 * A clip's framing, computed once and stored (issue 17: "The same framing drives previews and
 * renders, computed once per clip and stored"). The clip job asks for it before the preview,
 * renders and publishing read it; a clip whose span changed since is analysed again.
 */
export class ClipFraming {
  constructor(private d: ClipFramingDeps) {}

  /** The same framing, storing through `framings` (a task's fenced store). */
  writingTo(framings: Store['framings']): ClipFraming {
    return new ClipFraming({ ...this.d, framings });
  }

  /** The stored plan of the clip's current span, if any. */
  async stored(clip: Pick<ClipRow, 'id' | 'start' | 'end'>): Promise<FramingPlan | undefined> {
    const row = await this.d.framings.get(clip.id);
    return row && row.start === clip.start && row.end === clip.end ? (JSON.parse(row.plan) as FramingPlan) : undefined;
  }

  /** The stored plan, or a new one made now and stored; undefined for a source with no picture. */
  async planFor(clip: ClipRow, mediaPath: string, probe: ProbeResult, signal?: AbortSignal): Promise<FramingPlan | undefined> {
    if (!probe.hasVideo || !probe.width || !probe.height) return undefined;
    const source = { width: probe.width, height: probe.height };
    if (!this.d.faceTracking) return centrePlan(source, clip.end - clip.start, 'face tracking is off (framing.face_tracking)');
    const known = await this.stored(clip);
    if (known) return known;
    // One analysis at a time, and none beside a preview encode (gate.ts).
    const plan = await samplingGate.alone(() => this.d.stages.current.frame({ mediaPath, probe, clip: { start: clip.start, end: clip.end }, words: clipWords(clip) }, signal ?? new AbortController().signal));
    await this.d.framings.save({ clip_id: clip.id, start: clip.start, end: clip.end, layout: plan.layout, plan: JSON.stringify(plan), created_at: this.d.clock.now() });
    this.d.log.info('clip framed', { clip_id: clip.id, layout: plan.layout, reason: plan.reason });
    return plan;
  }
}
