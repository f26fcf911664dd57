// Relevance of a window of words to the criteria, in O(aspects) per window from prefix sums.
// Criteria given: what the window's topic is about, as a whole passage against the whole request
// (mostly by what it says in words of its own: gloss vectors and word vectors; aboutness.ts),
// blended with the window's own aboutness, so that the clip comes from the
// topic asked for and, inside it, from where it is most on the request. No topic in the
// criteria ("general highlights"): a window scores by how focused it is, i.e. how much it repeats
// words that are distinctive in this video (a passage that stays on one topic).
import { meaningWords } from '../language/compounds.js';
import { passageVector, requestVector } from '../language/gloss-vectors.js';
import { vectorRecall } from '../language/vector-recall.js';
import { Aboutness } from './aboutness.js';
import { cosine } from './cohesion.js';
import type { PreparedCriteria } from './criteria.js';
import type { SemanticMatch } from '../types.js';
import type { SourceModel } from './source.js';
import { topicOfWord, type Topic } from './topics.js';

export interface TermMatch {
  word: string;
  /** The request's word it relates to. */
  via: string;
  /** Heard as a sound-alike of `via` (a recognition error). */
  bySound: boolean;
  value: number;
}

/** A repeated distinctive word counts for focus when said again within this many seconds. */
const FOCUS_SPAN = 45;
/** Share of a clip's relevance that is its topic's (the rest is the clip's own words). */
const TOPIC_SHARE = 0.7;
/**
 * Relevance from aboutness (an F-measure): 1 - exp(-(F - NOISE) / ABOUT_SCALE). Measured on the
 * synthetic talks of test/suggest: passages on other topics score 0 to 0.04 (chance relations),
 * the passage asked for 0.1 to 0.3, so those become about 0.1 and 0.5 to 0.9.
 */
const ABOUT_NOISE = 0.02;
const ABOUT_SCALE = 0.12;
/** A word at least this related to an aspect is named in the reason and weighs in titles. */
const NAMED = 0.3;
/**
 * Share of a topic's score that is its meaning in words of its own (gloss likeness and soft
 * recall, both leaving the request's own words out); the rest is aboutness, which counts the
 * request's words too. Chosen with likeness alone (`npx tsx eval/request-topics.ts`, true topics,
 * scripts; asked passage best in the hard, first and general sets' tuning talks): 0.7 5/8, 8/16,
 * 7/12; 0.85 5/8, 10/16, 8/12; 1 6/8, 9/16, 8/12. With the recall, 1 loses a short passage that
 * names the sink and the drip to one that ends on "a leaking tap" (test/suggest/request-spans).
 */
const MEANING_SHARE = 0.85;
/**
 * A topic's meaning: its gloss likeness plus its soft recall of the request by word vectors
 * (language/vector-recall.ts: about 0.25 to 0.4 for passages on other subjects, 0.4 to 0.55 for
 * the one asked for) above RECALL_CHANCE, times RECALL_WEIGHT. `npx tsx eval/replay.ts --set
 * hard-b --half tuning --sections` (recognised speech, the daemon's path), with the tier order of
 * request-order.ts: top clip on the asked passage 6/12 -> 8/12, on the distractor 5/12 -> 3/12;
 * first set (`eval/replay.ts --sections`) as before. Weight 0.5 gained hard talks and lost
 * first-set talks.
 */
const RECALL_WEIGHT = 0.35;
const RECALL_CHANCE = 0.25;
/**
 * Gloss-vector cosines (about 0.1 to 0.3 for passages of a talk) onto aboutness's scale.
 * `npx tsx eval/sweep.ts --sections` (the daemon's path): each talk's own request on top 6/16 ->
 * 11/16, the 50 designed requests 29 -> 36, the 36 others 29 -> 33; flat from 0.7 to 3.
 */
const LIKENESS_SCALE = 1.5;
/**
 * With a sentence-embedding model installed (issue 28, item 3): share of a topic's score that is
 * its passages' likeness to the request, and that likeness (0..1 above the model's floor) onto
 * aboutness's scale (the asked topic about 0.1 to 0.3). Priors, not tuned: no real encoder's
 * weights can be had on the machines this was written on.
 */
const EMBEDDING_SHARE = 0.6;
const EMBEDDING_SCALE = 0.4;

export class RelevanceModel {
  readonly mode: 'criteria' | 'general' | 'none';
  private readonly content = new Int32Array(0);
  private readonly focusPrefix = new Float64Array(0);
  private readonly about: Aboutness | null = null;
  private readonly topicScores: number[] = [];

