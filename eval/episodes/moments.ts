// Figures of whole moments and titles in the no-request episodes: for each clip on a planted
// moment the share of the moment it holds (goal: median >= 70%, none under 40%), how many clips
// each moment gets (goal: 1), the clips' lengths (README: 15 to 90 s), and the titles: the
// daemon's own headline rule (titleProblems) and a stricter count made here, apart from the
// generator: words that were never said in the clip (the script is the truth), a word twice in a
// row, a function word at either end, fewer than three words; and the tagger count
// (title-grammar.ts): neither a whole clause nor a noun phrase.
import { titleProblems } from '../../daemon/pipeline/suggest/title-check.js';
import { taggedTitleProblems } from './title-grammar.js';
import type { EpisodeScript, EpisodeTimes } from './script.js';

interface Span { start: number; end: number }
export interface MomentClip extends Span { title: string }
/** The longest clip the README allows. */
const MAX_CLIP_S = 90;
const overlap = (a: Span, b: Span) => Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));

export interface MomentFigures {
  /** Share of its moment each clip on a moment holds (0..1). */
  coverage: number[];
  /** The same share of what a clip may hold: a moment over 90 s counts as 90 s (README: clips end at 90 s). */
  reachable: number[];
  /** Clips on each planted moment that got at least one. */
  perMoment: number[];
  /** Planted moments no clip is on. */
  missed: number;
  /** Every clip's length (s). */
  lengths: number[];
  /** Titles the daemon's headline rule refuses, those the stricter count and the tagger count refuse, with why. */
  titles: { title: string; rule: string[]; strict: string[]; tagged: string[] }[];
}

/** The planted moments: each highlight's span from its first sentence to its payoff. */
export function momentsOf(script: EpisodeScript, times: EpisodeTimes): (Span & { id: string; kind: string })[] {
  const byId = new Map<string, Span & { id: string; kind: string }>();
  for (const s of times.sentences) {
    const turn = script.turns[s.turn];
    if (!turn.highlight) continue;
    const h = byId.get(turn.highlight);
    byId.set(turn.highlight, h ? { ...h, start: Math.min(h.start, s.start), end: Math.max(h.end, s.end) } : { id: turn.highlight, kind: turn.kind, start: s.start, end: s.end });
  }
  return [...byId.values()];
}

/** The moment a clip is on: most of the clip inside it, or most of it inside the clip. */
export function momentOf<M extends Span>(clip: Span, moments: M[]): M | undefined {
  const on = moments.filter((m) => overlap(clip, m) >= 0.5 * (clip.end - clip.start) || overlap(clip, m) >= 0.8 * (m.end - m.start));
  return on.sort((a, b) => overlap(clip, b) - overlap(clip, a))[0];
}

