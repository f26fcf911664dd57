import { badRequest, conflict, notFound } from '../../../src/api/errors.js';
import { patchClipSchema, putTranscriptSchema, type ClipTranscript, type PatchedClip } from '../../../src/api/clip-edits.js';
import type { ClipView } from '../../../src/api/clips.js';
import { CLIP_DURATION_MAX, CLIP_DURATION_MIN } from '../../../src/api/limits.js';
import type { PostStatus } from '../../../src/api/posts.js';
import { parseBody } from '../../../src/api/validate.js';
import type { Clock } from '../../clock.js';
import { punctuate, retitle, spanWords, type Span } from '../../pipeline/language/clip-words.js';
import type { Word } from '../../pipeline/types.js';
import { speakerTurns } from '../../pipeline/framing/turns.js';
import { readStage, stageKey } from '../clip-jobs/stage-results.js';
import { clipWords, type ClipRow } from '../../store/clips.js';
import type { Store } from '../../store/index.js';
import type { PreviewReadyHook } from '../../store/clips.js';
import type { TaskRunner } from '../../tasks/task-runner.js';

export const CLIP_PREVIEW_TASK = 'clip.preview';
/** DESIGN.md PATCH /v1/clips/:clipId: "409 while one of its posts is publishing". */
const PUBLISHING: readonly PostStatus[] = ['queued', 'processing', 'uploading'];
/** A span end this close past the video's end is the end (durations are rounded to 2 decimals). */
const END_SLACK = 0.02;
/** Corrected words may start or end this much outside the clip (a word cut by the clip's edge). */
const WORD_SLACK = 1;

export interface ClipEditDeps {
  store: Pick<Store, 'clips' | 'clipJobs' | 'posts' | 'framings' | 'transaction'>;
  clock: Clock;
  /** A preview an edit replaces is deleted: the store keeps only what some row names. */
  objects: { delete(key: string): Promise<unknown> };
  tasks: Pick<TaskRunner, 'enqueue'>;
  /** The clip as the API shows it (the clip job service owns that view). */
  clipView: (clip: ClipRow) => ClipView;
  /** Writes the clip's drafts again from its current words (the post service owns drafts). */
  rewriteDrafts: (clip: ClipRow) => Promise<void>;
  /** Run inside the transaction that stores a remade preview (drafts of new platforms). */
  previewReadyHooks: PreviewReadyHook[];
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;
const joined = (words: Word[]) => words.map((w) => w.text).join(' ');

/**
 * The editor's changes to a clip (issue 16; DESIGN.md "Second round"): its span and title
 * (PATCH), and its corrected words (GET/PUT .../transcript). Each change, the drafts written
 * again from it, and the preview task it needs commit in one transaction.
 */
export class ClipEditService {
  constructor(private d: ClipEditDeps) {}

  /** The same service writing through `store` (a task's fenced store). */
  writingTo(store: ClipEditDeps['store']): ClipEditService {
    return new ClipEditService({ ...this.d, store });
  }

  async require(teamId: string, clipId: string): Promise<ClipRow> {
    const clip = await this.d.store.clips.get(teamId, clipId);
    if (!clip) throw notFound('Clip', clipId);
    return clip;
  }

  /** PATCH /v1/clips/:clipId. */
  async update(teamId: string, clipId: string, body: unknown): Promise<PatchedClip> {
    const input = parseBody(patchClipSchema, body);
    const clip = await this.require(teamId, clipId);
    // A bound not given, or given as it is (to the millisecond), stays exactly as stored.
    const bound = (given: number | undefined, now: number) => (given === undefined || round3(given) === round3(now) ? now : round3(given));
    const span = { start: bound(input.start, clip.start), end: bound(input.end, clip.end) };
    const moved = span.start !== clip.start || span.end !== clip.end;
    if (moved) await this.checkSpan(clip, span);
    const { row: edited, dropped } = await this.d.store.transaction(async () => {
      await this.refuseWhilePublishing(clip);
      const words = moved ? await this.wordsOf(clip, span) : undefined;
      const change = await this.edit(clip.id, {
        ...span,
        ...(words ? { words: JSON.stringify(words), transcript: joined(words) } : {}),
        ...(input.title !== undefined ? { title: input.title, title_edited: 1 } : {}),
      });
      if (moved) await this.d.tasks.enqueue({ kind: CLIP_PREVIEW_TASK, resourceId: clip.id, teamId });
      await this.d.rewriteDrafts(change.row);
      return change;
    });
    await this.dropPreview(clip.id, dropped);
    return { clip: this.d.clipView(edited) };
  }

  /** GET /v1/clips/:clipId/transcript: the clip's words as sentences. */
  async transcript(teamId: string, clipId: string): Promise<ClipTranscript> {
    const clip = await this.require(teamId, clipId);
    return { clip_id: clip.id, words: punctuate(clipWords(clip)).map((w) => ({ text: w.text, start: round3(w.start), end: round3(w.end), ...(w.speaker ? { speaker: w.speaker } : {}) })) };
  }

