// Units of talk a clip holds whole: a story from its setup to its punchline, a question with its
// whole answer, a claim with its argument. Turns are sentences grouped by pauses and by who
// speaks (words' `speaker`, when known); a question joins its answer; short turns inside a unit
// (an interjection, "right", "go on", a follow-up question, a brief chatty line) do not split it;
// a short line leading in to a question opens its moment;
// filler that says so (intros, sponsor reads, housekeeping) ends it, and so does a topic shift,
// unless a follow-up question carries the talk over it.
import { isContinuation } from '../language/emphasis.js';
import { momentsOf, PARAGRAPH_PAUSE } from './moments.js';
import { asksAtEnd, opensQuestion } from './questions.js';
import { resume, returnsToTopic, type Group } from './unit-asides.js';
import type { SourceModel } from './source.js';
import { topicOfWord, type Topic } from './topics.js';

export interface Unit {
  /** Word indices [firstWord, endWord). */
  firstWord: number;
  endWord: number;
  start: number;
  end: number;
  /** A moment (talk worth a clip), or filler kept only for clips beyond the moments. */
  moment: boolean;
}

/** A turn of at most this many words, or this short (s), is an interjection, not a unit of its own. */
export const SHORT_TURN_WORDS = 8;
const SHORT_TURN_SECONDS = 3;
/** A moment is at least this long (s); a shorter stretch of talk is not counted as one. */
export const MIN_MOMENT = 8;
/** Share of a turn's content words said in the moment's last COHESION_SECONDS that makes it go on with it. */
const COHESION = 0.2;
const COHESION_SECONDS = 40;
/** A turn this much filler (0..1) or more is filler. */
const FILLER_TURN = 0.5;
/** Short turns of more words than this in all are a conversation of their own, not interjections. */
const INTERJECTION_WORDS = 16;
/** Interjections and chat inside a moment spanning longer than this (s) end it. */
const PENDING_MAX = 20;

/** `chat`: filler by its words alone (no filler phrase): inside a moment, an aside like an interjection. */
export interface Turn { first: number; last: number; speaker?: string; question: boolean; kind: 'content' | 'short' | 'filler' | 'chat' }

/** Turns: sentences grouped until a pause of PARAGRAPH_PAUSE or a change of speaker. */
function turnsOf(src: SourceModel): Turn[] {
  const { words, sentences } = src;
  const moments = momentsOf(src);
  const out: Turn[] = [];
  sentences.forEach((s, i) => {
    const open = out[out.length - 1];
    const gap = i === 0 ? Infinity : s.start - sentences[i - 1].end;
    const speaker = words[s.first].speaker;
    if (open && gap < PARAGRAPH_PAUSE && speaker === open.speaker) open.last = s.last;
    else out.push({ first: s.first, last: s.last, speaker, question: false, kind: 'content' });
  });
  for (const t of out) {
    const n = t.last - t.first + 1;
    const last = sentences[src.sentenceOf[t.last]];
    t.question = words[t.last].question || opensQuestion(words.slice(last.first, last.first + 2).map((w) => w.token)) || asksAtEnd(src, t);
    const short = n <= SHORT_TURN_WORDS || words[t.last].end - words[t.first].start < SHORT_TURN_SECONDS;
    t.kind = short ? 'short' : moments.filler(t.first, t.last + 1) < FILLER_TURN ? 'content' : moments.cued(t.first, t.last + 1) ? 'filler' : 'chat';
  }
  return out;
}

const lengthOf = (src: SourceModel, t: Turn) => src.words[t.last].end - src.words[t.first].start;

/**
 * The units of the words [0, endWord) (the section's topics), in order, covering every word.
 * A content turn continues the open moment when it answers the question that ends it, or when
 * it stays in the same topic and does not open with a question, whoever says it.
 */
export function segmentUnits(src: SourceModel, topics: Topic[]): Unit[] {
  const endWord = topics.length ? topics[topics.length - 1].endWord : 0;
  const turns = turnsOf(src).filter((t) => t.last < endWord);
  const topicOf = (w: number) => topicOfWord(topics, w);
  const units: Group[] = [];
  let open: Group | null = null;
  let pending: Turn[] = []; // short turns since the open moment's last content turn
  const close = () => {
    if (pending.length) units.push({ turns: pending, moment: false });
    [open, pending] = [null, []];
  };
  for (const t of turns) {
    if (open?.moment && pending.length && src.words[t.first].start - src.words[pending[0].first].start > PENDING_MAX) close();
    // Talk that says it returns ("anyway, where was I") takes the moment before an aside back up, the aside with it.
    const back = returnsToTopic(src, t) ? resume(src, units, src.words[t.first].start) : undefined;
    if (back) {
      open = back;
      back.turns.push(...pending, t);
      pending = [];
      continue;
    }
    if (t.kind === 'short' || (t.kind === 'chat' && open?.moment)) {
      if (open?.moment) pending.push(t);
      else if (open) open.turns.push(t);
      else units.push((open = { turns: [t], moment: false }));
      continue;
    }
    if (t.kind === 'filler' || t.kind === 'chat') {
      if (open && !open.moment) open.turns.push(t);
      else {
        const interjections = pending;
        [open, pending] = [null, []];
        units.push((open = { turns: [...interjections, t], moment: false }));
      }
      continue;
    }
    if (open?.moment && continues(src, open.turns, pending, t, topicOf)) {
      open.turns.push(...pending, t);
      pending = [];
      continue;
    }
    // A question asked just before (a short one left pending) opens this moment with it, unless this one asks its own.
    const asked = !t.question && pending.length && pending[pending.length - 1].question ? [pending.pop()!] : [];
    // A line too short for a moment of its own just before a question is its lead-in ("here is a question I have wanted to ask").
    const leadIn = t.question && !pending.length && open?.moment && open.turns.length === 1 && lengthOf(src, open.turns[0]) < MIN_MOMENT;
    if (leadIn) asked.push(units.pop()!.turns[0]);
    close();
    if (!asked.length && !t.question && open === null && units.length) {
      const prev = units[units.length - 1];
      const q = prev.turns[prev.turns.length - 1];
      if (!prev.moment && q.question && q.kind === 'short') asked.push(prev.turns.pop()!);
    }
    units.push((open = { turns: [...asked, t], moment: true }));
  }
  close();
  return units.filter((u) => u.turns.length).map((u) => {
    const [a, b] = [u.turns[0].first, u.turns[u.turns.length - 1].last];
    const [start, end] = [src.words[a].start, src.words[b].end];
    return { firstWord: a, endWord: b + 1, start, end, moment: u.moment && end - start >= MIN_MOMENT };
  });
}

