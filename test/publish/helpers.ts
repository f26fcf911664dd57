import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newId } from '../../src/api/ids.js';
import type { Word } from '../../daemon/pipeline/types.js';
import type { TestDaemon } from '../helpers/daemon.js';

/**
 * Test clips until the clip-job pipeline creates them: a real source video made with ffmpeg
 * (colour bars, a tone), a clip_jobs row pointing at it in the object store and a clips row.
 */

/** A landscape source video with audio, made once per test process. */
export function sourceVideo(seconds = 12, opts: { audio?: boolean; plain?: boolean } = {}): string {
  const file = join(tmpdir(), `clipper-publish-src-${seconds}${opts.audio === false ? '-mute' : ''}${opts.plain ? '-plain' : ''}-${process.pid}.mp4`);
  if (existsSync(file)) return file;
  const audio = opts.audio === false ? [] : ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];
  execFileSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    // `plain`: one dark colour, so anything bright in a render is a burned-in caption.
    '-f', 'lavfi', '-i', opts.plain ? `color=c=0x203040:size=640x360:rate=25:duration=${seconds}` : `testsrc2=size=640x360:rate=25:duration=${seconds}`,
    ...audio,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', ...(audio.length ? ['-c:a', 'aac', '-shortest'] : []),
    file,
  ]);
  return file;
}

/** A short sentence for tests that render: a clip of under two seconds. */
export const SHORT = 'charge more for your product';

export const SCRIPT =
  'why do most startups charge too little for their product. ' +
  'pricing is the strongest signal of value you can send to a customer. ' +
  'when you double the price the right customers take you more seriously. ' +
  'so test your pricing page before you write another feature.';

/** Timed words for a script: one word every 0.3 s, a 0.8 s pause after each sentence. */
export function timedWords(script: string, start = 0): Word[] {
  const words: Word[] = [];
  let t = start;
  for (const sentence of script.split('. ').map((s) => s.replace(/\.$/, ''))) {
    for (const w of sentence.split(' ')) {
      words.push({ text: w, start: Math.round(t * 100) / 100, end: Math.round((t + 0.25) * 100) / 100 });
      t += 0.3;
    }
    t += 0.8;
  }
  return words;
}

export interface ClipOptions {
  teamId?: string;
  start?: number;
  end?: number;
  script?: string;
  source?: string;
  /** Transcript of the whole video, stored as the job's transcription stage. */
  videoScript?: string;
}

/** Inserts a clip job with a source video in the object store and one clip; returns the clip id. */
export async function insertClip(d: TestDaemon, o: ClipOptions = {}): Promise<string> {
  const teamId = o.teamId ?? d.rootTeamId;
  const jobId = newId('job');
  const clipId = newId('clip');
  const now = d.clock.now();
  const mediaKey = `sources/${jobId}/source.mp4`;
  await d.app.objects.put(mediaKey, createReadStream(o.source ?? sourceVideo()), { contentType: 'video/mp4' });
  const script = o.script ?? SCRIPT;
  const start = o.start ?? 1;
  const words = timedWords(script, start);
  const end = o.end ?? Math.min(words[words.length - 1].end + 0.3, 12);
  d.app.db
    .prepare(
      `INSERT INTO clip_jobs (id, team_id, asset_id, status, source_type, language, folder_name, media_key, created_at, updated_at)
       VALUES (?, ?, ?, 'processing', 'upload', 'en', 'talk.mp4', ?, ?, ?)`,
    )
    .run(jobId, teamId, newId('asset'), mediaKey, now, now);
  if (o.videoScript) {
    const segments = o.videoScript.split('. ').map((text, i) => ({ text, start: i * 5, end: i * 5 + 4, words: [] }));
    d.app.db.prepare('INSERT INTO job_stages (job_id, stage, result, finished_at) VALUES (?, ?, ?, ?)').run(jobId, 'transcribe', JSON.stringify({ engine: 'pocketsphinx', language: 'en', segments }), now);
  }
  d.app.db
    .prepare(
      `INSERT INTO clips (id, job_id, team_id, rank, start, end, title, score, score_breakdown, reason, transcript, words, created_at)
       VALUES (?, ?, ?, 1, ?, ?, ?, 0.8, ?, 'test clip', ?, ?, ?)`,
    )
    .run(clipId, jobId, teamId, start, end, 'Why startups charge too little', JSON.stringify({ relevance: 0.8, hook: 0.8, energy: 0.5, completeness: 1 }), script, JSON.stringify(words), now);
  return clipId;
}

/** The file behind an object key of the daemon's store (renders, sources). */
export async function objectFile(d: TestDaemon, key: string): Promise<string> {
  const path = await d.app.objects.localPath(key);
  if (!path) throw new Error(`no object ${key}`);
  return path;
}

/** Marks the clip's preview ready the way the clip job does: in one transaction with the hooks. */
export async function previewReady(d: TestDaemon, clipId: string): Promise<void> {
  await d.app.store.transaction(async () => {
    d.app.db.prepare('UPDATE clips SET preview_key = ?, preview_ready_at = ? WHERE id = ?').run(`previews/${clipId}.mp4`, d.clock.now(), clipId);
    const clip = (await d.app.store.clips.byId(clipId))!;
    await d.app.posts.createDrafts(clip); // what the preview-ready hook does
  });
}

export async function connect(d: TestDaemon, platform: string, teamId = d.rootTeamId, connector = 'local'): Promise<void> {
  const r = await d.call('POST', '/v1/platforms', { auth: `Bearer ${await d.token(teamId)}`, body: { platform, connector, account_name: 'me' } });
  if (r.status !== 201) throw new Error(`connect ${platform}: ${r.status} ${JSON.stringify(r.body)}`);
}

/** Ffprobe of a rendered file: its streams' codecs and sizes, and its duration. */
export function probe(file: string): { streams: Array<{ codec_type: string; codec_name: string; width?: number; height?: number }>; format: { duration: string } } {
  return JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,width,height:format=duration', '-of', 'json', file]).toString());
}
