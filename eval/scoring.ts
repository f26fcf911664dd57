// The figures of issue 20, item 6, as pure functions of a job's clips and the talk's known topic
// times: is the top clip on the asked topic, is the topic among the top three, do clips cut in
// pauses and stay in one topic, and how do the titles read.

export interface Span {
  start: number;
  end: number;
}

export interface EvalClip extends Span {
  title: string;
}

/** Share of the clip's length inside `topic` (0..1). */
export function shareOn(clip: Span, topic: Span): number {
  const inside = Math.max(0, Math.min(clip.end, topic.end) - Math.max(clip.start, topic.start));
  return clip.end > clip.start ? inside / (clip.end - clip.start) : 0;
}

/** Share of `topic` the clip contains (0..1). */
export function covers(clip: Span, topic: Span): number {
  const inside = Math.max(0, Math.min(clip.end, topic.end) - Math.max(clip.start, topic.start));
  return topic.end > topic.start ? inside / (topic.end - topic.start) : 0;
}

/** Issue 20: a clip is on a topic when at least 75% of its length is inside it. */
export const ON_TOPIC = 0.75;

/** 1-based rank of the first clip on `topic` among the first `n` clips, or null. */
export function rankOn(clips: Span[], topic: Span, n = clips.length): number | null {
  const i = clips.slice(0, n).findIndex((c) => shareOn(c, topic) >= ON_TOPIC);
  return i < 0 ? null : i + 1;
}

/** The largest share of the clip inside any one topic. */
export function purity(clip: Span, topics: Span[]): number {
  return Math.max(0, ...topics.map((t) => shareOn(clip, t)));
}

/**
 * Silent stretches of at least `minPause` seconds from per-frame levels (dBFS, one per `step`
 * seconds): quieter than `floor` below the loudest frame counts as silence.
 */
export function pausesOf(levels: Float32Array | number[], step: number, minPause = 0.15, floor = 40): Span[] {
  let top = -Infinity;
  for (const l of levels) top = Math.max(top, l);
  const out: Span[] = [];
  let from = -1;
  for (let i = 0; i <= levels.length; i++) {
    const quiet = i < levels.length && levels[i] < top - floor;
    if (quiet && from < 0) from = i;
    if (!quiet && from >= 0) {
      if ((i - from) * step >= minPause) out.push({ start: from * step, end: i * step });
      from = -1;
    }
  }
  return out;
}

/** True when time `t` lies in a pause (within `slack` seconds of one: frames are coarse). */
export function inPause(t: number, pauses: Span[], slack = 0.03): boolean {
  return pauses.some((p) => t >= p.start - slack && t <= p.end + slack);
}

const FILLERS = /\b(um|uh|er|erm|hmm|okay|ok|yeah|you know|i mean)\b/i;
/** Words that lean on what came before: a title opening with one is a fragment. */
const LEANING = /^(and|but|so|or|because|then|which|that)\b/i;

/** How a title reads: its length, whether it is a headline length, sentence case, filler words. */
export function titleFigures(title: string) {
  const words = title.split(/\s+/).filter(Boolean);
  const capitalised = words.slice(1).filter((w) => /^[A-Z][a-z]/.test(w) && !/^I('|$)/.test(w)).length;
  return {
    length: title.length,
    headline: title.length >= 40 && title.length <= 70,
    withinLimit: title.length <= 100,
    /** No more than one capitalised word after the first (a name may be): not Title Case. */
    sentenceCase: /^[A-Z0-9]/.test(title) && capitalised <= 1,
    filler: title.match(FILLERS)?.[0] ?? '',
    fragmentStart: LEANING.test(title),
  };
}

export const median = (xs: number[]): number => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
