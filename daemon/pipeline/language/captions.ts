import type { Platform } from '../../../src/api/events.js';
import { CAPTION_LIMITS, TITLE_MAX } from '../../../src/api/posts.js';
import { hashtags, isFiller, rankSentences, sentenceCase, splitSentences, transcriptWords, trimAtWord } from './index.js';
import type { Word } from '../types.js';

/** What the caption writer reads: the clip's own words, and the whole video for TF-IDF. */
export interface CaptionSource {
  words: Word[];
  transcript: string;
  /** Passages (sentences or utterances) of the whole video's transcript. */
  corpus: string[];
  /** ISO 639-1 code of the clip job. */
  language: string;
}

export interface WrittenCaption {
  caption: string;
  /** Long-video platform only. */
  title?: string;
}

const AUX = '(do|does|did|is|are|was|were|am|can|could|would|should|will|have|has|had|shall|may|might|must)';
const SUBJECT = '(you|we|they|i|he|she|it|there|this|that|your|our|their|my|anyone|someone|people)';
/**
 * Whether a recognised sentence is a question, to end it with "?": a wh-word then an auxiliary
 * ("why do ...", "what's ..."), or an auxiliary then its subject ("do you ..."). A wh-word alone
 * opens statements too ("when you double the price, ...").
 */
const QUESTION = new RegExp(`^((what|why|how|who|where|which|when)('s|\\s+${AUX}\\b)|${AUX}(n't)?\\s+${SUBJECT}\\b)`, 'i');
/** Whether a recognised sentence (no end mark) reads as a question. */
export const isQuestion = (sentence: string) => QUESTION.test(sentence.trim());
const CONTINUATION = /^(and|but|so|or|because|then|also|plus)\s+/i;
const HOOK_MAX = 150;
/** A hook longer than this many words reads as a run-on; a shorter strong sentence is preferred. */
const HOOK_WORDS = 18;
/** A title of at most this many characters reads as a headline; longer ones are a last resort. */
const HEADLINE_CHARS = 70;

/** A recognised "sentence" longer than this many words is split at its shorter pauses. */
const LONG_SENTENCE = 14;
/** Festival-like speech pauses ~0.15-0.3 s between sentences and under 0.1 s at commas. */
const CLAUSE_PAUSE = 0.15;
/** A piece shorter than this joins the next one ("first, pricing" + "the basic plan ..."). */
const MIN_PIECE = 4;

/**
 * The clip's sentences: from its timed words (the language toolkit's sentence split at pauses
 * and end marks), else its transcript text. A recogniser's utterance can run several spoken
 * sentences together; a long one is split again at its shorter pauses, so a hook reads as one
 * sentence, not a run-on.
 */
export function clipSentences(source: Pick<CaptionSource, 'words' | 'transcript'>): string[] {
  if (!source.words.length) return source.transcript.split(/(?<=[.?!])\s+/).map((s) => s.trim()).filter(Boolean);
  const first = source.words[0];
  const last = source.words[source.words.length - 1];
  const timed = transcriptWords({ engine: 'none', language: 'en', segments: [{ text: source.transcript, start: first.start, end: last.end, words: source.words }] });
  const out: string[] = [];
  for (const s of splitSentences(timed)) {
    if (s.last - s.first + 1 <= LONG_SENTENCE) out.push(s.text);
    else out.push(...joinShort(splitSentences(timed.slice(s.first, s.last + 1), CLAUSE_PAUSE).map((p) => p.text)));
  }
  return out;
}

function joinShort(pieces: string[]): string[] {
  const out: string[] = [];
  let carry = '';
  for (const piece of pieces) {
    const text = carry ? `${carry}, ${piece}` : piece;
    carry = text.split(' ').length < MIN_PIECE ? text : '';
    if (!carry) out.push(text);
  }
  if (carry) out.length ? (out[out.length - 1] += `, ${carry}`) : out.push(carry);
  return out;
}

