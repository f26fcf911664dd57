import { analyse, type EngineConfig, extractAudio, probe, renderPreview } from './media/index.js';
import { EngineSelector } from './transcribe/engine-selector.js';
import { analyseFraming } from './framing/index.js';
import { prepareCriteria, suggestSection, baseLanguage } from './suggest/index.js';
import { chooseWithLlm } from './llm/choose.js';
import { rankFinalists } from './llm/rank.js';
import { embeddingsFor, shortlistCandidates } from './embed/stage.js';
import { ensureEncoder } from './embed/auto-fetch.js';
import { edgeChoices } from './llm/later-ends.js';
import { lengthPlan } from './suggest/windows.js';
import type { LlmChoice } from './llm/settings.js';
import type { LlmEngine } from './llm/engine.js';
import type { Embedder } from './embed/embedder.js';
import type { Analysis, ProbeResult, SuggestedClip, Transcript } from './types.js';
import type { PipelineStages, Span } from './stages.js';
import { diarize, type SpeakerTurn, voicesOf } from './speakers/diarize.js';
import { diarizeWithModels } from './speakers/model-diarization.js';
import { PITCH_STEP, pitchTrack } from './speakers/pitch.js';
import { readWavInfo } from './transcribe/wav.js';
import { transcriptWords } from './language/sentences.js';
import { shiftTranscript, transcriptWithin } from './transcript-parts.js';

/** Candidate clips a language model judges per section (the best of each topic). */
const LLM_POOL = 8;
/** With a sentence encoder and a request, the candidates it shortlists beyond the section's clips. */
const SHORTLIST_SPARE = 1;

/**
 * The real stages: ffprobe, ffmpeg audio / analysis / previews, the speech
 * engine (chosen again when the installed models change), and the suggester. The job cuts the audio into chunks itself and runs
 * them on the shared heavy queue, so pocketsphinx is asked for one recogniser per call.
 */

export function realStages(engine: EngineConfig & { models?: { auto_fetch_encoder?: boolean } }, env: NodeJS.ProcessEnv = process.env, llmChoice?: LlmChoice): PipelineStages {
  const engines = new EngineSelector(engine, env);
  return {
    probe: (file, signal) => probe(file, { signal }),
    extractAudio: async (file, wav, signal) => void (await extractAudio(file, wav, { signal })),
    analyse: async ({ mediaPath, wavPath, probe: p }, signal) => {
      const wav = await readWavInfo(wavPath);
      return {
        ...(await analyse(mediaPath, p, { signal })),
        // Issue 30, item 3: the pitch track the heuristic diarization reads, and the model's
        // diarization of the whole audio when its two models are installed.
        pitch: await pitchTrack(wav, wavPath, signal),
        ...(await diarizeWithModels(engine.dataDir, wavPath, wav.duration, env, signal)),
      };
    },
    get transcriber() {
      return engines.current();
    },
    engineFor: (used) => engines.engineFor(used),
    suggest: async ({ transcript, analysis, probe: p, span, carryFrom, last }, opts) => {
      const criteria = await prepareCriteria(opts.criteria, baseLanguage(opts.language));
      const llm = llmChoice?.();
      const from = Math.min(span.start, carryFrom ?? span.start);
      const holdBack = last === false;
      const whole = from <= 0 && span.end >= p.duration - 0.01;
      const part = whole ? { transcript, analysis, probe: p } : sectionView(transcript, analysis, p, { start: from, end: span.end });
      // Issue 28, item 3: an installed sentence encoder matches the request to passages.
      const embedded = await embeddingsFor(engine.dataDir, env, opts.criteria, criteria.general || !criteria.aspects.length, part.transcript);
      const carried = from < span.start ? { carried: span.start - from } : {};
      const found = suggestSection(part.transcript, part.analysis, part.probe, { ...opts, ...carried, sourceDuration: p.duration, semantic: embedded.semantic }, criteria, holdBack, llm ? LLM_POOL : 0);
      const voices = voicesOf(analysis.pitch ?? []);
      // Issues 20 and 28: with a language model, it judges the candidates and writes the copy (the job ranks its finalists at the end: `rank`).
      const chosen = llm && found.pool?.length ? await judgeSection(llm, opts.criteria, found.pool, found.clips.length, embedded.embedder, part.transcript, lengthPlan(opts.targetDuration).max) : { clips: found.clips };
      const ranking = 'ranking' in chosen ? { ...chosen.ranking, ...(embedded.semantic ? { embedding: embedded.semantic.model } : {}) } : embedded.ranking;
      return {
        clips: chosen.clips.map((c) => moveClip(c, whole ? 0 : from)),
        ...(found.carryFrom !== undefined ? { carryFrom: Math.round((found.carryFrom + (whole ? 0 : from)) * 100) / 100 } : {}),
        ...(ranking ? { ranking } : {}),
        ...speakersOf(analysis, part, voices, { start: from, end: span.end }, whole),
      };
    },
    // A request names a topic and no sentence encoder is installed: fetch the recommended one once.
    prepareEncoder: async (request, language, onProgress) => {
      const criteria = await prepareCriteria(request, baseLanguage(language));
      if (!engine.dataDir || criteria.general || !criteria.aspects.length) return undefined;
      return ensureEncoder({ dataDir: engine.dataDir, env, enabled: engine.models?.auto_fetch_encoder ?? true, onProgress });
    },
    rank: async ({ clips }, opts, signal) => {
      const llm = llmChoice?.();
      return llm && clips.length > 1 ? await rankFinalists(llm, opts.criteria, clips, signal) : undefined;
    },
    close: () => {
      engines.close();
      llmChoice?.close();
    },
    frame: ({ mediaPath, probe: p, clip, words }, signal) =>
      analyseFraming(mediaPath, { start: clip.start, end: clip.end, source: { width: p.width ?? 0, height: p.height ?? 0 }, words, signal }),
    renderPreview: async ({ mediaPath, probe: p, clip, plan }, out, signal) => void (await renderPreview(mediaPath, { start: clip.start, end: clip.end, out, probe: p, signal, plan })),
  };
}

