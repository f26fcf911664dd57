// Writes the scripts of the no-request episodes (issue 30, item 5) from
// fixtures/eval-episodes/parts.json: podcasts with two or three voices, four planted highlights
// each (a story with a punchline, a surprising number, a strong opinion, a question and its
// answer) between filler (intro, sponsor read, housekeeping, small talk, outro). Run once; the
// scripts and the split (split.json) are committed, so every run measures the same episodes.
//
//   npx tsx eval/episodes/compose.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EPISODES_DIR, type EpisodeScript, type Turn } from './script.js';

type Said = [number, string];
interface Parts {
  story: Said[][]; number: Said[][]; opinion: Said[][]; qa: Said[][];
  intro: string[]; guest_hello: string[]; sponsor: string[]; housekeeping: string[]; smalltalk: string[]; outro: string[];
}
const parts = JSON.parse(readFileSync(join(EPISODES_DIR, 'parts.json'), 'utf8')) as Parts;

/** A small seeded generator (mulberry32), so the composition is the same on every machine. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const shuffle = <T>(xs: T[], r: () => number): T[] => {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
};

const COUNT = 12;
const KINDS = ['story', 'number', 'opinion', 'qa'] as const;
const scripts: EpisodeScript[] = [];
for (let i = 0; i < COUNT; i++) {
  const r = rng(1000 + i);
  const voices = i % 3 === 2 ? 3 : 2;
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const guest = () => (voices === 3 ? 1 + Math.floor(r() * 2) : 1);
  const small = shuffle(parts.smalltalk, r);
  let s = 0;
  const chat = (n: number): Turn[] => Array.from({ length: n }, (_, k) => ({ speaker: k % 2 === 0 ? 0 : guest(), kind: 'smalltalk', text: small[s++ % small.length] }));
  const filler: Turn[][] = [
    [{ speaker: 0, kind: 'housekeeping', text: pick(parts.housekeeping) }],
    [{ speaker: 0, kind: 'sponsor', text: pick(parts.sponsor) }],
    chat(2), chat(1), chat(2), chat(1),
  ];
  const highlights = shuffle([...KINDS], r).map((kind) => {
    const who = guest();
    return parts[kind][i].map(([slot, text], k, all): Turn => ({
      speaker: slot === 0 ? 0 : who, kind, text, highlight: `${kind}-${i + 1}`, ...(k === all.length - 1 ? { payoff: true } : {}),
    }));
  });
  const turns: Turn[] = [
    { speaker: 0, kind: 'intro', text: pick(parts.intro) },
    { speaker: 1, kind: 'intro', text: pick(parts.guest_hello) },
    ...(voices === 3 ? [{ speaker: 2, kind: 'intro', text: pick(parts.guest_hello) } as Turn] : []),
    ...chat(2),
  ];
  // Highlights and filler alternate in a shuffled order, so strong moments are all over the episode.
  const middle = shuffle(filler, r);
  highlights.forEach((h, k) => turns.push(...middle.slice(Math.floor((k * middle.length) / 4), Math.floor(((k + 1) * middle.length) / 4)).flat(), ...h));
  turns.push(...chat(1), { speaker: 0, kind: 'outro', text: pick(parts.outro) });
  scripts.push({ name: `episode-${String(i + 1).padStart(2, '0')}`, voices, turns });
}
for (const e of scripts) writeFileSync(join(EPISODES_DIR, `${e.name}.json`), JSON.stringify(e, null, 1) + '\n');
// The split, made once: half of the episodes are held out of all tuning.
const order = shuffle(scripts.map((e) => e.name), rng(30));
const split = { tuning: order.slice(0, COUNT / 2).sort(), held_out: order.slice(COUNT / 2).sort() };
writeFileSync(join(EPISODES_DIR, 'split.json'), JSON.stringify(split, null, 1) + '\n');
process.stdout.write(`${scripts.length} episodes; held out: ${split.held_out.join(', ')}\n`);
