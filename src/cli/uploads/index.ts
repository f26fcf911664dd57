import type { Command } from 'commander';
import type { CliContext } from '../context.js';
import * as create from './create.js';
import * as complete from './complete.js';
import * as cancel from './cancel.js';
import * as get from './get.js';

export function registerUploadCommands(program: Command, ctx: CliContext): void {
  const group = program.command('uploads').description('upload local videos (source.upload_id of a clip job)');
  for (const verb of [create, complete, cancel, get]) verb.register(group, ctx);
}
