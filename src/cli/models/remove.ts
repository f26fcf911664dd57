import { resolve } from 'node:path';
import { defaultDataDir, loadModelCatalogue } from '../local-daemon.js';
import type { CliContext } from '../context.js';
import { CliError, EXIT } from '../exit-codes.js';

/** `clipper models remove NAME`: deletes an installed model (and an unfinished download of it). */
export async function run(opts: { name: string; dataDir?: string }, ctx: CliContext): Promise<void> {
  const { removeModel, ModelError } = await loadModelCatalogue();
  let removed;
  try {
    removed = await removeModel(opts.name, resolve(opts.dataDir ?? defaultDataDir(ctx.env)));
  } catch (e) {
    if (e instanceof ModelError) throw new CliError(EXIT.NOT_FOUND, e.message, 'see the installed models with `clipper models list`', 'NOT_FOUND');
    throw e;
  }
  ctx.out.data({ removed: removed.name, path: removed.path }, () => ctx.out.info(`removed ${removed.name}; new jobs use the next installed model, if any (see \`clipper doctor\`)`));
}