  constructor(private readonly src: SourceModel, criteria: PreparedCriteria, private readonly topics: Topic[], semantic?: SemanticMatch) {
    const n = src.words.length;
    this.mode = n === 0 ? 'none' : criteria.general || criteria.aspects.length === 0 ? 'general' : 'criteria';
    if (this.mode === 'none') return;
    this.content = new Int32Array(n + 1);
    src.stems.forEach((s, i) => (this.content[i + 1] = this.content[i] + (s ? 1 : 0)));
    if (this.mode === 'criteria') {
      this.about = new Aboutness(src, criteria.aspects, criteria.roles);
      this.topicScores = topicMeaning(src, criteria, topics, this.about);
      if (semantic?.passages.length) {
        const like = topicLikeness(topics, semantic);
        this.topicScores = this.topicScores.map((h, k) => (1 - EMBEDDING_SHARE) * h + EMBEDDING_SHARE * EMBEDDING_SCALE * like[k]);
      }
    } else {
      this.focusPrefix = new Float64Array(n + 1);
      const lastSeen = new Map<string, number>();
      for (let i = 0; i < n; i++) {
        const s = src.stems[i];
        const prev = s ? lastSeen.get(s) : undefined;
        const repeat = prev !== undefined && src.words[i].start - prev <= FOCUS_SPAN ? src.corpus.idf(s) : 0;
        if (s) lastSeen.set(s, src.words[i].start);
        this.focusPrefix[i + 1] = this.focusPrefix[i] + repeat;
      }
    }
  }

  /** Relevance 0..1 of words [first, end). */
  score(first: number, end: number): number {
    if (this.mode === 'none') return 0.5; // no words: relevance cannot be judged, so it is neutral
    if (this.mode === 'general') {
      const words = Math.max(this.content[end] - this.content[first], 20);
      const focus = (this.focusPrefix[end] - this.focusPrefix[first]) / words;
      return 1 - Math.exp(-focus / 0.6);
    }
    const own = this.about!.score(first, end);
    const topic = this.topics.length && first < end ? this.topicScores[topicOfWord(this.topics, first)] : own;
    return 1 - Math.exp(-Math.max(0, TOPIC_SHARE * topic + (1 - TOPIC_SHARE) * own - ABOUT_NOISE) / ABOUT_SCALE);
  }

  /** Aboutness of each topic (criteria mode; [] otherwise). */
  topicRelevance(): number[] {
    return this.topicScores;
  }

  /** True when word i relates clearly to the request. */
  matchesAt(i: number): boolean {
    return this.about !== null && this.about.best[i].value >= NAMED;
  }

  /** The words of [first, end) that relate clearly to the request, strongest first. */
  matches(first: number, end: number): TermMatch[] {
    if (!this.about) return [];
    const out: TermMatch[] = [];
    for (let i = first; i < end; i++) {
      const b = this.about.best[i];
      if (b.value < NAMED || b.aspect < 0) continue;
      const via = this.about.aspects[b.aspect];
      out.push({ word: this.src.words[i].token, via, bySound: this.about.bySound[i], value: b.value });
    }
    return out.sort((a, b) => b.value - a.value);
  }
}

/**
 * Each topic's meaning against the request (its gloss vector's likeness and its words' soft
 * recall of the request), on one absolute scale: a long video is suggested section by section
 * (the job's plan) and the clips of all sections are then ranked together by score, so a topic's
 * score must not depend on which other topics share its section (scaled to the section's best,
 * the distractor of one section and the asked topic of another both came out on top of their
 * sections: `npm run eval` 2/8 long talks).
 */
function topicMeaning(src: SourceModel, { aspects, roles }: PreparedCriteria, topics: Topic[], about: Aboutness): number[] {
  const meaning = meaningWords(src.words.map((w) => w.token), src.language);
  const request = requestVector(aspects, roles);
  return topics.map((t) => {
    const words: Array<{ word: string; weight: number }> = [];
    for (let i = t.firstWord; i < t.endWord; i++) {
      const m = meaning[i];
      if (m && src.stems[i]) words.push({ word: m, weight: src.corpus.idf(src.stems[i]) });
    }
    const likeness = cosine(request, passageVector(words, aspects));
    const recall = vectorRecall(aspects, roles, words.map((w) => w.word));
    return (1 - MEANING_SHARE) * about.score(t.firstWord, t.endWord) + MEANING_SHARE * (LIKENESS_SCALE * likeness + RECALL_WEIGHT * (recall - RECALL_CHANCE));
  });
}

/** Each topic's likeness to the request: its passages' likeness, weighted by how much of each lies in it. */
function topicLikeness(topics: Topic[], semantic: SemanticMatch): number[] {
  return topics.map((t) => {
    let sum = 0;
    let weight = 0;
    for (const p of semantic.passages) {
      const inside = Math.min(t.end, p.end) - Math.max(t.start, p.start);
      if (inside <= 0) continue;
      sum += inside * p.likeness;
      weight += inside;
    }
    return weight > 0 ? sum / weight : 0;
  });
}