const FUNCTION_WORDS = new Set(['a', 'an', 'the', 'and', 'or', 'but', 'so', 'of', 'to', 'in', 'on', 'at', 'for', 'with', 'by', 'from', 'as', 'than', 'that', 'this', 'my', 'your', 'his', 'her', 'our', 'their', 'its', 'is', 'are', 'was', 'were', 'be', 'been', 'if', 'because', 'um', 'uh']);
/** Words that never open a headline (a title may open on "the" or "this", not on "and"). */
const BAD_FIRST = new Set(['and', 'or', 'but', 'so', 'of', 'to', 'than', 'because', 'um', 'uh']);
const tokens = (text: string): string[] => (text.toLowerCase().replace(/’/g, "'").match(/[\p{L}\p{N}]+(?:'[\p{L}]+)*/gu) ?? []);

/** The stricter title count: what is wrong with `title` for a clip whose true words are `said`. */
export function strictTitleProblems(title: string, said: Set<string>): string[] {
  const words = tokens(title);
  const out: string[] = [];
  if (words.length < 3) out.push('fewer than three words');
  const unsaid = words.filter((w) => !said.has(w));
  if (unsaid.length) out.push(`never said: ${unsaid.join(', ')}`);
  if (words.some((w, i) => i > 0 && words[i - 1] === w)) out.push('a word twice in a row');
  const [first, last] = [words[0] ?? '', words[words.length - 1] ?? ''];
  if (BAD_FIRST.has(first)) out.push(`starts on "${first}"`);
  if (FUNCTION_WORDS.has(last)) out.push(`ends on "${last}"`);
  return out;
}

export function measureMoments(script: EpisodeScript, times: EpisodeTimes, clips: MomentClip[]): MomentFigures {
  const moments = momentsOf(script, times);
  const coverage: number[] = [];
  const reachable: number[] = [];
  const counts = new Map<string, number>();
  for (const c of clips) {
    const m = momentOf(c, moments);
    if (!m) continue;
    coverage.push(overlap(c, m) / (m.end - m.start));
    reachable.push(Math.min(1, overlap(c, m) / Math.min(MAX_CLIP_S, m.end - m.start)));
    counts.set(m.id, (counts.get(m.id) ?? 0) + 1);
  }
  const titles = clips.map((c) => {
    // The words truly spoken in the clip (sentences it touches, whole).
    const said = new Set(times.sentences.filter((s) => overlap(c, s) > 0).flatMap((s) => tokens(s.text)));
    return { title: c.title, rule: titleProblems(c.title), strict: strictTitleProblems(c.title, said), tagged: taggedTitleProblems(c.title) };
  });
  return { coverage, reachable, perMoment: [...counts.values()], missed: moments.length - counts.size, lengths: clips.map((c) => c.end - c.start), titles };
}

const median = (xs: number[]) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const pct = (x: number) => `${Math.round(x * 100)}%`;

/** The half's moment and title lines for the report; `examples` failed titles are listed. */
export function momentsReport(all: MomentFigures[], examples = 6): string[] {
  const cov = all.flatMap((x) => x.coverage);
  const reach = all.flatMap((x) => x.reachable);
  const per = all.flatMap((x) => x.perMoment);
  const len = all.flatMap((x) => x.lengths);
  const titles = all.flatMap((x) => x.titles);
  const rule = titles.filter((t) => t.rule.length);
  const strict = titles.filter((t) => t.strict.length);
  const tagged = titles.filter((t) => t.tagged.length);
  return [
    `  share of its moment a clip holds     median ${pct(median(cov))}, lowest ${pct(Math.min(...cov))}, under 40% ${cov.filter((x) => x < 0.4).length}/${cov.length} (goal: median >= 70%, none under 40%)`,
    `  ... of what 90 s can hold             median ${pct(median(reach))}, lowest ${pct(Math.min(...reach))}, under 40% ${reach.filter((x) => x < 0.4).length}/${reach.length} (a moment over 90 s counted as 90 s)`,
    `  clips per moment                     ${(per.reduce((a, b) => a + b, 0) / (per.length || 1)).toFixed(2)} mean; moments with 2+ clips ${per.filter((n) => n > 1).length}/${per.length}; moments with none ${all.reduce((a, x) => a + x.missed, 0)} (goal 1)`,
    `  clip lengths (s)                     min ${Math.min(...len).toFixed(1)}, median ${median(len).toFixed(1)}, max ${Math.max(...len).toFixed(1)}; under 15 s ${len.filter((x) => x < 15).length}, over 90 s ${len.filter((x) => x > 90).length} of ${len.length}`,
    `  titles failing the headline rule     ${rule.length}/${titles.length} (daemon's titleProblems)`,
    `  titles failing the stricter count    ${strict.length}/${titles.length} (never-said words, doubled word, function word at an end)`,
    `  titles failing the tagger count       ${tagged.length}/${titles.length} (neither a clause nor a noun phrase, or a function word at an end)`,
    ...[...rule, ...strict.filter((t) => !t.rule.length)].slice(0, examples).map((t) => `      ${JSON.stringify(t.title)}: ${[...t.rule, ...t.strict].join('; ')}`),
    ...tagged.slice(0, examples).map((t) => `      ${JSON.stringify(t.title)}: ${t.tagged.join('; ')}`),
  ];
}
