import type { Command } from 'commander';
import type { CliContext } from '../context.js';
import type { AddModelOptions } from './add.js';

/**
 * `models add|list|setup|remove` (setup: issue 28, item 5) (DESIGN.md "Second round": `clipper models add NAME|FILE|URL`,
 * `models list [--available]`, `models remove NAME`): speech models of a local data dir (no
 * daemon needed). Registration only: the verbs (pipeline code) are imported when they run.
 */
export function registerModelCommands(program: Command, ctx: CliContext): void {
  const models = program.command('models').description('models of a local data dir: speech (Whisper and Parakeet for sherpa-onnx, whisper.cpp ggml files), sentence embeddings, language models');
  models
    .command('add')
    .description('install a model of the catalogue by name, or a model file, folder or URL')
    .argument('<source>', 'a catalogue name (models list --available), a model file or folder, or its URL')
    .option('--data-dir <dir>', 'data folder of the daemon')
    .option('--name <name>', 'name to install it under')
    .option('--force', 'replace a model of the same name')
    .action(async (source: string, o: Omit<AddModelOptions, 'source'>) => (await import('./add.js')).run({ ...o, source }, ctx));
  models
    .command('list')
    .description('list the installed models, the one jobs use first; --available: the catalogue')
    .option('--data-dir <dir>', 'data folder of the daemon')
    .option('--available', 'the models `models add NAME` can download, with their URLs and checksums')
    .action(async (o: { dataDir?: string; available?: boolean }) => (await import('./list.js')).run(o, ctx));
  models
    .command('setup')
    .description('download the recommended models (speech, embeddings, language model), with sizes and what each changes')
    .option('--data-dir <dir>', 'data folder of the daemon')
    .option('--yes', 'download without asking (scripts)')
    .action(async (o: { dataDir?: string; yes?: boolean }) => (await import('./setup.js')).run(o, ctx));
  models
    .command('remove')
    .description('delete an installed model')
    .argument('<name>', 'the model, as `models list` names it')
    .option('--data-dir <dir>', 'data folder of the daemon')
    .action(async (name: string, o: { dataDir?: string }) => (await import('./remove.js')).run({ ...o, name }, ctx));
}
