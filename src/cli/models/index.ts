import type { Command } from 'commander';
import type { CliContext } from '../context.js';
import * as add from './add.js';
import * as list from './list.js';

/** `models add|list`: whisper.cpp speech models of a local data dir (no daemon needed). */
export function registerModelCommands(program: Command, ctx: CliContext): void {
  const models = program.command('models').description('speech recognition models (whisper.cpp ggml files) of a local data dir');
  models
    .command('add')
    .description('install a ggml model from a file or an http(s) URL')
    .argument('<source>', 'a model file or its URL')
    .option('--data-dir <dir>', 'data folder of the daemon')
    .option('--name <file>', 'file name to install it under')
    .option('--force', 'replace a model of the same name')
    .action((source: string, o: Omit<add.AddModelOptions, 'source'>) => add.run({ ...o, source }, ctx));
  models
    .command('list')
    .description('list the installed models, the one jobs use first')
    .option('--data-dir <dir>', 'data folder of the daemon')
    .action((o: { dataDir?: string }) => list.run(o, ctx));
}
