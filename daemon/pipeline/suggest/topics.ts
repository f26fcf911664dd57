// Topic segmentation (issue 20, item 2): "TextTiling-style lexical cohesion over lemmas and
// WordNet relations, with pauses, loudness and scene changes as evidence".
//
// Between every two sentences: how much the talk before and after share (cosine of the concepts
// of about COHESION_SECONDS of speech either side: stems, weighted by how distinctive they are in
// this video, and the words' most likely senses and their hypernyms, so "puppy" and "dog" share);
// a valley of that cohesion, measured by its depth as in TextTiling (Hearst 1997), is a change of
// topic. A pause much longer than this speaker's pauses between sentences, and a scene change,
// are evidence too. Boundaries are taken strongest first, none closer than MIN_TOPIC seconds.
import { meaningWords } from '../language/compounds.js';
import { wordNet } from '../language/wordnet.js';
import { addFeatures, cosine, wordFeatures, type Features } from './cohesion.js';
import type { SourceModel } from './source.js';

export interface Topic {
  /** Sentence indices [first, last] and word indices [firstWord, endWord). */
  first: number;
  last: number;
  firstWord: number;
  endWord: number;
  start: number;
  end: number;
}

/** Seconds of speech compared on either side of a gap. */
const COHESION_SECONDS = 25;
/** No topic shorter than this (s): the short topics are 10 to 20 s. */
export const MIN_TOPIC = 8;
/** A gap between words at least this long (s) is a breath between phrases. */
const BREATH = 0.15;
/** Evidence a gap needs to be a boundary (depth 0..1, pause 0..1.5, scene 1, weighted). */
const THRESHOLD = 0.55;
/** Weights of the evidence: a clearly long pause alone, a scene change with a valley, or an outstanding valley alone cut. */
const WEIGHTS = { depth: 0.6, pause: 0.6, scene: 0.4 };

export function segmentTopics(src: SourceModel): Topic[] {
  const { sentences } = src;
  if (sentences.length === 0) return [];
  const features = sentenceFeatures(src);
  const gaps = sentences.length - 1;
  const cohesion = Array.from({ length: gaps }, (_, j) => cosine(windowOf(src, features, j, -1), windowOf(src, features, j + 1, 1)));
  const depth = depths(cohesion);
  const pauses = Array.from({ length: gaps }, (_, j) => sentences[j + 1].start - sentences[j].end);
  // This speaker's pause between sentences; a topic change is a pause well beyond it (in a talk
  // of short topics, a third of the pauses can be between topics, so not the median).
  // When the recogniser makes a sentence of each topic's speech (few, long sentences), most gaps
  // between sentences are topic changes: the breaths between phrases say what is usual then.
  const typical = Math.min(quantile(pauses, 0.4), quantile(phraseBreaks(src), 0.5));
  const evidence = Array.from({ length: gaps }, (_, j) => {
    const pause = Math.min(1.5, Math.max(0, (pauses[j] - typical) / Math.max(0.25, typical)));
    const scene = src.scenes.some((t) => t >= sentences[j].end - 0.3 && t <= sentences[j + 1].start + 0.3) ? 1 : 0;
    return WEIGHTS.depth * depth[j] + WEIGHTS.pause * pause + WEIGHTS.scene * scene;
  });
  const cuts: number[] = [];
  const order = evidence.map((e, j) => [e, j] as const).filter(([e]) => e >= THRESHOLD).sort((a, b) => b[0] - a[0]);
  for (const [, j] of order) {
    const at = sentences[j + 1].start;
    const near = [0, ...cuts.map((c) => sentences[c + 1].start), src.duration].some((t) => Math.abs(t - at) < MIN_TOPIC);
    if (!near) cuts.push(j);
  }
  cuts.sort((a, b) => a - b);
  const topics: Topic[] = [];
  let first = 0;
  for (const j of [...cuts, gaps]) {
    const [a, b] = [sentences[first], sentences[j]];
    topics.push({ first, last: j, firstWord: a.first, endWord: b.last + 1, start: a.start, end: b.end });
    first = j + 1;
  }
  return topics;
}

/** Concept features of each sentence (empty without WordNet: stems only). */
function sentenceFeatures(src: SourceModel): Features[] {
  const meaning = src.language === 'en' && wordNet().loaded ? meaningWords(src.words.map((w) => w.token), src.language) : src.stems.map((s) => s || null);
  return src.sentences.map((s) => {
    const f: Features = new Map();
    for (let i = s.first; i <= s.last; i++) {
      const m = meaning[i];
      if (!m || !src.stems[i]) continue;
      addFeatures(f, wordFeatures(m, src.stems[i]), src.corpus.idf(src.stems[i]));
    }
    return f;
  });
}

/** Features of the sentences from `from` going `dir` (-1 back, +1 ahead) over COHESION_SECONDS. */
function windowOf(src: SourceModel, features: Features[], from: number, dir: 1 | -1): Features {
  const out: Features = new Map();
  const edge = src.sentences[from][dir < 0 ? 'end' : 'start'];
  for (let j = from; j >= 0 && j < features.length; j += dir) {
    const s = src.sentences[j];
    if (Math.abs((dir < 0 ? s.start : s.end) - edge) > COHESION_SECONDS && j !== from) break;
    addFeatures(out, features[j]);
  }
  return out;
}

/**
 * TextTiling depth of each valley of the (smoothed) cohesion curve, as evidence 0..1: how much
 * deeper than this video's average valley it is, in standard deviations (a valley two deviations
 * deeper counts fully). Shallow valleys are the ups and downs of one topic.
 */
function depths(raw: number[]): number[] {
  const c = raw.map((_, j) => (raw[Math.max(0, j - 1)] + raw[j] + raw[Math.min(raw.length - 1, j + 1)]) / 3);
  const d = c.map((v, j) => {
    if ((j > 0 && c[j - 1] < v) || (j + 1 < c.length && c[j + 1] < v)) return 0;
    let left = v;
    for (let k = j - 1; k >= 0 && c[k] >= left; k--) left = c[k];
    let right = v;
    for (let k = j + 1; k < c.length && c[k] >= right; k++) right = c[k];
    return left - v + (right - v);
  });
  const valleys = d.filter((x) => x > 0);
  if (valleys.length < 2) return d.map((x) => (x > 0 ? Math.min(1, x) : 0));
  const mean = valleys.reduce((a, b) => a + b, 0) / valleys.length;
  const sd = Math.sqrt(valleys.reduce((a, b) => a + (b - mean) ** 2, 0) / valleys.length) || 1;
  return d.map((x) => (x > 0 ? Math.min(1, Math.max(0, (x - mean) / (2 * sd))) : 0));
}

/** Gaps between words long enough to be a breath (s). */
function phraseBreaks(src: SourceModel): number[] {
  const out: number[] = [];
  for (let i = 1; i < src.words.length; i++) {
    const gap = src.words[i].start - src.words[i - 1].end;
    if (gap >= BREATH) out.push(gap);
  }
  return out.length ? out : [Infinity];
}

function quantile(xs: number[], q: number): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}

/** The topic holding word `i` (topics cover every word, in order). */
export function topicOfWord(topics: Topic[], i: number): number {
  let lo = 0;
  let hi = topics.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (topics[mid].firstWord <= i) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