/**
 * Who speaks when in the section (seconds in the source): the model's turns of the whole audio
 * when it ran, else the heuristic on the section's words and pitch (issue 30, item 3).
 */
function speakersOf(analysis: Analysis, part: { transcript: Transcript; analysis: Analysis }, voices: number[], span: Span, whole: boolean): { speakers?: SpeakerTurn[] } {
  if (analysis.speakers) return { speakers: analysis.speakers.filter((t) => t.end > span.start && t.start < span.end) };
  if (!part.analysis.pitch?.length) return {};
  return { speakers: diarize(transcriptWords(part.transcript), part.analysis.pitch, voices).map((t) => moveSpan(t, whole ? 0 : span.start)) };
}

/**
 * The language model's part in a section: with a sentence encoder and a request, the encoder
 * first shortlists the candidates it reads, then it judges them (moving an
 * edge to a later payoff or an earlier setup, within `maxLength` seconds) and writes the copy of
 * the section's clips (llm/choose.ts).
 */
async function judgeSection(llm: LlmEngine, request: string | undefined, pool: SuggestedClip[], count: number, embedder: Embedder | undefined, transcript: Transcript, maxLength: number) {
  const listed = embedder && request ? await shortlistCandidates(embedder, request, pool, count + SHORTLIST_SPARE) : { pool };
  const chosen = await chooseWithLlm(llm, request, listed.pool, count, (c) => edgeChoices(transcript, c, maxLength));
  const note = [chosen.ranking.note, listed.note].filter(Boolean).join('; ');
  return { clips: chosen.clips, ranking: { ...chosen.ranking, ...(note ? { note } : {}) } };
}

/**
 * A section of the source as a source of its own (times from the section's start), so the
 * suggester picks clips, and counts them, for that section alone.
 */
function sectionView(transcript: Transcript, analysis: Analysis, probe: ProbeResult, span: Span) {
  const length = span.end - span.start;
  const inside = (t: number) => Math.min(length, Math.max(0, t - span.start));
  const step = analysis.loudnessStep || 1;
  return {
    transcript: shiftTranscript(transcriptWithin(transcript, span), -span.start),
    analysis: {
      silences: analysis.silences.filter((s) => s.end > span.start && s.start < span.end).map((s) => ({ start: inside(s.start), end: inside(s.end) })),
      loudness: analysis.loudness.slice(Math.round(span.start / step), Math.round(span.end / step)),
      loudnessStep: analysis.loudnessStep,
      scenes: analysis.scenes.filter((t) => t > span.start && t < span.end).map(inside),
      ...(analysis.pitch ? { pitch: analysis.pitch.slice(Math.round(span.start / PITCH_STEP), Math.round(span.end / PITCH_STEP)) } : {}),
    },
    probe: { ...probe, duration: Math.round(length * 1000) / 1000 },
  };
}

function moveSpan<T extends Span>(s: T, offset: number): T {
  const at = (n: number) => Math.round((n + offset) * 1000) / 1000;
  return { ...s, start: at(s.start), end: at(s.end) };
}

function moveClip(c: SuggestedClip, offset: number): SuggestedClip {
  const at = (n: number) => Math.round((n + offset) * 100) / 100;
  return { ...c, start: at(c.start), end: at(c.end) };
}
