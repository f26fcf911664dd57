// Makes the video of a no-request episode (issue 30, item 5), once: each sentence spoken by
// festival's HTS voice (the one pocketsphinx understands, FACTS.md) and turned into the turn's
// speaker's voice with sox (pitch and tempo: only one festival voice is installed here, and
// espeak-ng's speech is too poorly recognised to carry planted highlights), sentences 0.35 s
// apart, turns 0.7 s apart; a still background. Cached in fixtures/generated/episodes/ (ignored):
// speech by sentence and voice, the video by its script.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GENERATED } from '../fixtures.js';
import { type EpisodeScript, type EpisodeTimes, sentencesOf } from './script.js';

export const EPISODE_MEDIA = join(GENERATED, 'episodes');
const VOICE = '(voice_cmu_us_slt_arctic_hts)';
/** sox effects per voice slot: a lower host, the plain voice, a higher and slower third. */
const VOICES = [['pitch', '-450'], [], ['pitch', '200', 'tempo', '0.92']];
const RATE = 16000;
const SENTENCE_GAP = 0.35;
const TURN_GAP = 0.7;

function run(cmd: string, args: string[], input?: string): string {
  const r = spawnSync(cmd, args, { input, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr}`);
  return r.stdout;
}

function speak(text: string, voice: number): string {
  const dir = join(EPISODE_MEDIA, 'speech');
  mkdirSync(dir, { recursive: true });
  const key = createHash('sha1').update(`${VOICE}|${VOICES[voice].join(' ')}|${text}`).digest('hex').slice(0, 16);
  const out = join(dir, `${key}.wav`);
  if (existsSync(out)) return out;
  // Files of this process only: several episodes may be made at once, sharing sentences.
  const raw = `${out}.${process.pid}.raw.wav`;
  const tmp = `${out}.${process.pid}.tmp.wav`;
  run('text2wave', ['-eval', VOICE, '-o', raw], text.replace(/["\\]/g, '') + '\n');
  run('sox', ['-R', raw, '-r', String(RATE), '-c', '1', '-b', '16', tmp, ...VOICES[voice]]);
  renameSync(tmp, out);
  rmSync(raw);
  return out;
}

const seconds = (wav: string) => Number(run('soxi', ['-D', wav]).trim());

/** The episode's video and times, made when missing or when its script changed. */
export function makeEpisode(script: EpisodeScript): { video: string; times: EpisodeTimes } {
  mkdirSync(EPISODE_MEDIA, { recursive: true });
  const stamp = createHash('sha1').update(JSON.stringify(script)).update(JSON.stringify(VOICES)).digest('hex').slice(0, 16);
  const video = join(EPISODE_MEDIA, `${script.name}.mp4`);
  const timesFile = join(EPISODE_MEDIA, `${script.name}.times.json`);
  const stampFile = join(EPISODE_MEDIA, `${script.name}.stamp`);
  if (existsSync(video) && existsSync(timesFile) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) {
    return { video, times: JSON.parse(readFileSync(timesFile, 'utf8')) as EpisodeTimes };
  }
  process.stderr.write(`eval: making ${script.name}\n`);
  const work = join(EPISODE_MEDIA, `work-${script.name}`);
  mkdirSync(work, { recursive: true });
  const gap = (s: number) => {
    const f = join(work, `gap-${s}.wav`);
    if (!existsSync(f)) run('sox', ['-R', '-n', '-r', String(RATE), '-c', '1', '-b', '16', f, 'trim', '0', String(s)]);
    return f;
  };
  const files: string[] = [gap(1)];
  const sentences: EpisodeTimes['sentences'] = [];
  let t = 1;
  script.turns.forEach((turn, i) => {
    sentencesOf(turn.text).forEach((text, k) => {
      if (k > 0) { files.push(gap(SENTENCE_GAP)); t += SENTENCE_GAP; }
      const wav = speak(text, turn.speaker);
      const d = seconds(wav);
      sentences.push({ turn: i, speaker: turn.speaker, start: round(t), end: round(t + d), text });
      files.push(wav);
      t += d;
    });
    files.push(gap(i === script.turns.length - 1 ? 1 : TURN_GAP));
    t += i === script.turns.length - 1 ? 1 : TURN_GAP;
  });
  const speech = join(work, 'speech.wav');
  run('sox', ['-R', ...files, speech]);
  const duration = seconds(speech);
  run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `color=c=0x203040:s=640x360:r=10:d=${duration}`, '-i', speech,
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '32', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '48k', '-ar', '44100', '-ac', '1', '-shortest', '-movflags', '+faststart', `${video}.tmp.mp4`]);
  renameSync(`${video}.tmp.mp4`, video);
  const times: EpisodeTimes = { duration: round(duration), sentences };
  writeFileSync(timesFile, JSON.stringify(times));
  writeFileSync(stampFile, stamp);
  rmSync(work, { recursive: true, force: true });
  return { video, times };
}

const round = (x: number) => Math.round(x * 1000) / 1000;
