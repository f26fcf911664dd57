// The evaluation set of issue 20, item 6: talks made of topic passages (fixtures/eval/), each
// with a request that paraphrases one topic without its words and a distractor topic that
// shares several of the request's words. check() keeps the set honest about that.
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { stem } from '../daemon/pipeline/language/stem.js';
import { contentTokens } from '../daemon/pipeline/language/tokens.js';

export interface EvalTalk {
  name: string;
  /** Key of the request in `requests`, and the theme of the asked and distractor topics. */
  ask: string;
  scenes: boolean;
  /** Silence between topics (s). */
  pause: number;
  /** Passage ids in spoken order. */
  topics: string[];
}

export interface EvalSet {
  passages: Map<string, string>;
  requests: Record<string, string>;
  /** Paraphrases of the distractor passages, by passage id (eval/sweep.ts). */
  sweepRequests: Record<string, string>;
  talks: EvalTalk[];
}

export const EVAL_DIR = join(import.meta.dirname, '..', 'fixtures', 'eval');

export function loadEvalSet(dir = EVAL_DIR): EvalSet {
  const passages = new Map<string, string>();
  for (const line of readFileSync(join(dir, 'passages.txt'), 'utf8').split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const bar = line.indexOf('|');
    passages.set(line.slice(0, bar), line.slice(bar + 1).trim());
  }
  const { requests, talks, sweep_requests } = JSON.parse(readFileSync(join(dir, 'talks.json'), 'utf8')) as Omit<EvalSet, 'passages' | 'sweepRequests'> & { sweep_requests?: Record<string, string> };
  return { passages, requests, talks, sweepRequests: sweep_requests ?? {} };
}

/** The directory of a named evaluation set: fixtures/eval (default) or fixtures/eval-NAME (issue 28, item 8: `general`). */
export const evalSetDir = (name?: string) => (name ? join(EVAL_DIR, '..', `eval-${name}`) : EVAL_DIR);

/**
 * A set's fixed split (split.json, made once): the talks the heuristics may be tuned on, and
 * the held-out ones measured once after the last change (issue 28, item 8).
 */
export function loadSplit(dir: string): { tuning: string[]; held_out: string[] } {
  const { tuning, held_out } = JSON.parse(readFileSync(join(dir, 'split.json'), 'utf8')) as { tuning: string[]; held_out: string[] };
  return { tuning, held_out };
}

/**
 * The talks of one half of the set's split, or every talk without `half`. The split must name
 * each talk once; a half may be empty (a set made for held-out figures only), but asking for an
 * empty half is an error rather than no talks, or every talk.
 */
export function talksOfHalf(set: EvalSet, dir: string, half?: string): EvalTalk[] {
  if (half === undefined) return set.talks;
  if (half !== 'tuning' && half !== 'held_out') throw new Error(`--half is tuning or held_out, not ${half}`);
  const split = loadSplit(dir);
  const named = [...split.tuning, ...split.held_out];
  const problems = [
    ...set.talks.filter((t) => named.filter((n) => n === t.name).length !== 1).map((t) => `${t.name} is not in exactly one half`),
    ...named.filter((n) => !set.talks.some((t) => t.name === n)).map((n) => `${n} is no talk of the set`),
  ];
  if (problems.length) throw new Error(`${join(dir, 'split.json')} is not sound: ${problems.join('; ')}`);
  if (!split[half].length) throw new Error(`${basename(dir)} has no ${half} talks: its split.json puts every talk in the other half`);
  return set.talks.filter((t) => split[half].includes(t.name));
}

/** Passage ids of the asked-for topic and the distractor of a talk. */
export function targetOf(talk: EvalTalk): { target: string; distractor: string } {
  const short = talk.topics.some((t) => t.startsWith('s-'));
  const prefix = short ? 's-' : '';
  return { target: `${prefix}t-${talk.ask}`, distractor: `${prefix}d-${talk.ask}` };
}

const stems = (text: string) => new Set(contentTokens(text).map((w) => stem(w)));

/**
 * What makes the set a test of meaning: the request shares no word stem with the asked topic,
 * the distractor shares at least two with the request, and every talk names known passages.
 * Returns the problems found (none when the set is sound).
 */
export function checkEvalSet(set: EvalSet): string[] {
  const problems: string[] = [];
  // Short-topic passages (s-*) are checked in a set that has them (fixtures/eval has; eval-general has not).
  const prefixes = [...set.passages.keys()].some((id) => id.startsWith('s-')) ? ['', 's-'] : [''];
  for (const [theme, request] of Object.entries(set.requests)) {
    const wanted = stems(request);
    for (const prefix of prefixes) {
      const target = set.passages.get(`${prefix}t-${theme}`);
      const distractor = set.passages.get(`${prefix}d-${theme}`);
      if (!target || !distractor) {
        problems.push(`${theme}: passages ${prefix}t-${theme} and ${prefix}d-${theme} are both needed`);
        continue;
      }
      const inTarget = [...stems(target)].filter((s) => wanted.has(s));
      if (inTarget.length) problems.push(`${prefix}t-${theme} uses the request's words: ${inTarget.join(', ')}`);
      const shared = [...stems(distractor)].filter((s) => wanted.has(s));
      if (shared.length < 2) problems.push(`${prefix}d-${theme} shares only ${shared.length} of the request's words`);
    }
  }
  for (const talk of set.talks) {
    for (const id of talk.topics) if (!set.passages.has(id)) problems.push(`${talk.name}: unknown passage ${id}`);
    const { target, distractor } = targetOf(talk);
    if (!talk.topics.includes(target) || !talk.topics.includes(distractor)) problems.push(`${talk.name}: needs ${target} and ${distractor}`);
    if (!set.requests[talk.ask]) problems.push(`${talk.name}: no request "${talk.ask}"`);
  }
  return problems;
}
