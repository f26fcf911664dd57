import { createReadStream, existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PermanentTaskError } from '../../tasks/task-runner.js';
import type { ClipRow } from '../../store/clips.js';
import type { ClipJobRow } from '../../store/clip-jobs.js';
import type { Store } from '../../store/index.js';
import { HEAVY_PRIORITY } from '../../pipeline/heavy-queue.js';
import { samplingGate } from '../../pipeline/framing/gate.js';
import { MAX_CLIPS } from '../../pipeline/suggest/select.js';
import type { Analysis, ProbeResult, Transcript, TranscriptionEngine } from '../../pipeline/types.js';
import { engineOfAttempt, engineUsed, stamped } from './job-engine.js';
import type { JobDeps, JobSettings } from './deps.js';
import { ingestSource } from './ingest.js';
import { planJob, type JobPlan } from './plan.js';
import { JobProgress, type WeightedStage } from './progress.js';
import { ProgressSink } from '../../progress-sink.js';
import { JobStages, namesOf, stageKey, type StageResultTypes } from './stage-results.js';
import { SectionHandoff } from './section-handoff.js';
import { joinTranscripts, keepSpan, shiftTranscript, withOverlap, wordsIn } from '../../pipeline/transcript-parts.js';
import { SpeechEngineError } from '../../pipeline/transcribe/errors.js';
import type { JobTransitions } from './transitions.js';
import { writeSilentWav } from '../../pipeline/media/silent-wav.js';
import { frameEnergies } from '../../pipeline/transcribe/chunking.js';
import { readWavInfo, writeWavSlice, type WavInfo } from '../../pipeline/transcribe/wav.js';
import { writeViaTemp } from '../../pipeline/temp-file.js';
import { withSpeakers } from '../../pipeline/speakers/diarize.js';
import { metrics } from '../../metrics/instruments.js';
import { scoresInOrder } from '../../pipeline/llm/rank.js';

/** The stage a heavy-queue priority is (for /metrics' stage durations). */
const STAGE_OF = new Map<number, string>(Object.entries(HEAVY_PRIORITY).map(([stage, p]) => [p, stage]));

/**
 * One attempt at a clip job (DESIGN.md, "The pipeline"): ingest -> probe -> audio -> analysis
 * and chunked transcription side by side -> suggestion section by section -> previews one by
 * one. Every stage stores its result before what depends on it starts, and an attempt begins by
 * reading what earlier attempts stored, so after kill -9 the job resumes where it stopped.
 */
/** The shortest time between two progress writes of a job (issue 27, item 8); the last value is always written. */
export const PROGRESS_WRITE_MS = 1_000;

export class JobRun {
  private abort = new AbortController();
  private firstError?: unknown;
  private inFlight = new Set<Promise<unknown>>();
  /** Counted in memory; written at most once a PROGRESS_WRITE_MS, and whole percents only. */
  private progress = new JobProgress();
  private reports = new ProgressSink<void>(async () => await this.writeProgress(), { minIntervalMs: PROGRESS_WRITE_MS });
  private percentWritten: number;
  private readonly workDir: string;
  private done!: JobStages;
  /** The speech engine of this attempt (job-engine.ts). */
  private engine!: TranscriptionEngine;

  constructor(private deps: JobDeps, private repo: Store['clipJobs'], private t: JobTransitions, private settings: JobSettings, private job: ClipJobRow, signal: AbortSignal) {
    this.workDir = join(settings.workDir, job.id);
    this.percentWritten = Math.floor(job.progress * 100 + 1e-9);
    if (signal.aborted) this.abort.abort(signal.reason);
    signal.addEventListener('abort', () => this.abort.abort(signal.reason), { once: true });
  }

  private get signal() {
    return this.abort.signal;
  }

  async execute(): Promise<void> {
    try {
      await this.pipeline();
    } catch (e) {
      // Nothing of this attempt may still be running when the next one starts (same files).
      this.abort.abort(e);
      await Promise.allSettled(this.inFlight);
      await this.reports.flush().catch(() => {}); // the attempt's own error is the one to report
      throw this.firstError ?? e;
    }
  }

