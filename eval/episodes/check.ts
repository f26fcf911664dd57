// Soundness of an episodes set before it is measured: the split names every episode once (a
// half may be empty: a set kept for held-out figures only), each episode's planted units are
// whole in the times its video was made with (every sentence of every planted turn spoken, in
// order, by that turn's voice), and units and episodes are as long as the set promises.
import { momentsOf } from './moments.js';
import { type EpisodeScript, type EpisodeTimes, sentencesOf } from './script.js';

export type Half = 'tuning' | 'held_out';
export interface Split { tuning: string[]; held_out: string[] }

/** The halves to run and report: the one asked for, else both; a half with no episodes is left out. */
export const halvesOf = (split: Split, half?: string): Half[] => {
  if (half !== undefined && half !== 'tuning' && half !== 'held_out') throw new Error(`--half must be tuning or held_out, not ${half}`);
  const asked: Half[] = half ? [half] : ['tuning', 'held_out'];
  return asked.filter((h) => split[h].length > 0);
};

/** What is wrong with a split of the episodes `names`: one missing, named twice, or unknown. */
export function splitProblems(split: Split, names: string[]): string[] {
  const all = [...split.tuning, ...split.held_out];
  return [
    ...names.filter((n) => !all.includes(n)).map((n) => `${n} is in neither half`),
    ...all.filter((n, i) => all.indexOf(n) !== i).map((n) => `${n} is named twice`),
    ...all.filter((n) => !names.includes(n)).map((n) => `${n} has no script`),
  ];
}

export interface Limits { unit: [number, number]; episode: [number, number] }
/** The long-story sets: units of 90 to 180 s, episodes of 8 to 10 minutes. */
export const LONG: Limits = { unit: [90, 180], episode: [480, 600] };

/** Each planted unit's spoken seconds, and what is wrong with the episode's times (lengths only with `limits`). */
export function checkEpisode(script: EpisodeScript, times: EpisodeTimes, limits?: Limits): { units: { id: string; seconds: number }[]; problems: string[] } {
  const problems: string[] = [];
  script.turns.forEach((turn, i) => {
    if (!turn.highlight) return;
    const spoken = times.sentences.filter((s) => s.turn === i);
    if (spoken.map((s) => s.text).join('|') !== sentencesOf(turn.text).join('|')) problems.push(`${turn.highlight}: turn ${i} is not spoken whole in the times`);
    if (spoken.some((s) => s.speaker !== turn.speaker)) problems.push(`${turn.highlight}: turn ${i} is spoken by another voice`);
  });
  const planted = new Set(script.turns.flatMap((t) => (t.highlight ? [t.highlight] : [])));
  const units = momentsOf(script, times).map((m) => ({ id: m.id, seconds: m.end - m.start }));
  for (const id of planted) if (!units.some((u) => u.id === id)) problems.push(`${id}: not found in the times`);
  if (!limits) return { units, problems };
  for (const u of units) if (u.seconds < limits.unit[0] || u.seconds > limits.unit[1]) problems.push(`${u.id}: ${u.seconds.toFixed(0)} s, not ${limits.unit[0]} to ${limits.unit[1]} s`);
  const [lo, hi] = limits.episode;
  if (times.duration < lo || times.duration > hi) problems.push(`${script.name}: ${times.duration.toFixed(0)} s long, not ${lo} to ${hi} s`);
  return { units, problems };
}
