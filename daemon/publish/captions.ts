import type { Platform } from '../../src/api/events.js';
import { CAPTION_LIMITS, TITLE_MAX } from '../../src/api/post-schemas.js';
import { hashtags, isFiller, sentenceCase, strongestSentence, titleCase, transcriptSentences, trimAtWord } from '../language/index.js';
import type { Word } from '../pipeline/types.js';

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
const CONTINUATION = /^(and|but|so|or|because|then|also|plus)\s+/i;
const HOOK_MAX = 150;

/** The clip's sentences: from its timed words (pauses and end marks), else its transcript text. */
export function clipSentences(source: Pick<CaptionSource, 'words' | 'transcript'>): string[] {
  if (source.words.length) {
    const first = source.words[0];
    const last = source.words[source.words.length - 1];
    const sentences = transcriptSentences({ engine: 'none', language: 'en', segments: [{ text: source.transcript, start: first.start, end: last.end, words: source.words }] });
    if (sentences.length) return sentences.map((s) => s.text);
  }
  return source.transcript.split(/(?<=[.?!])\s+/).map((s) => s.trim()).filter(Boolean);
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
function fit(body: string, tags: string[], limit: number): string {
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
  const best = strongestSentence(kept.map((s) => s.text), corpus, source.language);
  const hookIndex = best?.index ?? 0;
  const hookFull = kept[hookIndex].polished;
  const hook = [...hookFull].length <= HOOK_MAX ? hookFull : trimAtWord(hookFull, HOOK_MAX - 1) + '…';
  const rest = kept.filter((_, i) => i !== hookIndex).map((s) => s.polished);
  const tags = (count: number) => hashtags(text, corpus, count, source.language);
  const limit = CAPTION_LIMITS[platform];

  // The hook goes first (it is what shows before "more"), then as much of the clip's own words as
  // the platform's readers expect, then the hashtags.
  switch (platform) {
    case 'short_video': {
      const second = hook.length < 80 && rest[0] && rest[0].length <= 100 ? ` ${rest[0]}` : '';
      return { caption: fit(hook + second, tags(n.short), limit) };
    }
    case 'photo_sharing':
      return { caption: fit([hook, rest.slice(0, 2).join(' ')].filter(Boolean).join('\n\n'), tags(n.long), limit) };
    case 'professional_network':
      return { caption: fit([hook, rest.slice(0, 4).join(' ')].filter(Boolean).join('\n\n'), tags(n.short), limit) };
    case 'long_video': {
      const headline = hookFull.replace(/[.]$/, '');
      const title = headline.length <= 70 ? titleCase(headline) : trimAtWord(headline, TITLE_MAX);
      const description = [hook, kept.map((s) => s.polished).join(' ')].join('\n\n');
      return { title, caption: fit(description, tags(n.long), limit) };
    }
  }
}