  private async pipeline(): Promise<void> {
    const { objects } = this.deps;
    const stages = this.deps.stages.current;
    await this.t.start(this.job);
    this.done = await JobStages.load(this.repo, this.job.id);
    await mkdir(this.workDir, { recursive: true });

    let ingest = this.done.get(stageKey('ingest'));
    if (!ingest) {
      ingest = await metrics.stageSeconds.time({ stage: 'ingest' }, () => ingestSource(this.job, { objects, settings: this.settings, policy: this.settings.linkPolicy, workDir: this.workDir, signal: this.signal }));
      await this.t.ingested(this.job, ingest);
    }
    this.report('ingest');
    const mediaPath = await objects.localPath(ingest.media_key);
    // Issue 13, item 11: no object key or path of this machine in a job's error.
    if (!mediaPath) throw new PermanentTaskError('The source video is no longer stored (it was removed before the job could read it); start the job again from the file');
    // Checked after the copy is made: the copy is of the etag the bucket had then, the same one.
    if (this.job.source_type === 'upload' && await this.deps.uploads.sourceReplaced(ingest.media_key)) {
      throw new PermanentTaskError('The uploaded file was replaced after this job was created (its upload URL was used again); upload the file again and start a new job');
    }

    let probe = this.done.get(stageKey('probe'));
    if (!probe) {
      probe = await this.heavy(HEAVY_PRIORITY.audio, () => stages.probe(mediaPath, this.signal)).catch((e) => {
        if (this.signal.aborted) throw e;
        throw new PermanentTaskError(`The source is not a video that can be read: ${(e as Error).message}`);
      });
      if (!(probe.duration > 0) || (!probe.hasAudio && !probe.hasVideo)) throw new PermanentTaskError('The source has no audio or video to make clips from');
      await this.t.probed(this.job, probe);
    }
    this.report('probe');

    const wavPath = join(this.workDir, 'audio.wav');
    if (!this.done.has(stageKey('audio')) || !existsSync(wavPath)) {
      if (probe.hasAudio) await this.heavy(HEAVY_PRIORITY.audio, () => stages.extractAudio(mediaPath, wavPath, this.signal), 'Audio extraction');
      else await writeSilentWav(wavPath, probe.duration);
      await this.t.stage(this.job, stageKey('audio'), { file: 'audio.wav' });
    }
    this.report('audio');
    const wav = await readWavInfo(wavPath);

    const engine = (this.engine = await engineOfAttempt(stages, this.done, this.t, this.job));
    let plan = this.done.get(stageKey('plan'));
    if (!plan) {
      // Issue 14, item 4: chunks no longer than the engine takes at once (Whisper: 30 s).
      const chunkSeconds = Math.min(this.settings.chunkSeconds, engine.chunking?.maxSeconds ?? Infinity);
      plan = planJob(wav.duration, await frameEnergies(wav, wavPath), { ...this.settings, chunkSeconds, strict: !!engine.chunking, parallel: this.deps.heavy.concurrency });
      await this.t.stage(this.job, stageKey('plan'), plan);
    }
    // Which engine and model transcribe the job (shown on GET /v1/clips/:jobId and by `clips get`).
    if (!this.done.has(stageKey('transcriber'))) await this.t.stage(this.job, stageKey('transcriber'), engineUsed(engine));
    this.progress.setPlan(plan);
    await this.warnIfNoSpeech();

    const handoff = new SectionHandoff(plan, (s) => this.done.has(stageKey('suggest', s)), this.signal);
    const analysis = this.track(this.analysis(mediaPath, wavPath, probe, handoff));
    const chunks = plan.chunks.map((_, i) => this.chunk(i, plan, wavPath, wav, handoff));
    // The clips earlier attempts stored, read once: from here on the counts are kept in memory.
    const stored = await this.deps.store.clips.listByJob(this.job.id);
    this.progress.previewCounts(stored.filter((c) => c.preview_key).length, stored.length);
    const previews = stored.filter((c) => !c.preview_key).map((c) => this.track(this.preview(c, mediaPath, probe)));
    await this.fetchEncoder();
    for (const [s, section] of plan.sections.entries()) {
      if (!this.done.has(stageKey('suggest', s))) {
        // Issue 20: a topic still going on where the previous section ended is suggested here, whole.
        const carryFrom = s > 0 ? this.done.get(stageKey('suggest', s - 1))?.carry_from : undefined;
        const first = carryFrom === undefined ? section.first : Math.max(0, plan.chunks.findIndex((c) => c.end > carryFrom));
        const [found, ...parts] = await Promise.all([analysis, ...chunks.slice(Math.min(first, section.first), section.last + 1).map((c) => c.transcript)]);
        const transcript = joinTranscripts(parts, { engine: engine.name, language: this.job.language });
        const last = s === plan.sections.length - 1;
        const result = await stages
          .suggest({ transcript, analysis: found, probe, span: section, carryFrom, last }, { criteria: this.job.criteria ?? undefined, targetDuration: this.job.target_duration ?? undefined, language: this.job.language, clipCount: this.job.requested_clips ?? undefined, clipsBefore: this.progress.clipCount })
          .catch((e) => Promise.reject(new Error(`Clip suggestion failed: ${(e as Error).message}`)));
        // Issue 4: at most 30 clips a job, however many sections it has.
        const room = Math.max(0, (this.job.requested_clips ?? MAX_CLIPS) - this.progress.clipCount);
        const clips = result.clips.slice(0, room).map((c) => ({ ...c, words: withSpeakers(wordsIn(transcript, c), result.speakers) }));
        const extra = { ...(result.speakers ? { speakers: result.speakers } : {}), ...(result.carryFrom !== undefined && !last ? { carry_from: result.carryFrom } : {}), ...(result.ranking ? { ranking: result.ranking } : {}) };
        const ids = await this.t.suggested(this.job, stageKey('suggest', s), clips, extra);
        this.done.set(stageKey('suggest', s), { clip_ids: ids, ...extra });
        this.progress.clipsFound(ids.length);
        for (const id of ids) previews.push(this.track(this.preview((await this.deps.store.clips.byId(id))!, mediaPath, probe)));
        handoff.sectionQueued(s);
      }
      this.progress.section(s);
      this.report();
    }
    await this.rankJob();
    await Promise.all([analysis, ...chunks.map((c) => c.work), ...previews]);
    await this.reports.flush();
    if (!(await this.deps.store.clips.listByJob(this.job.id)).length) throw new PermanentTaskError(`No clip could be made from this ${Math.round(probe.duration)}-second video`);
    await this.t.done(this.job);
    await rm(this.workDir, { recursive: true, force: true });
  }

