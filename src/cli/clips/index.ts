import type { Command } from 'commander';
import type { CliContext } from '../context.js';
import { withWaitFlags } from '../wait.js';

/**
 * `clipper clips create|get|list`: clip jobs (spec "POST /v1/clips", "GET /v1/clips/:jobId").
 * Registration only: each verb's module is imported when it runs, so the CLI starts fast.
 */
export function registerClipCommands(program: Command, ctx: CliContext): void {
  const clips = program.command('clips').description('clip jobs: one long video in, scored clips with previews out');
  withWaitFlags(
    clips
      .command('create')
      .description('start a clip job from a video file (uploaded first) or a link')
      .argument('<source>', 'a local video file, a link to a video file, or a video-platform link')
      .option('--criteria <text>', 'what to look for (default: general highlights)')
      .option('--duration <seconds>', 'target clip length, e.g. 30 or 45s')
      .option('--language <code>', "ISO 639-1 code of the spoken language (default: the team's)")
      .option('--clips <n>', 'how many clips, 1 to 30 (default: by the video\'s length, at least 3 for a video over a minute with speech)')
      .option('--cookies <file>', 'cookies file (Netscape format) of a signed-in browser session, for a video-platform link that needs one; sent with the job, used once by yt-dlp, then deleted'),
  ).action(async (source: string, o) => (await import('./create.js')).run({ source, ...o }, ctx));
  withWaitFlags(clips.command('get').description('show a clip job and its clips').argument('<job>', 'job id')).action(async (jobId: string, o) => (await import('./get.js')).run({ jobId, ...o }, ctx));
  clips
    .command('cuts')
    .description('list what --remove-fillers and --remove-silences would cut from a clip, each span as the --keep value that puts it back')
    .argument('<clip>', 'clip id')
    .option('--fillers', 'only filler words')
    .option('--silences', 'only pauses')
    .action(async (clipId: string, o: { fillers?: boolean; silences?: boolean }) => (await import('./cuts.js')).run({ clipId, ...o }, ctx));
  clips
    .command('list')
    .description("your team's clip jobs, newest first, with status and clip count")
    .option('--status <status>', 'only queued, processing, done or error')
    .option('--limit <n>', 'how many (default 20)')
    .option('--local', 'only the jobs this machine created (its history), without asking the server')
    .action(async (o) => (await import('./list.js')).run(o, ctx));
}
