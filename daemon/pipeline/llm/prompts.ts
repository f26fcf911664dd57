// What the language model is asked (issue 28, item 2; issue 20, item 5), and the JSON Schemas of
// its answers. The schemas are plain JSON Schema in the subset both engines take: llama.cpp's
// grammar (node-llama-cpp's createGrammarForJsonSchema: enums, string lengths, item counts) and
// OpenAI's structured outputs. Scores are whole numbers 0..10 (an enum, so even a model with
// random weights cannot write an unbounded number); every string and list has a bound, so an
// answer always ends. Two calls per section and one per job:
// 1. judge every candidate of a section: a one-line reason, hook, payoff, self_contained,
//    relevance (with a request), and where it should end (as cut, or one of the next sentence ends);
// 2. write the section's chosen clips' titles, captions and hashtags;
// 3. once the last section is done, rank the job's finalists against each other in one call
//    (small models score in a narrow band when asked one at a time).
// Sized for a CPU (issue 28, item 7: the language stage adds at most 0.1x the video's length
// with the 1.5 B model; `npm run bench llm` estimates it): each candidate is shown by its opening
// and closing words (where hook and payoff are), not its whole transcript; answers are short
// (reasons of one short line, captions of one sentence, two hashtags); with a sentence encoder,
// only its shortlist of candidates is judged.
import type { JsonRequest } from './chat.js';

export interface Candidate {
  id: string;
  start: number;
  end: number;
  transcript: string;
  /** Words after the clip's end up to each later sentence end the judge may move the end to. */
  later?: string[];
  /** Words from each earlier sentence start (the setup) the judge may move the start back to, up to the clip's start. */
  earlier?: string[];
  /** The judge's one-line reason (finalists are ranked on it and their opening words). */
  reason?: string;
}

const at = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
const words = (t: string) => t.split(/\s+/).filter(Boolean);
/** The opening and closing words of a clip (a 90 s clip of 250 words is shown in 26): the hook and the payoff. */
export function excerpt(text: string, head = 16, tail = 10): string {
  const w = words(text);
  if (w.length <= head + tail + 5) return w.join(' ');
  return [w.slice(0, head).join(' '), '...', tail ? w.slice(-tail).join(' ') : ''].filter(Boolean).join(' ');
}

/**
 * A candidate as the judge sees it: the whole of its opening sentence (the setup) and of its last
 * one (the payoff), each within a bound, the middle left out; without punctuation, words.
 */
