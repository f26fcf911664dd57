// What makes a moment worth posting when nobody asked for anything (issue 30, item 2): a payoff at
// the end, a whole story or answer that needs nothing before it, and no filler (intros, outros,
// sponsor reads, housekeeping, small talk). The hook is scoring.ts's. These are the sub-scores a
// language model gives too (DESIGN.md, third round: `scores` hook / payoff / self_contained).
import { emotionalStrength, isContinuation, isNumberWord, isQuestionOpener } from '../language/emphasis.js';
import { isFiller } from '../language/tokens.js';
import type { SourceModel } from './source.js';

/** A pause this long (s) between sentences ends a paragraph: a turn, or the speaker moving on. */
export const PARAGRAPH_PAUSE = 0.6;

/** Phrases that mark a paragraph as filler; matched on the recognised words, in order. */
const FILLER_PHRASES = [
  // sponsor reads
  'sponsor', 'sponsored', 'brought to you by', 'supported by', 'use the code', 'use code', 'promo code', 'percent off', 'dot com',
  'sign up', 'free trial', 'try it free', 'first order', 'tell them we sent you', 'link below',
  // housekeeping
  'subscribe', 'like button', 'leave us a review', 'leave a review', 'newsletter', 'in the description', 'show notes', 'before we start',
  'housekeeping', 'quick reminder', 'new episode', 'patreon', 'hit the bell', 'notification',
  'email us', 'send us', 'get in touch', 'before we get going', 'before we get started', 'before we begin', 'rate and review', 'follow us',
  // intros and outros
  'welcome back', 'welcome to', 'thanks for having me', 'thank you for having me', 'thanks for tuning in', 'i am your host', 'your host',
  'great to be here', 'good to be here', 'happy to be here', 'looking forward to this', 'joined by', 'on the show', 'all we have time for', 'thanks for listening',
  'thank you for listening', 'see you next time', 'until next time', 'see you next week', 'bye for now', 'goodbye', 'end of the episode',
  'take care',
].map((p) => p.split(' '));

/** Small talk: hedges and chat about nothing; a paragraph thick with them is filler too. */
const SMALL_TALK = new Set(['weather', 'weekend', 'anyway', 'guess', 'usual', 'nothing', 'special', 'yeah', 'okay', 'sort', 'mean', 'week', 'rain', 'grey', 'sandwich', 'fine', 'busy', 'whatever', 'stuff', 'kind']);

/** Mean words per sentence under which a paragraph counts as small talk, and its weight. */
const CHOPPY_WORDS = 9;
const CHOPPY_FILLER = 0.85;

interface Paragraph { first: number; last: number; filler: number; question: boolean; cued: boolean }

/** Per-source moment signals, computed once (cached per SourceModel). */
export class MomentModel {
  readonly paragraphs: Paragraph[] = [];
  /** Paragraph index of each word. */
  private paragraphOf: Int32Array;
  /** Prefix sums of each word's filler weight. */
  private fillerPrefix: Float64Array;

