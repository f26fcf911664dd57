import type { Platform } from '../../src/api/events.js';
import { CAPTION_LIMITS, TITLE_MAX } from '../../src/api/post-schemas.js';
import type { Word } from '../pipeline/types.js';
import type { CaptionLanguage } from './language-port.js';

/** What the caption writer reads: the clip's own words, and the whole video for TF-IDF. */
export interface CaptionSource {
  words: Word[];
  transcript: string;
  /** Passages (sentences) of the whole video's transcript. */
  corpus: string[];
}

export interface WrittenCaption {
  caption: string;
  /** Long-video platform only. */
  title?: string;
}

const FILLERS = /\b(um+|uh+|er+|erm|ah+|hmm+|mm+)\b/gi;
const AUX = '(do|does|did|is|are|was|were|am|can|could|would|should|will|have|has|had|shall|may|might|must)';
const PRONOUN = '(you|we|they|i|he|she|it|there|this|that|your|our|their|my|anyone|someone|people)';
/** A question: a wh-word then an auxiliary ("why do ..."), or an auxiliary then its subject ("do you ..."). */
const QUESTION = new RegExp(`^((what|why|how|who|where|which|when)('s|\\s+${AUX}\\b)|${AUX}(n't)?\\s+${PRONOUN}\\b)`, 'i');
const CONTINUATION = /^(and|but|so|or|because|then|also|plus)\s+/i;
const HOOK_MAX = 150;

/** The clip's sentences from its timed words: a pause of 0.6 s or end punctuation closes one. */
export function clipSentences(source: Pick<CaptionSource, 'words' | 'transcript'>): string[] {
  const words = source.words.map((w) => ({ ...w, text: w.text.trim().replace(/\(\d+\)$/, '') })).filter((w) => w.text && !/^(<.*>|\[.*\]|\+\+.*\+\+)$/.test(w.text));
  if (!words.length) return source.transcript.split(/(?<=[.?!])\s+/).map((s) => s.trim()).filter(Boolean);
  const out: string[] = [];
  let current: string[] = [];
  words.forEach((w, i) => {
    current.push(w.text);
    const next = words[i + 1];
    if (!next || /[.?!]$/.test(w.text) || next.start - w.end >= 0.6) {
      out.push(current.join(' '));
      current = [];
    }
  });
  return out;
}

/** A recognised sentence as written text: fillers and stutters out, sentence case, end mark. */
export function polish(sentence: string, lang: CaptionLanguage): string {
  let s = sentence.replace(FILLERS, ' ').replace(/\s+/g, ' ').trim();
  s = s.replace(/\b(\w+)( \1\b)+/gi, '$1').replace(CONTINUATION, '').replace(/[.?!,;:]+$/, '');
  if (!s) return '';
  return `${lang.sentenceCase(s)}${QUESTION.test(s) ? '?' : '.'}`;
}

/**
 * The strongest sentence (issue 5: "the strongest sentence as the hook"): the most characteristic
 * words of the clip against the whole video (TF-IDF), per word so long sentences do not win by
 * length, with a lift for questions and for the listener addressed as "you".
 */