  /**
   * Issue 28, item 2a: once every section is suggested, the job's clips ranked against each
   * other in one call, while their previews go on rendering; stored with the clips' new scores
   * and order in one transaction, so a resumed job does not ask again.
   */
  private async rankJob(): Promise<void> {
    const stages = this.deps.stages.current;
    if (!stages.rank || this.done.has(stageKey('rank'))) return;
    // Only when a model judged some section: one that failed in every section is not asked again.
    const judged = namesOf(this.done.names(), 'suggest').some(({ part }) => this.done.get(stageKey('suggest', Number(part)))?.ranking?.by === 'llm');
    if (!judged) return;
    const clips = await this.deps.store.clips.listByJob(this.job.id);
    if (clips.length < 2) return;
    const result = await stages.rank({ clips: clips.map((c) => ({ id: c.id, start: c.start, end: c.end, transcript: c.transcript, reason: c.reason })) }, { criteria: this.job.criteria ?? undefined }, this.signal);
    if (!result) return;
    await this.t.ranked(this.job, scoresInOrder(clips, result.order), result);
    this.done.set(stageKey('rank'), result);
  }

  /**
   * With a request and no sentence encoder installed, the recommended one is fetched once while
   * the chunks are transcribed (stages.prepareEncoder); its progress is the `encoder` stage
   * result, and what came of it a warning. A failed fetch leaves the heuristics: never an error.
   */
  private async fetchEncoder(): Promise<void> {
    const prepare = this.deps.stages.current.prepareEncoder;
    // Without speech there are no words to match: an encoder would change nothing.
    if (!prepare || !this.job.criteria?.trim() || this.engine.name === 'none' || this.done.has(stageKey('encoder'))) return;
    let last: StageResultTypes['encoder'] | undefined;
    let written = 0;
    const save = async (v: StageResultTypes['encoder']) => {
      last = v;
      written = Date.now();
      await this.t.stage(this.job, stageKey('encoder'), v).catch(() => {});
    };
    const pending = new Set<Promise<void>>();
    const outcome = await prepare(this.job.criteria, this.job.language, (p) => {
      if (Date.now() - written < PROGRESS_WRITE_MS) return;
      const w = save(p).finally(() => pending.delete(w));
      pending.add(w);
    }).catch(() => undefined);
    await Promise.all(pending);
    if (!outcome) return;
    await save({ model: outcome.model ?? last?.model ?? '', received: last?.total ?? last?.received ?? 0, ...(last?.total ? { total: last.total } : {}), done: true });
    this.done.set(stageKey('encoder'), last!);
    await this.t.stage(this.job, stageKey('warning', outcome.code), { message: outcome.message });
  }

