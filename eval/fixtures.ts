// Spoken videos of the evaluation set: each talk's script is written to
// fixtures/generated/eval-scripts/NAME.txt and made by fixtures/make-fixtures.sh (festival's HTS
// voice, cached per passage, so a passage shared by several talks is spoken once).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EvalSet, EvalTalk } from './set.js';

export const GENERATED = join(import.meta.dirname, '..', 'fixtures', 'generated');
const SCRIPTS = join(GENERATED, 'eval-scripts');
const PALETTE = ['0x10205a', '0xe09a30', '0x1a4d1a', '0x5a1030', '0x30305a', '0x206060'];

/** What make-fixtures.sh writes next to a video: where each topic was spoken. */
export interface TalkTimes {
  duration: number;
  segments: { topic: string; start: number; end: number; text: string }[];
  pauses: { start: number; end: number }[];
  scenes: number[];
}

export function scriptOf(set: EvalSet, talk: EvalTalk): string {
  const lines = [`#!pause ${talk.pause}`, ...(talk.scenes ? [] : ['#!scenes off'])];
  talk.topics.forEach((id, i) => lines.push(`${id}|${PALETTE[i % PALETTE.length]}|${set.passages.get(id)}`));
  return lines.join('\n') + '\n';
}

/** Makes (or finds up to date) every talk's video; returns the paths and expected times. */
export function makeTalkVideos(set: EvalSet, talks = set.talks): Map<string, { video: string; times: TalkTimes }> {
  // No talks, no videos: make-fixtures.sh without names would make every generated fixture.
  if (!talks.length) return new Map();
  mkdirSync(SCRIPTS, { recursive: true });
  for (const talk of talks) writeFileSync(join(SCRIPTS, `${talk.name}.txt`), scriptOf(set, talk));
  const script = join(import.meta.dirname, '..', 'fixtures', 'make-fixtures.sh');
  const r = spawnSync('bash', [script, ...talks.map((t) => t.name)], { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, FIXTURE_SCRIPTS: SCRIPTS } });
  if (r.status !== 0) throw new Error(`make-fixtures.sh failed (exit ${r.status})`);
  return new Map(talks.map((t) => [t.name, {
    video: join(GENERATED, `${t.name}.mp4`),
    times: JSON.parse(readFileSync(join(GENERATED, `${t.name}.json`), 'utf8')) as TalkTimes,
  }]));
}
