// Writes the scripts of the no-request episodes (issue 30, item 5) from
// fixtures/eval-episodes/parts.json: podcasts of 10 to 12 minutes with two or three voices,
// eight planted highlights each (two of every kind: a story with a punchline, a surprising
// number, a strong opinion, a question and its answer) between filler (intro, housekeeping, two
// sponsor reads, small talk, outro) that takes about three quarters of the time, as in a real
// episode. An episode's highlights are its own four and the four of the next episode of the same
// half of the split (split.json, made once, by name): no text is shared between the halves, so
// tuning on one half learns nothing of the other's highlights. Run once; the scripts are
// committed, so every run measures the same episodes.
//
//   npx tsx eval/episodes/compose.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rng, shuffle } from './random.js';
import { EPISODES_DIR, loadSplit, spokenSeconds, type EpisodeScript, type Turn } from './script.js';

type Said = [number, string];
interface Parts {
  story: Said[][]; number: Said[][]; opinion: Said[][]; qa: Said[][];
  intro: string[]; guest_hello: string[]; sponsor: string[]; housekeeping: string[]; smalltalk: string[]; outro: string[];
}
const parts = JSON.parse(readFileSync(join(EPISODES_DIR, 'parts.json'), 'utf8')) as Parts;

/** Made episodes last 0.89 to 0.92 of that estimate (episodes 01, 02, 03, 06, measured): every
 * episode's estimate is at least 600 s / 0.88, so each is at least 10 minutes long. */
const MADE_PER_ESTIMATED = 0.88;
const seconds = (ts: Turn[]) => ts.reduce((a, t) => a + spokenSeconds(t), 0);

const COUNT = 12;
const KINDS = ['story', 'number', 'opinion', 'qa'] as const;
const split = loadSplit();
const indexOf = (name: string) => Number(name.slice('episode-'.length)) - 1;
for (let i = 0; i < COUNT; i++) {
  const name = `episode-${String(i + 1).padStart(2, '0')}`;
  const half = split.tuning.includes(name) ? split.tuning : split.held_out;
  const partner = indexOf(half[(half.indexOf(name) + 1) % half.length]);
  const r = rng(1000 + i);
  const voices = i % 3 === 2 ? 3 : 2;
  // 10 to 12 minutes (festival's pace estimated; make.ts measures the real length).
  const target = 630 + Math.floor(r() * 90);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const guest = () => (voices === 3 ? 1 + Math.floor(r() * 2) : 1);
  const small = shuffle(parts.smalltalk, r);
  let s = 0;
  const chat = (n: number): Turn[] => Array.from({ length: n }, (_, k) => ({ speaker: k % 2 === 0 ? 0 : guest(), kind: 'smalltalk', text: small[s++ % small.length] }));
  const highlights = shuffle([i, partner].flatMap((source) => KINDS.map((kind) => ({ kind, source }))), r).map(({ kind, source }) => {
    const who = guest();
    return parts[kind][source].map(([slot, text], k, all): Turn => ({
      speaker: slot === 0 ? 0 : who, kind, text, highlight: `${kind}-${source + 1}`, ...(k === all.length - 1 ? { payoff: true } : {}),
    }));
  });
  const sponsors = shuffle(parts.sponsor, r);
  const opening: Turn[] = [
    { speaker: 0, kind: 'intro', text: pick(parts.intro) },
    { speaker: 1, kind: 'intro', text: pick(parts.guest_hello) },
    ...(voices === 3 ? [{ speaker: 2, kind: 'intro', text: pick(parts.guest_hello) } as Turn] : []),
    ...chat(2),
    { speaker: 0, kind: 'housekeeping', text: pick(parts.housekeeping) },
  ];
  const closing: Turn[] = [...chat(2), { speaker: 0, kind: 'outro', text: pick(parts.outro) }];
  // A gap before each highlight and one after the last: two sponsor reads and a housekeeping
  // note in random gaps, then small talk in random gaps until the episode reaches its length.
  const gaps: Turn[][] = highlights.map(() => []).concat([[]]);
  gaps[1 + Math.floor(r() * 3)].push({ speaker: 0, kind: 'sponsor', text: sponsors[0] });
  gaps[5 + Math.floor(r() * 3)].push({ speaker: 0, kind: 'sponsor', text: sponsors[1] });
  gaps[Math.floor(r() * gaps.length)].push({ speaker: 0, kind: 'housekeeping', text: pick(parts.housekeeping) });
  const total = () => seconds(opening) + seconds(closing) + seconds(highlights.flat()) + seconds(gaps.flat());
  while (total() < target || total() * MADE_PER_ESTIMATED < 600) gaps[Math.floor(r() * gaps.length)].push(...chat(1 + Math.floor(r() * 3)));
  const turns: Turn[] = [...opening, ...highlights.flatMap((h, k) => [...gaps[k], ...h]), ...gaps[gaps.length - 1], ...closing];
  const script: EpisodeScript = { name, voices, turns };
  writeFileSync(join(EPISODES_DIR, `${name}.json`), JSON.stringify(script, null, 1) + '\n');
}
process.stdout.write(`${COUNT} episodes; split unchanged (held out: ${split.held_out.join(', ')})\n`);
