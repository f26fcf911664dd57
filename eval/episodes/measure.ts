// Figures of the no-request episodes (issue 30, item 5): are the top five clips on planted
// highlights, is any of them filler, does any start mid-sentence or end before the payoff, how
// the clips spread over the video, and the diarization error on the planted turns.
import { measureMoments, momentOf, momentsOf, momentsReport, type MomentFigures } from './moments.js';
import { type EpisodeScript, type EpisodeTimes, FILLER } from './script.js';

export interface EvalClip { start: number; end: number; title: string; score: number }
export interface SpokenWord { start: number; end: number; speaker?: string }

interface Span { start: number; end: number }
const overlap = (a: Span, b: Span) => Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));

export interface EpisodeFigures {
  name: string;
  duration: number;
  clips: number;
  top: number;
  /** Of the top five: on a planted highlight, on filler, cut (mid-sentence start, or end before the payoff). */
  planted: number;
  filler: number;
  cut: number;
  /** Top five on a highlight that leave out its start (the question of an answer, a story's setup). */
  noSetup: number;
  /** Largest share of all clips whose middle is in one third of the video. */
  thirdShare: number;
  sponsorFirst: boolean;
  /** Frames of planted turns whose speaker is wrong (best one-to-one label mapping), or null without speakers. */
  der: number | null;
  topTitles: string[];
  /** Share of the moment held, clips per moment, lengths, title checks (moments.ts). */
  moments: MomentFigures;
}

export const highlightsOf = momentsOf;

export function measureEpisode(script: EpisodeScript, times: EpisodeTimes, clips: EvalClip[], words: SpokenWord[]): EpisodeFigures {
  const highlights = highlightsOf(script, times);
  const filler = times.sentences.filter((s) => FILLER.has(script.turns[s.turn].kind));
  const sponsor = times.sentences.filter((s) => script.turns[s.turn].kind === 'sponsor');
  const top = clips.slice(0, 5);
  const onHighlight = (c: EvalClip) => momentOf(c, highlights);
  const fillerTime = (c: EvalClip, spans: Span[]) => spans.reduce((a, s) => a + overlap(c, s), 0);
  // A clip starts mid-sentence when its start falls inside a spoken sentence (0.3 s of slack for the recogniser's times).
  const midStart = (c: EvalClip) => times.sentences.some((s) => c.start > s.start + 0.3 && c.start < s.end - 0.3);
  const midEnd = (c: EvalClip) => times.sentences.some((s) => c.end > s.start + 0.3 && c.end < s.end - 0.3);
  let planted = 0, fill = 0, cut = 0, noSetup = 0;
  for (const c of top) {
    const h = onHighlight(c);
    if (h) planted++;
    else if (fillerTime(c, filler) >= 0.5 * (c.end - c.start)) fill++;
    const touched = highlights.filter((x) => overlap(c, x) > 0);
    if (midStart(c) || midEnd(c) || touched.some((x) => c.end < x.end - 0.3 && c.end > x.start)) cut++;
    if (h && c.start > h.start + 0.5) noSetup++;
  }
  const thirds = [0, 0, 0];
  for (const c of clips) thirds[Math.min(2, Math.floor(((c.start + c.end) / 2 / times.duration) * 3))]++;
  return {
    name: script.name, duration: times.duration, clips: clips.length, top: top.length, planted, filler: fill, cut, noSetup,
    thirdShare: clips.length ? Math.max(...thirds) / clips.length : 0,
    sponsorFirst: clips.length > 0 && fillerTime(clips[0], sponsor) >= 0.5 * (clips[0].end - clips[0].start),
    der: diarizationError(script, times, words),
    topTitles: top.map((c) => c.title),
    moments: measureMoments(script, times, clips),
  };
}

/** The top five clips one per line, for looking into the tuning half (`--verbose`): where each
 * starts and ends, which kinds of turn it covers, and why it counts as cut. */
