import { Option, type Command } from 'commander';
import { PLATFORMS } from '../../api/events.js';
import type { CliContext } from '../context.js';
import { parseWatchOptions, WATCH_DEFAULTS, type RawWatchOptions } from './options.js';

/** `watch DIR`. Registration only: the watcher (chokidar, the uploader) is imported when it runs. */
export function register(program: Command, ctx: CliContext): void {
  program
    .command('watch')
    .description('send every video that arrives in a folder once, ever, and follow it to its clips')
    .argument('<dir>', 'the folder to watch (sub-folders included)')
    .option('--criteria <text>', 'what to look for in each video')
    .option('--duration <duration>', 'target clip length, e.g. 30 or 45s')
    .option('--language <code>', 'ISO 639-1 language of the videos, e.g. en')
    .option('--render', 'start a full render of every clip once its job is done')
    .option('--publish <platform...>', `publish the clips' drafts on these platforms (${PLATFORMS.join(', ')})`)
    .option('--concurrency <n>', `files hashed and uploaded at once (default ${WATCH_DEFAULTS.concurrency})`)
    .option('--settle <seconds>', `a file has arrived once unchanged this long (default ${WATCH_DEFAULTS.settleSeconds})`)
    .option('--rescan <seconds>', `full rescan of the folder this often (default ${WATCH_DEFAULTS.rescanSeconds})`)
    .option('--once', 'process what is in the folder, then exit when idle')
    .option('--all', 'send every file, not only videos (temporary and partial files never)')
    .option('--timeout <duration>', 'give up following one job, render or post after this long (a later start resumes it)')
    .option('--multipart-threshold <bytes>', 'files larger than this go multipart (resumable)')
    // For tests against a daemon whose limits are relaxed; the defaults keep within the spec's.
    .addOption(new Option('--poll-interval <duration>', 'between two checks of one job').hideHelp())
    .addOption(new Option('--status-checks <n>', 'status checks a minute, all ids together').hideHelp())
    .action(async (dir: string, raw: RawWatchOptions) => {
      const options = parseWatchOptions(dir, raw);
      // First Ctrl-C or SIGTERM: stop cleanly. A second Ctrl-C: stop uploads mid-part too.
      const graceful = new AbortController();
      const hard = new AbortController();
      const onSignal = (name: string) => () => {
        if (graceful.signal.aborted) return hard.abort(name);
        ctx.out.info(`stopping (${name}): finishing parts in flight and saving state; Ctrl-C again to stop at once`);
        graceful.abort(name);
      };
      const onInt = onSignal('SIGINT');
      const onTerm = onSignal('SIGTERM');
      process.on('SIGINT', onInt);
      process.on('SIGTERM', onTerm);
      try {
        const { runWatch } = await import('./run.js');
        await runWatch(options, ctx, { signal: graceful.signal, hard: hard.signal });
      } finally {
        process.off('SIGINT', onInt);
        process.off('SIGTERM', onTerm);
      }
    });
}