  constructor(private src: SourceModel) {
    const { words, sentences } = src;
    this.paragraphOf = new Int32Array(words.length);
    let open: Paragraph | null = null;
    sentences.forEach((s, i) => {
      const gap = i === 0 ? Infinity : s.start - sentences[i - 1].end;
      if (!open || gap >= PARAGRAPH_PAUSE) this.paragraphs.push((open = { first: s.first, last: s.last, filler: 0, question: false, cued: false }));
      else open.last = s.last;
    });
    for (const [k, p] of this.paragraphs.entries()) {
      this.paragraphOf.fill(k, p.first, p.last + 1);
      const tokens = words.slice(p.first, p.last + 1).map((w) => w.token);
      const cues = FILLER_PHRASES.filter((phrase) => containsPhrase(tokens, phrase)).length;
      const chat = tokens.filter((t) => SMALL_TALK.has(t) || isFiller(t)).length / Math.max(1, tokens.length);
      p.cued = cues > 0;
      p.filler = Math.min(1, cues >= 2 ? 1 : cues === 1 ? 0.85 : 0) || Math.min(1, Math.max(0, (chat - 0.04) / 0.08));
      // Small talk is choppy: several short sentences ("Yes, that sounds better. Okay, good."),
      // whatever its words; a story, an answer or an opinion runs in longer ones. One short line
      // alone (a question, a punchline) is not chat.
      const sentenceCount = src.sentenceOf[p.last] - src.sentenceOf[p.first] + 1;
      if (sentenceCount >= 2) p.filler = Math.max(p.filler, CHOPPY_FILLER * Math.min(1, Math.max(0, (CHOPPY_WORDS - tokens.length / sentenceCount) / 4)));
      const lastSentence = sentences[src.sentenceOf[p.last]];
      p.question = words[lastSentence.first].question || isQuestionOpener(words[lastSentence.first].token) || words[p.last].question;
    }
    this.fillerPrefix = new Float64Array(words.length + 1);
    for (let i = 0; i < words.length; i++) this.fillerPrefix[i + 1] = this.fillerPrefix[i] + this.paragraphs[this.paragraphOf[i]].filler;
  }

  /** Share 0..1 of words [first, end) in filler paragraphs. */
  filler(first: number, end: number): number {
    return end > first ? (this.fillerPrefix[end] - this.fillerPrefix[first]) / (end - first) : 0;
  }

  /** Whether words [first, end) say a filler phrase (a sponsor read, housekeeping, an intro or outro), not only chat. */
  cued(first: number, end: number): boolean {
    for (let k = first < end ? this.paragraphOf[first] : Infinity; k <= this.paragraphOf[end - 1]; k++) if (this.paragraphs[k].cued) return true;
    return false;
  }

  /**
   * Payoff 0..1 of a clip ending before word `end`: it ends where a paragraph ends (the punchline
   * or the answer is said, and the speaker stops), and its last sentence lands (a number, a strong
   * word, a short line). A clip ending on a question has no payoff: its answer is cut off.
   */
  payoff(first: number, end: number): number {
    if (end <= first) return 0;
    const last = end - 1;
    const p = this.paragraphs[this.paragraphOf[last]];
    const atParagraphEnd = last === p.last;
    if (atParagraphEnd && p.question) return 0.1;
    const s = this.src.sentences[this.src.sentenceOf[last]];
    const tokens = this.src.words.slice(s.first, s.last + 1).map((w) => w.token);
    const lands = Math.min(1, 0.4 * +tokens.some(isNumberWord) + Math.max(0, ...tokens.map(emotionalStrength)) + (tokens.length <= 14 ? 0.3 : 0));
    return (atParagraphEnd ? 0.6 : last === s.last ? 0.25 : 0) + 0.4 * lands;
  }

  /**
   * Self-contained 0..1: the clip starts where a paragraph starts (a turn, a new story), does not
   * open on a word that leans on what came before, keeps a question with its answer (an answer
   * whose question is just before the clip is not whole), and holds few paragraphs.
   */
  selfContained(first: number, end: number): number {
    if (end <= first) return 0;
    const { words, sentences, sentenceOf } = this.src;
    const k = this.paragraphOf[first];
    const p = this.paragraphs[k];
    let score = first === p.first ? 1 : first === sentences[sentenceOf[first]].first ? 0.55 : 0.1;
    if (isContinuation(words[first].token) || isFiller(words[first].token)) score -= 0.35;
    if (first === p.first && k > 0 && this.paragraphs[k - 1].question) score -= 0.5;
    const spans = this.paragraphOf[end - 1] - k + 1;
    if (spans > 3) score -= 0.1 * (spans - 3);
    return Math.max(0, Math.min(1, score));
  }
}

function containsPhrase(tokens: string[], phrase: string[]): boolean {
  outer: for (let i = 0; i + phrase.length <= tokens.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (tokens[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
}

const cache = new WeakMap<SourceModel, MomentModel>();
export function momentsOf(src: SourceModel): MomentModel {
  let m = cache.get(src);
  if (!m) cache.set(src, (m = new MomentModel(src)));
  return m;
}