/** A recognised sentence as written text: fillers and stutters out, sentence case, an end mark. */
export function polish(sentence: string): string {
  let s = sentence
    .split(/\s+/)
    .filter((w) => !isFiller(w.toLowerCase().replace(/[^\p{L}']/gu, '')))
    .join(' ');
  s = s.replace(/\b(\w+)( \1\b)+/gi, '$1').replace(CONTINUATION, '').replace(/[\s.?!,;:]+$/, '');
  if (!s) return '';
  return `${sentenceCase(s)}${QUESTION.test(s) ? '?' : '.'}`;
}

/** Body and hashtags within `limit` characters: the body gives way, the tags stay. */
export function fitCaption(body: string, tags: string[], limit: number): string {
  const tail = tags.length ? `\n\n${tags.join(' ')}` : '';
  const room = limit - [...tail].length;
  return ([...body].length <= room ? body : trimAtWord(body, room - 1) + '…') + tail;
}

/**
 * Writes a draft's caption (and the long-video title) from the clip's own transcript, offline
 * (issue 5): the clip's strongest sentence against the whole video as the hook, hashtags from its
 * TF-IDF key phrases, and as much of its own words as each platform's readers expect, within
 * each platform's length limit.
 */
export function writeCaption(platform: Platform, source: CaptionSource, n = { short: 3, long: 4 }): WrittenCaption {
  const raw = clipSentences(source);
  const kept = raw.map((text) => ({ text, polished: polish(text) })).filter((s) => s.polished.split(' ').length >= 2);
  if (!kept.length) return { caption: '', ...(platform === 'long_video' ? { title: 'New clip' } : {}) };
  const text = raw.join('. ');
  const corpus = source.corpus.length ? source.corpus : raw;
  // The strongest sentence of a readable length opens the post; the best short one is the title.
  const ranked = rankSentences(kept.map((s) => s.text), corpus, source.language).map((r) => r.index);
  const wordCount = (i: number) => kept[i].polished.split(' ').length;
  const hookIndex = ranked.find((i) => wordCount(i) >= 5 && wordCount(i) <= HOOK_WORDS) ?? ranked[0] ?? 0;
  const hookFull = kept[hookIndex].polished;
  const hook = [...hookFull].length <= HOOK_MAX ? hookFull : trimAtWord(hookFull, HOOK_MAX - 1) + '…';
  const rest = kept.filter((_, i) => i !== hookIndex).map((s) => s.polished);
  const tags = (count: number) => hashtags(text, corpus, count, source.language);
  const limit = CAPTION_LIMITS[platform];

  // The hook goes first (it is what shows before "more"), then as much of the clip's own words as
  // the platform's readers expect, then the hashtags.
  switch (platform) {
    case 'short_video': {
      // A short hook gets company: the next strongest sentence that is short too.
      const next = ranked.map((i) => kept[i].polished).find((t, r) => ranked[r] !== hookIndex && t.length <= 100);
      const second = hook.length < 80 && next ? ` ${next}` : '';
      return { caption: fitCaption(hook + second, tags(n.short), limit) };
    }
    case 'photo_sharing':
      return { caption: fitCaption([hook, rest.slice(0, 2).join(' ')].filter(Boolean).join('\n\n'), tags(n.long), limit) };
    case 'professional_network':
      return { caption: fitCaption([hook, rest.slice(0, 4).join(' ')].filter(Boolean).join('\n\n'), tags(n.short), limit) };
    case 'long_video': {
      const short = ranked.map((i) => kept[i].polished.replace(/[.]$/, '')).find((t) => t.length <= HEADLINE_CHARS && t.split(' ').length >= 3);
      // Issue 20, item 4: a headline in sentence case, as the clip titles are.
      const title = short ? sentenceCase(short) : trimAtWord(hookFull.replace(/[.]$/, ''), TITLE_MAX);
      // The whole transcript follows the hook, when there is more to it than the hook itself.
      const description = rest.length ? [hook, kept.map((s) => s.polished).join(' ')].join('\n\n') : hookFull;
      return { title, caption: fitCaption(description, tags(n.long), limit) };
    }
  }
}
