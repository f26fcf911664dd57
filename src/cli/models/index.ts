import type { Command } from 'commander';
import type { CliContext } from '../context.js';
import type { AddModelOptions } from './add.js';

/**
 * `models add|list`: whisper.cpp speech models of a local data dir (no daemon needed).
 * Registration only: the verbs (pipeline code) are imported when they run.
 */
export function registerModelCommands(program: Command, ctx: CliContext): void {
  const models = program.command('models').description('speech recognition models (whisper.cpp ggml files) of a local data dir');
  models
    .command('add')
    .description('install a ggml model from a file or an http(s) URL')
    .argument('<source>', 'a model file or its URL')
    .option('--data-dir <dir>', 'data folder of the daemon')
    .option('--name <file>', 'file name to install it under')
    .option('--force', 'replace a model of the same name')
    .action(async (source: string, o: Omit<AddModelOptions, 'source'>) => (await import('./add.js')).run({ ...o, source }, ctx));
  models
    .command('list')
    .description('list the installed models, the one jobs use first')
    .option('--data-dir <dir>', 'data folder of the daemon')
    .action(async (o: { dataDir?: string }) => (await import('./list.js')).run(o, ctx));
}
