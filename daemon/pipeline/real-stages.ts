import { PermanentTaskError } from '../tasks/task-runner.js';
import { analyse, chooseEngine, type EngineConfig, extractAudio, findPocketsphinx, PocketsphinxEngine, probe, renderPreview } from './media/index.js';
import { analyseFraming } from './framing/index.js';
import { prepareCriteria, suggestSection, baseLanguage } from './suggest/index.js';
import { chooseWithLlm } from './llm/choose.js';
import { laterEnds } from './llm/later-ends.js';
import type { LlmChoice } from './llm/settings.js';
import type { Analysis, ProbeResult, SuggestedClip, Transcript, TranscriptionEngine } from './types.js';
import type { PipelineStages, Span } from './stages.js';
import { shiftTranscript, transcriptWithin } from './transcript-parts.js';

/** Candidate clips a language model ranks per section (the best of each topic). */
const LLM_POOL = 8;

/**
 * The real stages (issue 4, item 3): ffprobe, ffmpeg audio / analysis / previews, the speech
 * engine chosen at start, and the suggester. The job cuts the audio into chunks itself and runs
 * them on the shared heavy queue, so pocketsphinx is asked for one recogniser per call.
 */

export function realStages(engine: EngineConfig, env: NodeJS.ProcessEnv = process.env, llmChoice?: LlmChoice): PipelineStages {
  return {
    probe: (file, signal) => probe(file, { signal }),
    extractAudio: async (file, wav, signal) => void (await extractAudio(file, wav, { signal })),
    analyse: ({ mediaPath, probe: p }, signal) => analyse(mediaPath, p, { signal }),
    transcriber: engineAtStart(engine, env),
    suggest: async ({ transcript, analysis, probe: p, span, carryFrom, last }, opts) => {
      const criteria = await prepareCriteria(opts.criteria, baseLanguage(opts.language));
      const llm = llmChoice?.();
      const from = Math.min(span.start, carryFrom ?? span.start);
      const holdBack = last === false;
      const whole = from <= 0 && span.end >= p.duration - 0.01;
      const part = whole ? { transcript, analysis, probe: p } : sectionView(transcript, analysis, p, { start: from, end: span.end });
      const found = suggestSection(part.transcript, part.analysis, part.probe, { ...opts, sourceDuration: p.duration }, criteria, holdBack, llm ? LLM_POOL : 0);
      // Issues 20 and 28: with a language model, it judges and ranks the pool and writes the copy.
      const chosen = llm && found.pool?.length ? await chooseWithLlm(llm, opts.criteria, found.pool, found.clips.length, (c) => laterEnds(part.transcript, c.end)) : { clips: found.clips };
      return {
        clips: chosen.clips.map((c) => moveClip(c, whole ? 0 : from)),
        ...(found.carryFrom !== undefined ? { carryFrom: Math.round((found.carryFrom + (whole ? 0 : from)) * 100) / 100 } : {}),
        ...('ranking' in chosen ? { ranking: chosen.ranking } : {}),
      };
    },
    close: () => llmChoice?.close(),
    frame: ({ mediaPath, probe: p, clip, words }, signal) =>
      analyseFraming(mediaPath, { start: clip.start, end: clip.end, source: { width: p.width ?? 0, height: p.height ?? 0 }, words, signal }),
    renderPreview: async ({ mediaPath, probe: p, clip, plan }, out, signal) => void (await renderPreview(mediaPath, { start: clip.start, end: clip.end, out, probe: p, signal, plan })),
  };
}

/** The engine chosen once, at start (`clipper doctor` shows the same choice and why). */
function engineAtStart(config: EngineConfig, env: NodeJS.ProcessEnv): TranscriptionEngine {
  let engine: TranscriptionEngine;
  try {
    engine = chooseEngine(config, env);
  } catch (e) {
    const message = (e as Error).message;
    return { name: 'none', reason: message, transcribe: async () => Promise.reject(new PermanentTaskError(`No speech engine can run: ${message}`)) };
  }
  const sphinx = engine.name === 'pocketsphinx' ? findPocketsphinx(env).setup : undefined;
  // One recogniser per call and no second cutting: the job has cut the audio already.
  return sphinx ? new PocketsphinxEngine(engine.reason, sphinx, { parallel: 1, maxChunk: Number.MAX_SAFE_INTEGER }) : engine;
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
    },
    probe: { ...probe, duration: Math.round(length * 1000) / 1000 },
  };
}

function moveClip(c: SuggestedClip, offset: number): SuggestedClip {
  const at = (n: number) => Math.round((n + offset) * 100) / 100;
  return { ...c, start: at(c.start), end: at(c.end) };
}