function strongest(sentences: string[], weight: (t: string) => number, lang: CaptionLanguage): number {
  let best = 0;
  let bestScore = -Infinity;
  sentences.forEach((s, i) => {
    const tokens = lang.contentTokens(s);
    const n = s.split(/\s+/).length;
    let score = tokens.reduce((sum, t) => sum + weight(t), 0) / Math.sqrt(Math.max(1, tokens.length));
    if (QUESTION.test(s.replace(CONTINUATION, ''))) score *= 1.3;
    if (/\byou(r|'re)?\b/i.test(s)) score *= 1.15;
    if (n < 4) score *= 0.4;
    if (n > 35) score *= 0.7;
    if (score > bestScore) [best, bestScore] = [i, score];
  });
  return best;
}

/**
 * Hashtags from the clip's key phrases: words and two-word phrases the clip says more than once
 * come first (a topic is repeated; a one-off word rarely is), then single words, best TF-IDF
 * first; no tag repeats a word of an earlier one.
 */
function hashtags(text: string, corpus: string[], n: number, lang: CaptionLanguage): string[] {
  const lower = ` ${lang.contentTokens(text).join(' ')} `;
  const count = (phrase: string) => lower.split(` ${phrase} `).length - 1 + (lower.split(` ${phrase}s `).length - 1);
  const candidates = lang
    .keyPhrases(text, corpus, n * 4)
    .map((phrase, rank) => ({ phrase, rank, words: phrase.split(' '), repeated: count(phrase) >= 2 }))
    .filter((c) => c.words.length === 1 || (c.words.length === 2 && c.repeated))
    .sort((a, b) => Number(b.repeated) - Number(a.repeated) || a.rank - b.rank);
  const out: string[] = [];
  const used = new Set<string>();
  const root = (w: string) => w.replace(/(ing|s)$/, '');
  for (const c of candidates) {
    if (c.words.some((w) => used.has(root(w)))) continue;
    const tag = lang.toHashtag(c.phrase);
    if (!tag) continue;
    c.words.forEach((w) => used.add(root(w)));
    out.push(tag);
    if (out.length >= n) break;
  }
  return out;
}

/** Body and hashtags within `limit` characters: the body gives way, the tags stay. */
function fit(body: string, tags: string[], limit: number, lang: CaptionLanguage): string {
  const tail = tags.length ? `\n\n${tags.join(' ')}` : '';
  const room = limit - [...tail].length;
  return ([...body].length <= room ? body : lang.trimAtWord(body, room - 1) + '…') + tail;
}

/**
 * Writes a draft's caption (and the long-video title) from the clip's own transcript, offline:
 * key phrases by TF-IDF against the whole video, the strongest sentence as the hook, a few
 * hashtags; each platform gets its own shape and stays within its length limit.
 */
export function writeCaption(platform: Platform, source: CaptionSource, lang: CaptionLanguage): WrittenCaption {
  const raw = clipSentences(source);
  const sentences = raw.map((s) => polish(s, lang)).filter((s) => s.split(' ').length >= 2);
  const text = raw.join('. ');
  const corpus = source.corpus.length ? source.corpus : raw;
  if (!sentences.length) return { caption: '', ...(platform === 'long_video' ? { title: 'New clip' } : {}) };
  const hookIndex = strongest(sentences, lang.termWeights(text, corpus), lang);
  const hookFull = sentences[hookIndex];
  const hook = [...hookFull].length <= HOOK_MAX ? hookFull : lang.trimAtWord(hookFull, HOOK_MAX - 1) + '…';
  const rest = sentences.filter((_, i) => i !== hookIndex);
  const tags = (n: number) => hashtags(text, corpus, n, lang);
  const limit = CAPTION_LIMITS[platform];

  // Each platform's shape: the hook first (it is what shows before "more"), then as much of the
  // clip's own words as the platform's readers expect, then the hashtags.
  switch (platform) {
    case 'short_video': {
      const second = hook.length < 80 && rest[0] && rest[0].length <= 100 ? ` ${rest[0]}` : '';
      return { caption: fit(hook + second, tags(4), limit, lang) };
    }
    case 'photo_sharing':
      return { caption: fit([hook, rest.slice(0, 2).join(' ')].filter(Boolean).join('\n\n'), tags(5), limit, lang) };
    case 'professional_network':
      return { caption: fit([hook, rest.slice(0, 4).join(' ')].filter(Boolean).join('\n\n'), tags(3), limit, lang) };
    case 'long_video': {
      const headline = hookFull.replace(/[.]$/, '');
      const title = headline.length <= 70 ? lang.titleCase(headline) : lang.trimAtWord(headline, TITLE_MAX);
      const description = [hook, sentences.join(' ')].join('\n\n');
      return { title, caption: fit(description, tags(5), limit, lang) };
    }
  }
}