  private async analysis(mediaPath: string, wavPath: string, probe: ProbeResult, handoff: SectionHandoff): Promise<Analysis> {
    let found = this.done.get(stageKey('analyse'));
    if (!found) {
      found = await this.heavy(HEAVY_PRIORITY.analysis, () => this.deps.stages.current.analyse({ mediaPath, wavPath, probe }, this.signal), 'Analysis');
      await this.t.stage(this.job, stageKey('analyse'), found);
      this.report('analyse');
    }
    // Issue 30, item 3: which diarization ran, shown as the job's `transcription.diarization`.
    if (found.diarization && !this.done.has(stageKey('diarizer'))) {
      await this.t.stage(this.job, stageKey('diarizer'), found.diarization);
      this.done.set(stageKey('diarizer'), found.diarization);
    }
    handoff.analysisStored();
    return found;
  }

  /**
   * Issue 13, item 2: a job that runs with no speech engine says so (a `warning:no_speech_engine`
   * stage result, shown as the job's `warnings`), since its clips are found without words.
   */
  private async warnIfNoSpeech(): Promise<void> {
    const engine = this.engine;
    const key = stageKey('warning', 'no_speech_engine');
    if (engine.name !== 'none' || this.done.has(key)) return;
    const message =
      `No speech recognition ran (${engine.reason}): clips were found from pauses, loudness and scene changes only, without the words, ` +
      'so criteria could not match what is said and titles name only the time. For transcripts install pocketsphinx and pocketsphinx-en-us (English), ' +
      'or whisper.cpp with a model (`clipper models add`); `clipper doctor` says which engine jobs use.';
    await this.t.stage(this.job, key, { message });
  }

  /**
   * Transcribes one chunk, stored on source time as `transcribe:<i>`. `transcript` resolves as
   * soon as it is stored; `work` when the chunk has also handed its core over (SectionHandoff).
   */
  private chunk(i: number, plan: JobPlan, wavPath: string, wav: WavInfo, handoff: SectionHandoff): { transcript: Promise<Transcript>; work: Promise<void> } {
    const stored = this.done.get(stageKey('transcribe', i));
    if (stored) {
      this.progress.chunk(i, 1);
      handoff.chunkStored(i);
      return { transcript: Promise.resolve(stored), work: Promise.resolve() };
    }
    const span = plan.chunks[i];
    let delivered!: (t: Transcript) => void;
    let failed!: (e: unknown) => void;
    const transcript = new Promise<Transcript>((resolve, reject) => ((delivered = resolve), (failed = reject)));
    transcript.catch(() => {}); // the failure is reported through `work`
    const work = this.heavy(HEAVY_PRIORITY.transcription, async () => {
      const engine = this.engine;
      // The engine hears a little of each neighbour (issue 14, item 4: overlap at the seams)
      // and keeps the words centred in this chunk's own span (de-duplication).
      const heard = withOverlap(span, engine.chunking?.overlapSeconds ?? 0, wav.duration);
      const whole = heard.start <= 0 && heard.end >= wav.duration;
      const file = whole ? wavPath : join(this.workDir, `chunk-${i}.wav`);
      if (file !== wavPath) await writeViaTemp(file, (temp) => writeWavSlice(wav, wavPath, heard.start, heard.end, temp));
      const onProgress = (f: number) => {
        this.progress.chunk(i, f);
        this.reports.push();
      };
      const got = await engine.transcribe(file, { language: this.job.language, signal: this.signal, onProgress }).catch((e) => {
        if (e instanceof SpeechEngineError && e.permanent) throw new PermanentTaskError(`Transcription failed: ${e.message}`);
        throw e;
      });
      if (file !== wavPath) await rm(file, { force: true });
      const shifted = shiftTranscript(stamped(got, engine), heard.start);
      const result = heard === span ? shifted : keepSpan(shifted, span, i === plan.chunks.length - 1);
      await this.t.stage(this.job, stageKey('transcribe', i), result);
      this.progress.chunk(i, 1);
      this.report();
      handoff.chunkStored(i);
      delivered(result);
      await handoff.holdFor(i);
    }, 'Transcription');
    work.catch(failed);
    return { transcript, work: this.track(work) };
  }