  /** PUT /v1/clips/:clipId/transcript: the corrected words replace the clip's words everywhere. */
  async putTranscript(teamId: string, clipId: string, body: unknown): Promise<ClipTranscript> {
    const { words } = parseBody(putTranscriptSchema, body);
    const clip = await this.require(teamId, clipId);
    words.forEach((w, i) => {
      const field = `words.${i}`;
      if (w.end < w.start) throw badRequest(`${field}: end must not be before start`, { field });
      if (i > 0 && w.start < words[i - 1].start) throw badRequest(`${field}: words must be in time order`, { field });
      if (w.start < clip.start - WORD_SLACK || w.end > clip.end + WORD_SLACK) {
        throw badRequest(`${field}: "${w.text}" (${w.start}-${w.end} s) is outside the clip's span ${clip.start}-${clip.end} s`, { field, start: clip.start, end: clip.end });
      }
    });
    const dropped = await this.d.store.transaction(async () => {
      await this.refuseWhilePublishing(clip);
      const fresh = words.map((w) => ({ text: w.text, start: round3(w.start), end: round3(w.end), ...(w.speaker ? { speaker: w.speaker } : {}) }));
      await this.d.store.clips.saveTranscriptEdit({ clip_id: clip.id, start: clip.start, end: clip.end, words: JSON.stringify(fresh), updated_at: this.d.clock.now() });
      const was = clipWords(clip);
      const title = clip.title_edited ? clip.title : retitle(clip.title, was, fresh);
      // The framing follows who speaks (issue 30, item 3): when a correction changes the speaker
      // turns the framing reads (to 0.1 s), the clip is framed again and its preview made again
      // with it (as after a trim); retyped words inside a turn change nothing.
      const turns = (ws: Word[]) => JSON.stringify(speakerTurns(ws, clip.start, clip.end)?.map((t) => [t.speaker, t.start.toFixed(1), t.end.toFixed(1)]));
      const reframe = turns(was) !== turns(fresh);
      if (reframe) await this.d.store.framings.forget(clip.id);
      const change = await this.edit(clip.id, { words: JSON.stringify(fresh), transcript: joined(fresh), title }, { remakePreview: reframe });
      if (reframe) await this.d.tasks.enqueue({ kind: CLIP_PREVIEW_TASK, resourceId: clip.id, teamId });
      await this.d.rewriteDrafts(change.row);
      return change.dropped;
    });
    await this.dropPreview(clip.id, dropped);
    return await this.transcript(teamId, clipId);
  }

  /** The clip edited (inside the caller's transaction), and the preview key the edit let go of. */
  private async edit(clipId: string, fields: Parameters<Store['clips']['edit']>[1], opts?: { remakePreview?: boolean }): Promise<{ row: ClipRow; dropped: string | null }> {
    const before = (await this.d.store.clips.byId(clipId))!.preview_key;
    const row = (await this.d.store.clips.edit(clipId, fields, opts))!;
    return { row, dropped: before && row.preview_key !== before ? before : null };
  }

  /**
   * Deletes a preview no row names any more (once its edit is committed). A failed delete is
   * left behind rather than failing the edit that already happened.
   */
  async dropPreview(clipId: string, key: string | null): Promise<void> {
    if (!key || (await this.d.store.clips.byId(clipId))?.preview_key === key) return;
    await this.d.objects.delete(key).catch(() => undefined);
  }

  /** The preview task's result, stored only while the clip still has the span it was made of. */
  async previewMade(clipId: string, span: Span, key: string): Promise<boolean> {
    return await this.d.store.transaction(async () => {
      if (!await this.d.store.clips.setPreviewOfSpan(clipId, span, key, this.d.clock.now())) return false;
      const clip = (await this.d.store.clips.byId(clipId))!;
      for (const hook of this.d.previewReadyHooks) await hook(clip);
      return true;
    });
  }

  /** DESIGN.md: "3 to 600 s long, inside the video". */
  private async checkSpan(clip: ClipRow, span: Span): Promise<void> {
    // The running job makes the clip's first preview from the span it read: a trim waits for it.
    const job = await this.d.store.clipJobs.byId(clip.job_id);
    if (job && (job.status === 'queued' || job.status === 'processing') && !clip.preview_key) {
      throw conflict(`Clip ${clip.id}'s job ${job.id} is still making its preview; trim it once the preview is ready`, { job_id: job.id, status: job.status });
    }
    const duration = (await readStage(this.d.store.clipJobs, clip.job_id, stageKey('probe')))?.duration;
    const length = span.end - span.start;
    if (!(length >= CLIP_DURATION_MIN - 1e-9 && length <= CLIP_DURATION_MAX + 1e-9)) {
      throw badRequest(`The clip must be ${CLIP_DURATION_MIN} to ${CLIP_DURATION_MAX} s long (start ${span.start}, end ${span.end} make ${round3(length)} s)`, { field: length < 0 ? 'start' : 'end', min: CLIP_DURATION_MIN, max: CLIP_DURATION_MAX });
    }
    if (duration !== undefined && span.end > duration + END_SLACK) {
      throw badRequest(`end (${span.end} s) is past the end of the video (${round3(duration)} s)`, { field: 'end', duration: round3(duration) });
    }
  }

  private async refuseWhilePublishing(clip: ClipRow): Promise<void> {
    const busy = (await this.d.store.posts.listByClip(clip.id)).find((p) => PUBLISHING.includes(p.status));
    if (busy) throw conflict(`Clip ${clip.id} has post ${busy.id} being published (${busy.status}); edit it once that has finished`, { post_id: busy.id, status: busy.status });
  }

  /** The words of a new span: corrected ones where the person corrected them, recognised elsewhere. */
  private async wordsOf(clip: ClipRow, span: Span): Promise<Word[]> {
    const stored = (await this.d.store.clipJobs.transcriptOf(clip.job_id)).flatMap((s) => s.words);
    // A job whose transcript is not stored (no speech engine) has only the clip's own words.
    const recognised = stored.length ? stored : clipWords(clip);
    const edit = await this.d.store.clips.transcriptEdit(clip.id);
    return spanWords(recognised, edit && { start: edit.start, end: edit.end, words: JSON.parse(edit.words) as Word[] }, span);
  }
}