export function unitExcerpt(text: string, head = 30, tail = 24): string {
  const w = words(text);
  if (w.length <= head + tail + 5) return w.join(' ');
  const firstEnd = w.findIndex((x) => /[.!?]["')\]]?$/.test(x));
  let lastStart = w.length - 1;
  while (lastStart > 0 && !/[.!?]["')\]]?$/.test(w[lastStart - 1])) lastStart--;
  const h = firstEnd >= 0 && firstEnd < head ? firstEnd + 1 : 20;
  const t = lastStart > 0 && w.length - lastStart <= tail ? w.length - lastStart : 14;
  return excerpt(text, Math.max(h, 12), Math.max(t, 8));
}

const SCORE = { enum: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] };
export const REASON_MAX = 40;
export const END_CHOICES = 2;
/**
 * One system prompt for the three tasks: the embedded engine keeps its tokens evaluated between
 * calls (a prompt that starts the same reuses them), so the rules are paid for once a process.
 */
export const SYSTEM =
  'You pick clips of a long video for social media from speech-recognition transcripts (words may be misheard). Answer with JSON only.\n' +
  'Task "judge": per clip, a whole moment from its setup to its payoff; reason: one short line; hook: do the first seconds make you stay; payoff: does its end pay off its setup (the punchline, the whole answer, what the number means); ' +
  'self_contained: no missing context; relevance (with a request): about it by meaning, not shared words; each 0 to 10. end: 0 keeps the end, 1 or 2 moves it to that later sentence end when the payoff comes only there; ' +
  'start: 0 keeps the start, 1 or 2 moves it back to that earlier sentence start when the setup (the question, the start of the story) comes before.\n' +
  'Task "rank": order the clips from most to least worth posting, comparing them.\n' +
  'Task "copy": per clip, title: a hook of 4 to 10 words in sentence case from what it says, no stock hooks like "You won\'t believe"; caption: one sentence; hashtags: one or two words it uses, no spaces or #.';

const object = (properties: Record<string, unknown>) => ({ type: 'object', properties, required: Object.keys(properties), additionalProperties: false });
const list = (items: unknown, n: number) => ({ type: 'array', items, minItems: n, maxItems: n });
/** One answer per candidate, keyed by its id: each is judged once, none is left out. */
const byId = (candidates: Candidate[], item: unknown) => object(Object.fromEntries(candidates.map((c) => [c.id, item])));

/**
 * Task "judge" (and, with `withCopy`, "copy" in the same answer: a section whose every
 * candidate becomes a clip has nothing to choose, so one call judges and writes the copy, and
 * the candidates' words are sent once).
 */
export function judgePrompt(request: string | undefined, candidates: Candidate[], withCopy = false): JsonRequest {
  const asked = request?.trim();
  const item = object({
    reason: { type: 'string', minLength: 8, maxLength: REASON_MAX },
    hook: SCORE,
    payoff: SCORE,
    self_contained: SCORE,
    ...(asked ? { relevance: SCORE } : {}),
    end: { enum: Array.from({ length: END_CHOICES + 1 }, (_, i) => i) },
    start: { enum: Array.from({ length: END_CHOICES + 1 }, (_, i) => i) },
    ...(withCopy ? COPY_FIELDS : {}),
  });
  const shown = candidates.map((c) => {
    const later = (c.later ?? []).slice(0, END_CHOICES).map((w, i) => `  end ${i + 1}: ${excerpt(w, 0, 5)}`);
    const earlier = (c.earlier ?? []).slice(0, END_CHOICES).map((w, i) => `  start ${i + 1}: ${excerpt(w, 6, 0)}`);
    return [`[${c.id}] ${at(c.start)}-${at(c.end)}: ${unitExcerpt(c.transcript)}`, ...earlier, ...later].join('\n');
  });
  return {
    system: SYSTEM,
    user: `Task "judge"${withCopy ? ' and task "copy"' : ''}. ${asked ? `Request: "${asked}".` : 'No request: leave relevance out.'}\n\n${shown.join('\n\n')}`,
    schemaName: 'clip_judgement',
    schema: object({ clips: byId(candidates, item) }),
    // A safety cap, not a target: a real model answers in about 50 tokens a clip; noise may take a token a character.
    maxTokens: (REASON_MAX + 80 + (withCopy ? COPY_TOKENS : 0)) * candidates.length + 40,
  };
}

export function rankingPrompt(request: string | undefined, finalists: Candidate[]): JsonRequest {
  const asked = request?.trim();
  return {
    system: SYSTEM,
    user:
      `Task "rank". ${asked ? `Request: "${asked}".` : 'No request.'}\n\n` +
      finalists.map((c) => `[${c.id}] ${c.reason ? `${c.reason} | ` : ''}${excerpt(c.transcript, 8, 0)}`).join('\n'),
    schemaName: 'clip_ranking',
    schema: object({ order: list({ enum: finalists.map((c) => c.id) }, finalists.length) }),
    maxTokens: 8 * finalists.length + 20,
  };
}

export const TITLE_WORDS = { min: 4, max: 10 } as const;
export const CAPTION_MAX = 80;

const COPY_FIELDS = {
  title: { type: 'string', minLength: 16, maxLength: 80 },
  caption: { type: 'string', minLength: 20, maxLength: CAPTION_MAX },
  hashtags: { type: 'array', items: { type: 'string', minLength: 2, maxLength: 24 }, minItems: 1, maxItems: 2 },
};
/** A safety cap on one clip's copy (tokens), not a target. */
const COPY_TOKENS = 80 + CAPTION_MAX + 2 * 24 + 60;

export function copyPrompt(request: string | undefined, clips: Candidate[]): JsonRequest {
  const item = object(COPY_FIELDS);
  return {
    system: SYSTEM,
    user:
      `Task "copy". ${request?.trim() ? `Request: "${request.trim()}".` : 'No request.'}\n\n` +
      clips.map((c) => `[${c.id}] ${excerpt(c.transcript, 14, 6)}`).join('\n\n'),
    schemaName: 'clip_copy',
    schema: object({ clips: byId(clips, item) }),
    maxTokens: COPY_TOKENS * clips.length + 40,
  };
}