  /**
   * Frames, renders, stores and publishes one clip's preview (previews go first on the heavy
   * queue). The framing is stored before the preview starts, so a resumed job does not look
   * for the faces again, and renders use the same plan (issue 17).
   */
  private async preview(clip: ClipRow, mediaPath: string, probe: ProbeResult): Promise<void> {
    const out = join(this.workDir, `preview-${clip.id}.mp4`);
    // One heavy slot for both, so a waiting transcription chunk cannot take the slot between
    // the framing and the preview it is for (the preview of a finished section goes first).
    await this.heavy(HEAVY_PRIORITY.preview, async () => {
      const plan = await this.deps.framing.planFor(clip, mediaPath, probe, this.signal).catch((e) => Promise.reject(this.failed('Framing', e)));
      // Encodes run side by side, never beside a framing analysis (gate.ts).
      await samplingGate.beside(() => this.deps.stages.current.renderPreview({ mediaPath, probe, clip: { start: clip.start, end: clip.end }, plan }, out, this.signal)).catch((e) => Promise.reject(this.failed('Preview rendering', e)));
    });
    const key = `previews/${this.job.id}/${clip.id}.mp4`;
    // A stale attempt writes no object: the lease is checked first (an empty fenced transaction).
    // The key is the clip's own, so an attempt that lost its lease during the upload only
    // rewrites the same preview, which the row the new attempt commits names.
    await this.deps.store.transaction(async () => undefined);
    await this.deps.objects.put(key, createReadStream(out), { contentType: 'video/mp4' });
    await rm(out, { force: true });
    await this.t.previewReady(clip.id, key);
    this.progress.previewMade();
    this.report();
  }

  private heavy<T>(priority: number, work: () => Promise<T>, what?: string): Promise<T> {
    // Timed from when the work starts, not from when it joined the queue (issue 31, item 1).
    const timed = () => metrics.stageSeconds.time({ stage: STAGE_OF.get(priority) ?? 'other' }, work);
    const p = this.deps.heavy.run(timed, { priority, signal: this.signal });
    if (!what) return p;
    return p.catch((e) => Promise.reject(this.failed(what, e)));
  }

  /** The job's error for a failed step: `<what> failed: <reason>` (an abort or permanent error as is). */
  private failed(what: string, e: unknown): unknown {
    if (this.signal.aborted || e instanceof PermanentTaskError) return e;
    // The cause stays: a full disk (ffmpeg's stderr, ENOSPC) makes the task wait, not fail (disk-full.ts).
    return new Error(`${what} failed: ${(e as Error).message}`, { cause: e });
  }

  /** Background work: its first failure stops the whole attempt and is what the job reports. */
  private track<T>(p: Promise<T>): Promise<T> {
    this.inFlight.add(p);
    p.catch((e) => {
      if (this.firstError === undefined) {
        this.firstError = e;
        this.abort.abort(e);
      }
    });
    return p;
  }

  /** Counts a finished stage; the value reaches the database with the next write (ProgressSink). */
  private report(stage?: WeightedStage): void {
    if (stage) this.progress.stage(stage);
    this.reports.push();
  }

  /** Writes the job's progress when it has reached a new whole percent (DESIGN.md: at most one event per percent). */
  private async writeProgress(): Promise<void> {
    const percent = Math.floor(this.progress.value() * 100);
    if (percent <= this.percentWritten) return;
    await this.t.progress(this.job, percent / 100);
    this.percentWritten = percent;
  }
}