/**
 * Whether content turn `t` goes on with the open moment: it answers the question that ends it; or,
 * not opening a question of its own, it stays in the same topic (or, after an interjection,
 * speaks of the same things: COHESION of their content words).
 */
function continues(src: SourceModel, unit: Turn[], pending: Turn[], t: Turn, topicOf: (w: number) => number): boolean {
  const last = unit[unit.length - 1];
  if (last.question && last.kind !== 'short') return true; // the answer, however it begins
  // A statement right after it that leans on it ("he had won...", "and the rest...") goes on, whatever the topic.
  if (!pending.length && !t.question && leansBack(src, t)) return true;
  // A follow-up ("and what about grammar?", "right, because...", "so what did he do?") and its answer go on with it,
  // and so does a short question about the same things ("how do you even count them?").
  const asked = pending.length ? pending[pending.length - 1] : last.kind === 'short' ? last : undefined;
  if (asked?.kind === 'short' && (followsUp(src, asked) || (asked.question && shared(src, unit, asked) >= COHESION))) return true;
  // The pauses around an interjection can look like a topic shift: talk of the same things after one goes on (not after chat).
  const interjected = pending.length > 0 && interjects(pending);
  const cohesive = shared(src, unit, t) >= COHESION;
  const sameTopic = topicOf(t.first) === topicOf(last.last) || (interjected && cohesive);
  // A question of its own opens a new moment, unless it follows up in the same topic or asks about
  // the same things, or is asked inside one voice's own talk ("who would spend all that money...?");
  // who speaks does not split a moment otherwise (speakers guessed from pitch swap inside one voice's story).
  const ownTalk = !pending.length && t.speaker !== undefined && t.speaker === last.speaker;
  return t.question ? (sameTopic && (followsUp(src, t) || ownTalk)) || cohesive : sameTopic;
}

/** Short turns of few words in all: interjections inside a moment, not a conversation of their own. */
const interjects = (pending: Turn[]) => pending.every((p) => p.kind === 'short') && pending.reduce((n, p) => n + p.last - p.first + 1, 0) <= INTERJECTION_WORDS;

/** Words that refer back to someone or something just spoken of. */
const BACK_REFERENCES = new Set(['he', 'she', 'it', 'they', 'him', 'her', 'them', 'his', 'their']);
/** Words a follow-up opens with besides a continuation ("even if...", "what about..."). */
const FOLLOW_UP_OPENERS = new Set(['even', 'then', 'really', 'about']);
/** Acknowledgements a follow-up may open with before its continuation ("right, because..."). */
const ACKNOWLEDGEMENTS = new Set(['right', 'yes', 'yeah', 'okay', 'oh', 'mm', 'wow', 'exactly', 'sure']);

/** Lines that ask the speaker to go on ("go on", "then what"). */
const ASKS_ON = new Set(['go on', 'tell me', 'keep going', 'carry on', 'what happened', 'then what']);

/** A line that leans on what came before: it opens with "and", "so", "even"... (after "right" or "oh" too), or its first words refer back ("what was he..."). */
function followsUp(src: SourceModel, t: Turn): boolean {
  const tokens = src.words.slice(t.first, Math.min(t.last + 1, t.first + 4)).map((w) => w.token);
  const opener = ACKNOWLEDGEMENTS.has(tokens[0]) && tokens.length > 1 ? tokens[1] : tokens[0];
  const next = tokens[tokens.indexOf(opener) + 1];
  return isContinuation(opener) || ASKS_ON.has(`${opener} ${next}`) || FOLLOW_UP_OPENERS.has(opener) || tokens.some((w) => BACK_REFERENCES.has(w));
}

/** Openers that lean on the line before: a word referring back, or a conjunction that cannot open a new subject. */
const LEANING = new Set([...BACK_REFERENCES, 'and', 'but', 'because', 'which']);
const leansBack = (src: SourceModel, t: Turn) => LEANING.has(src.words[t.first].token);

/** Share of the content words of turn `t` (weighted by how distinctive they are in the video) already said in the unit's last COHESION_SECONDS. */
function shared(src: SourceModel, unit: Turn[], t: Turn): number {
  const since = src.words[t.first].start - COHESION_SECONDS;
  const before = new Set<string>();
  for (const u of unit) for (let i = u.first; i <= u.last; i++) if (src.stems[i] && src.words[i].start >= since) before.add(src.stems[i]);
  let [both, all] = [0, 0];
  for (const s of new Set(src.stems.slice(t.first, t.last + 1).filter(Boolean))) {
    const w = src.corpus.idf(s);
    all += w;
    if (before.has(s)) both += w;
  }
  return all > 0 ? both / all : 0;
}
