// The model's answers read defensively: the grammar (embedded) or structured outputs (a server)
// give the shape, but a server may ignore the schema, so each answer is checked here; what does
// not fit is an LlmError (the part falls back to the heuristics) or, for single entries, left out.
import { LlmError } from './chat.js';
import { CAPTION_MAX, REASON_MAX, TITLE_WORDS } from './prompts.js';

export interface Judgement {
  reason: string;
  hook: number;
  payoff: number;
  self_contained: number;
  relevance?: number;
  end: number;
  /** 0 keeps the start, n moves it back to the n-th earlier sentence start offered. */
  start: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const score = (v: unknown) => (Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 10 ? (v as number) : undefined);

function items(answer: unknown, key: string, what: string): unknown[] {
  if (!isObject(answer) || !Array.isArray(answer[key])) throw new LlmError('malformed', `the language model's ${what} does not match its schema (no "${key}" list)`);
  return answer[key] as unknown[];
}

/** `{clips: {c1: {...}, c2: {...}}}` as a list of items carrying their id. */
function keyed(answer: unknown, what: string): Record<string, unknown>[] {
  const clips = isObject(answer) ? answer.clips : undefined;
  if (!isObject(clips)) throw new LlmError('malformed', `the language model's ${what} does not match its schema (no "clips" object)`);
  return Object.entries(clips).map(([id, v]) => (isObject(v) ? { ...v, id } : { id }));
}

/** Judgements by candidate id; entries that do not fit the schema are an error (the whole answer is suspect). */
export function readJudgements(answer: unknown, ids: string[], withRelevance: boolean): Map<string, Judgement> {
  const out = new Map<string, Judgement>();
  for (const item of keyed(answer, 'judgement')) {
    const bad = (field: string) => new LlmError('malformed', `the language model's judgement does not match its schema (clips.${String(item.id)}.${field})`);
    if (!isObject(item)) throw bad('');
    if (typeof item.id !== 'string' || !ids.includes(item.id)) throw bad('id');
    const [hook, payoff, self_contained, relevance] = [score(item.hook), score(item.payoff), score(item.self_contained), score(item.relevance)];
    if (hook === undefined) throw bad('hook');
    if (payoff === undefined) throw bad('payoff');
    if (self_contained === undefined) throw bad('self_contained');
    if (withRelevance && relevance === undefined) throw bad('relevance');
    if (typeof item.reason !== 'string') throw bad('reason');
    const end = Number.isInteger(item.end) ? (item.end as number) : 0;
    const start = Number.isInteger(item.start) ? (item.start as number) : 0;
    if (!out.has(item.id)) out.set(item.id, { reason: oneLine(item.reason, REASON_MAX) || 'no reason given', hook, payoff, self_contained, ...(withRelevance ? { relevance } : {}), end, start });
  }
  if (!out.size) throw new LlmError('malformed', 'the language model judged none of the candidates');
  return out;
}

/** The finalists' order: known ids once each, in the model's order. */
export function readOrder(answer: unknown, ids: string[]): string[] {
  const seen = new Set<string>();
  for (const id of items(answer, 'order', 'ranking')) if (typeof id === 'string' && ids.includes(id)) seen.add(id);
  if (!seen.size) throw new LlmError('malformed', 'the language model ranked none of the finalists');
  return [...seen];
}

export interface WrittenCopy {
  title?: string;
  caption: string;
  hashtags: string[];
}

/** Stock hooks that promise without saying anything (issue 28, item 2c). */
const GENERIC = [/you won'?t believe/i, /wait (for it|till the end|until the end)/i, /watch (till|until|to) the end/i, /(blow|blew) your mind/i, /you need to (see|hear|watch) this/i, /this changes everything/i, /must[- ]watch/i, /nobody (is )?talk(s|ing) about/i, /game[- ]?changer/i];

/** A title of 4 to 10 words that is not a stock hook, or undefined (the heuristics' title stays). */
export function fitTitle(text: string): string | undefined {
  const t = oneLine(text.replace(/[\u2018\u2019]/g, "'"), 100).replace(/^["']+|["']+$/g, '');
  const n = t.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  if (n < TITLE_WORDS.min || n > TITLE_WORDS.max || GENERIC.some((g) => g.test(t))) return undefined;
  return t;
}

export function readCopy(answer: unknown, ids: string[]): Map<string, WrittenCopy> {
  const out = new Map<string, WrittenCopy>();
  for (const item of keyed(answer, 'copy')) {
    if (!isObject(item) || typeof item.id !== 'string' || !ids.includes(item.id) || out.has(item.id)) continue;
    const caption = typeof item.caption === 'string' ? oneLine(item.caption, CAPTION_MAX) : '';
    const hashtags = (Array.isArray(item.hashtags) ? item.hashtags : [])
      .map((h) => (typeof h === 'string' ? h.trim().replace(/^#+/, '').replace(/\s+/g, '') : ''))
      .filter((h) => /^[\p{L}\p{N}_]{2,40}$/u.test(h))
      .map((h) => `#${h}`);
    const title = typeof item.title === 'string' ? fitTitle(item.title) : undefined;
    if (caption.length >= 3) out.set(item.id, { title, caption, hashtags: [...new Set(hashtags)].slice(0, 5) });
    else if (title) out.set(item.id, { title, caption: '', hashtags: [...new Set(hashtags)].slice(0, 5) });
  }
  return out;
}

function oneLine(s: string, max: number): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length <= max ? t : `${t.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}
