// The script of a no-request episode (fixtures/eval-episodes/NAME.json) and the times its
// video was made with (fixtures/generated/episodes/NAME.times.json).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const EPISODES_DIR = join(import.meta.dirname, '..', '..', 'fixtures', 'eval-episodes');
/** The folder of a set of episodes: fixtures/eval-episodes, or fixtures/eval-episodes-SET (`--set SET`). */
export const episodesDir = (set?: string) => (set ? `${EPISODES_DIR}-${set}` : EPISODES_DIR);

export type TurnKind = 'intro' | 'sponsor' | 'housekeeping' | 'smalltalk' | 'outro' | 'story' | 'number' | 'opinion' | 'qa';
export const FILLER: ReadonlySet<TurnKind> = new Set(['intro', 'sponsor', 'housekeeping', 'smalltalk', 'outro']);

export interface Turn {
  /** Voice slot: 0 is the host. */
  speaker: number;
  kind: TurnKind;
  text: string;
  /** The planted highlight this turn belongs to. */
  highlight?: string;
  /** The highlight's last turn: its last sentence is the payoff (punchline, answer). */
  payoff?: true;
}

export interface EpisodeScript {
  name: string;
  voices: number;
  turns: Turn[];
}

/** Where each sentence was spoken (s). */
export interface EpisodeTimes {
  duration: number;
  sentences: { turn: number; speaker: number; start: number; end: number; text: string }[];
}

export function loadEpisode(name: string, dir = EPISODES_DIR): EpisodeScript {
  return JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')) as EpisodeScript;
}

export function loadSplit(dir = EPISODES_DIR): { tuning: string[]; held_out: string[] } {
  return JSON.parse(readFileSync(join(dir, 'split.json'), 'utf8')) as { tuning: string[]; held_out: string[] };
}

/** Sentences of a turn as the voice speaks them one by one. */
export const sentencesOf = (text: string): string[] => text.match(/[^.?!]+[.?!]+/g)?.map((s) => s.trim()) ?? [text];

/** Seconds a turn takes as eval/episodes/make.ts speaks it, estimated (2.6 words a second, its gaps). */
export const spokenSeconds = (t: Turn) => t.text.split(/\s+/).length / 2.6 + (sentencesOf(t.text).length - 1) * 0.35 + 0.7;
