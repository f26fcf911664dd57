// Writes the scripts of a long-story set (fixtures/eval-episodes-SET, `long` by default): podcasts of 8 to
// 10 minutes with two or three voices, three planted moments each from units.json (a story from
// setup to punchline, a question with its whole answer, a claim with its argument, a number with
// what it means; 90 to 180 s, with interjections and follow-up questions from the other voices
// inside them), between filler of the first set's parts.json (intro, housekeeping, two sponsor
// reads, small talk, outro), or the set's own (`parts` in units.json). The split is made once,
// seeded, and written before any episode: half the units (balanced by kind) and half the
// episodes to each half; every unit of a half is in two episodes of that half, no two episodes
// share more than one unit. With `--all-held-out` (a set kept for held-out figures only) every
// unit and episode goes to the held-out half. Run once; the scripts are committed, so every run
// measures the same episodes.
//
//   npx tsx eval/episodes/compose-long.ts [SET] [--all-held-out]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rng, shuffle } from './random.js';
import { EPISODES_DIR, episodesDir, spokenSeconds, type EpisodeScript, type Turn, type TurnKind } from './script.js';

const args = process.argv.slice(2);
const allHeldOut = args.includes('--all-held-out');
const set = args.find((a) => !a.startsWith('--')) ?? 'long';
const DIR = episodesDir(set);
/** Seeds apart per set; the first set keeps the seeds its committed scripts were made with. */
const SEED = set === 'long' ? 0 : [...set].reduce((a, c) => (a * 31 + c.charCodeAt(0)) % 100000, 7) * 10;
type Said = [number, string];
interface Unit { kind: TurnKind; turns: Said[] }
type Filler = Record<'intro' | 'guest_hello' | 'sponsor' | 'housekeeping' | 'smalltalk' | 'outro', string[]>;
const own = JSON.parse(readFileSync(join(DIR, 'units.json'), 'utf8')) as { units: Unit[]; parts?: Partial<Filler> };
const units = own.units;
// A set's own filler (units.json `parts`) replaces the first set's, and then a sponsor read always falls between two units.
const parts = { ...(JSON.parse(readFileSync(join(EPISODES_DIR, 'parts.json'), 'utf8')) as Filler), ...own.parts };

const COUNT = allHeldOut ? 6 : 12;
const names = Array.from({ length: COUNT }, (_, i) => `${set}-${String(i + 1).padStart(2, '0')}`);
const splitFile = join(DIR, 'split.json');
if (!existsSync(splitFile)) {
  const r = rng(3500 + SEED);
  const halves = { tuning: [] as number[], held_out: [] as number[] };
  // Each kind's units shuffled and dealt to the halves in turn (the smaller half first).
  let turn = 0;
  for (const kind of [...new Set(units.map((u) => u.kind))]) {
    for (const i of shuffle(units.flatMap((u, k) => (u.kind === kind ? [k] : [])), r)) (turn++ % 2 === 0 && !allHeldOut ? halves.tuning : halves.held_out).push(i);
  }
  const episodes = shuffle(names, r);
  const split = allHeldOut
    ? { about: 'Held-out figures only: measured once, at the end, never tuned on (no tuning half).', tuning: [], held_out: [...names], units: { tuning: [], held_out: shuffle(halves.held_out, r) } }
    : { tuning: episodes.slice(0, COUNT / 2).sort(), held_out: episodes.slice(COUNT / 2).sort(), units: halves };
  writeFileSync(splitFile, JSON.stringify(split, null, 1) + '\n');
}
const split = JSON.parse(readFileSync(splitFile, 'utf8')) as { tuning: string[]; held_out: string[]; units: { tuning: number[]; held_out: number[] } };

/** Made episodes last about 0.9 of the estimate (the first set's measure). */
const MADE_PER_ESTIMATED = 0.88;
const seconds = (ts: Turn[]) => ts.reduce((a, t) => a + spokenSeconds(t), 0);

for (const h of ['tuning', 'held_out'] as const) {
  const pool = split.units[h];
  if (!pool.length && !split[h].length) continue;
  if (pool.length !== 9 || split[h].length !== 6) throw new Error('compose-long: a half needs 9 units and 6 episodes');
  split[h].forEach((name, k) => {
    // Rows of a 3x3 grid for three episodes, its columns for the other three.
    const mine = k < 3 ? [0, 1, 2].map((j) => pool[3 * k + j]) : [0, 1, 2].map((j) => pool[3 * j + (k - 3)]);
    const r = rng(4000 + SEED + names.indexOf(name));
    const voices = k % 2 === 0 ? 3 : 2;
    const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
    const small = shuffle(parts.smalltalk, r);
    let s = 0;
    const chat = (n: number): Turn[] => Array.from({ length: n }, (_, i) => ({ speaker: i % 2 === 0 ? 0 : voices === 3 ? 1 + Math.floor(r() * 2) : 1, kind: 'smalltalk', text: small[s++ % small.length] }));
    const moments = shuffle(mine, r).map((u) => {
      // The teller is a guest; the unit's other voice is the other guest, or the host with two voices.
      const teller = voices === 3 ? 1 + Math.floor(r() * 2) : 1;
      const slot = (x: number) => (x === 0 ? 0 : x === 1 ? teller : voices === 3 ? 3 - teller : 0);
      return units[u].turns.map(([who, text], i, all): Turn => ({
        speaker: slot(who), kind: units[u].kind, text, highlight: `${units[u].kind}-L${u + 1}`, ...(i === all.length - 1 ? { payoff: true } : {}),
      }));
    });
    const sponsors = shuffle(parts.sponsor, r);
    const opening: Turn[] = [
      { speaker: 0, kind: 'intro', text: pick(parts.intro) },
      { speaker: 1, kind: 'intro', text: pick(parts.guest_hello) },
      ...(voices === 3 ? [{ speaker: 2, kind: 'intro', text: pick(parts.guest_hello) } as Turn] : []),
      ...chat(1),
      { speaker: 0, kind: 'housekeeping', text: pick(parts.housekeeping) },
    ];
    const closing: Turn[] = [...chat(1), { speaker: 0, kind: 'outro', text: pick(parts.outro) }];
    // Small talk before every moment; two sponsor reads in random gaps; then small talk until 8 to 10 minutes.
    const gaps: Turn[][] = [[], chat(1), chat(1), []];
    gaps[Math.floor(r() * 3)].push({ speaker: 0, kind: 'sponsor', text: sponsors[0] });
    gaps[1 + Math.floor(r() * (own.parts ? 2 : 3))].push({ speaker: 0, kind: 'sponsor', text: sponsors[1] });
    const target = 560 + Math.floor(r() * 80);
    const total = () => seconds(opening) + seconds(closing) + seconds(moments.flat()) + seconds(gaps.flat());
    while (total() < target || total() * MADE_PER_ESTIMATED < 480) gaps[Math.floor(r() * gaps.length)].push(...chat(1));
    const turns: Turn[] = [...opening, ...moments.flatMap((m, i) => [...gaps[i], ...m]), ...gaps[3], ...closing];
    const script: EpisodeScript = { name, voices, turns };
    writeFileSync(join(DIR, `${name}.json`), JSON.stringify(script, null, 1) + '\n');
    process.stdout.write(`${name} (${h}): ${voices} voices, about ${Math.round(total() * MADE_PER_ESTIMATED)} s, units ${mine.map((u) => u + 1).join(' ')}\n`);
  });
}