export function describeTop(script: EpisodeScript, times: EpisodeTimes, clips: EvalClip[]): string[] {
  return clips.slice(0, 5).map((c) => {
    const kinds = [...new Set(times.sentences.filter((s) => overlap(c, s) > 0.3).map((s) => script.turns[s.turn].highlight ?? script.turns[s.turn].kind))];
    const inside = (t: number) => times.sentences.find((s) => t > s.start + 0.3 && t < s.end - 0.3);
    const cut = [inside(c.start) ? 'starts mid-sentence' : '', inside(c.end) ? 'ends mid-sentence' : '',
      ...highlightsOf(script, times).filter((h) => overlap(c, h) > 0 && c.end < h.end - 0.3 && c.end > h.start).map((h) => `ends ${(h.end - c.end).toFixed(1)} s before the ${h.kind}'s payoff`)].filter(Boolean);
    return `      ${c.start.toFixed(1)}-${c.end.toFixed(1)} s ${c.score.toFixed(3)} [${kinds.join(', ')}]${cut.length ? ` CUT: ${cut.join('; ')}` : ''} ${JSON.stringify(c.title)}`;
  });
}

/** Speaker error on the planted turns, frame by frame (0.1 s) where a word was heard. */
function diarizationError(script: EpisodeScript, times: EpisodeTimes, words: SpokenWord[]): number | null {
  if (!words.some((w) => w.speaker !== undefined)) return null;
  const counts = new Map<string, number>();
  let frames = 0;
  for (const s of times.sentences) {
    if (!script.turns[s.turn].highlight) continue;
    for (let t = s.start; t < s.end; t += 0.1) {
      const w = words.find((x) => x.start <= t && x.end > t);
      if (!w || w.speaker === undefined) continue;
      frames++;
      const key = `${s.speaker}:${w.speaker}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  if (!frames) return null;
  // Greedy one-to-one mapping of found labels to true speakers, most shared frames first.
  const pairs = [...counts].sort((a, b) => b[1] - a[1]);
  const usedRef = new Set<string>(), usedHyp = new Set<string>();
  let right = 0;
  for (const [key, n] of pairs) {
    const [ref, hyp] = key.split(':');
    if (usedRef.has(ref) || usedHyp.has(hyp)) continue;
    usedRef.add(ref); usedHyp.add(hyp); right += n;
  }
  return 1 - right / frames;
}

/** One half's figures as text. */
export function episodesReport(title: string, figures: EpisodeFigures[]): string {
  const sum = (f: (x: EpisodeFigures) => number) => figures.reduce((a, x) => a + f(x), 0);
  const tops = sum((x) => x.top) || 1;
  const ders = figures.map((x) => x.der).filter((x): x is number => x !== null);
  const lines = [
    `${title}: ${figures.length} episodes, ${(sum((x) => x.duration) / figures.length / 60).toFixed(1)} min on average`,
    `  top-5 clips on a planted highlight   ${sum((x) => x.planted)}/${tops} (${((sum((x) => x.planted) / tops) * 5).toFixed(1)} of 5; goal >= 4)`,
    `  top-5 clips on filler                ${sum((x) => x.filler)}/${tops} (goal 0); sponsor read first in ${figures.filter((x) => x.sponsorFirst).length}`,
    `  top-5 clips cut (mid-sentence start or end, or before the payoff)  ${sum((x) => x.cut)}/${tops} (goal 0)`,
    `  top-5 highlight clips missing the setup/question  ${sum((x) => x.noSetup)}`,
    `  clips per episode                    ${figures.map((x) => x.clips).join(' ')}`,
    `  largest share of clips in one third  ${Math.max(0, ...figures.map((x) => x.thirdShare)).toFixed(2)} worst, ${(sum((x) => x.thirdShare) / figures.length).toFixed(2)} mean (goal <= 0.5)`,
    `  diarization error on planted turns   ${ders.length ? `${((ders.reduce((a, b) => a + b, 0) / ders.length) * 100).toFixed(1)}% mean over ${ders.length}` : 'n/a (no speakers)'}`,
    ...momentsReport(figures.map((x) => x.moments)),
  ];
  for (const x of figures) lines.push(`    ${x.name} ${(x.duration / 60).toFixed(1)} min: ${x.planted}/${x.top} planted, ${x.filler} filler, ${x.cut} cut; ${x.topTitles.map((t) => JSON.stringify(t)).join(', ')}`);
  return lines.join('\n') + '\n';
}
