import type { Command } from 'commander';
import { DEFAULT_CONCURRENCY, DEFAULT_MULTIPART_THRESHOLD } from '../../client/upload-defaults.js';
import type { CliContext } from '../context.js';
import type { CreateOptions } from './create.js';

/**
 * `uploads create|complete|cancel|get`. Registration only: each verb's module (the uploader and
 * its HTTP client) is imported when it runs, so the CLI starts fast.
 */
export function registerUploadCommands(program: Command, ctx: CliContext): void {
  const group = program.command('uploads').description('upload local videos (source.upload_id of a clip job)');
  group
    .command('create')
    .description('upload a local video; prints the upload_id to use as source.upload_id')
    .argument('<file>', 'the video file')
    .option('--content-type <type>', 'video MIME type (default: from the file extension)')
    .option('--file-name <name>', 'name kept for the clip job\'s folder (default: the file\'s name)')
    .option('--concurrency <n>', `parts uploaded at once (default ${DEFAULT_CONCURRENCY})`)
    .option('--multipart-threshold <bytes>', `files larger than this go multipart (default ${DEFAULT_MULTIPART_THRESHOLD})`)
    .action(async (file: string, o: Omit<CreateOptions, 'file'>) => {
      // Ctrl-C or SIGTERM stops cleanly: parts already sent are kept for the next run, and the
      // command says so (issue 13, item 13). `on`, not `once`: a listener that removed itself
      // before running lets signal-exit (ora's cursor restorer) see none and kill the process
      // mid-way, silently. A second signal ends it at once.
      const interrupt = new AbortController();
      const onSignal = (sig: NodeJS.Signals) => {
        if (interrupt.signal.aborted) process.exit(sig === 'SIGINT' ? 130 : 143);
        interrupt.abort();
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
      try {
        await (await import('./create.js')).run({ ...o, file }, ctx, interrupt.signal);
      } finally {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      }
    });
  group
    .command('complete')
    .description('finish a multipart upload')
    .argument('<id>', 'upload id')
    .option('--part <N=ETAG...>', 'a part and its ETag (default: the parts the server has received)')
    .action(async (id: string, o: { part?: string[] }) => (await import('./complete.js')).run({ id, ...o }, ctx));
  group.command('cancel').description('cancel an unfinished upload (its parts are discarded)').argument('<id>', 'upload id').action(async (id: string) => (await import('./cancel.js')).run({ id }, ctx));
  group.command('get').description('show an upload').argument('<id>', 'upload id').action(async (id: string) => (await import('./get.js')).run({ id }, ctx));
}
