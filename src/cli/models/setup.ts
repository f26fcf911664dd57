import { resolve } from 'node:path';
import { defaultDataDir, loadModelCatalogue } from '../local-daemon.js';
import type { CliContext } from '../context.js';
import { CliError, EXIT } from '../exit-codes.js';
import { downloadProgress } from './download-progress.js';

export interface SetupOptions {
  dataDir?: string;
  yes?: boolean;
}

const mb = (n: number) => `${Math.round(n / 1_000_000).toLocaleString('en')} MB`;

/**
 * `clipper models setup [--yes]` (issue 28, item 5; DESIGN.md third round): the recommended
 * model of each kind of the catalogue (speech, embedding, llm, and kinds added later), with its
 * size, what it changes, and the total; asks on a terminal, `--yes` for scripts. Kinds with a
 * model installed are left alone. Downloads go through `models add`'s installer: progress,
 * resume of an unfinished download, SHA-256 checks. One failed model does not stop the others;
 * the command then ends with exit code 1.
 */
export async function run(opts: SetupOptions, ctx: CliContext): Promise<void> {
  const dataDir = resolve(opts.dataDir ?? defaultDataDir(ctx.env));
  const { catalogue, listModels, installModel, recommendedSet, ModelError } = await loadModelCatalogue();
  let items;
  try {
    items = recommendedSet(catalogue(ctx.env), listModels(dataDir));
  } catch (e) {
    if (e instanceof ModelError) throw new CliError(EXIT.ERROR, e.message, undefined, 'MODEL_ERROR');
    throw e;
  }
  const todo = items.filter((i) => !i.installed);
  const total = todo.reduce((n, i) => n + i.size_bytes, 0);
  for (const i of items) {
    ctx.out.info(i.installed
      ? `  ${i.kind.padEnd(9)} ${i.installed}: installed already`
      : `  ${i.kind.padEnd(9)} ${i.model.name} (${mb(i.size_bytes)}, ${i.model.licence}): ${i.gains}`);
  }
  const results: { kind: string; name: string; size_bytes: number; status: 'installed' | 'already_installed' | 'failed'; path?: string; error?: string }[] =
    items.filter((i) => i.installed).map((i) => ({ kind: i.kind, name: i.installed!, size_bytes: 0, status: 'already_installed' }));
  if (!todo.length) {
    ctx.out.info(items.length ? 'The recommended models are installed.' : 'The catalogue recommends no models.');
    return ctx.out.data({ models: results, total_bytes: 0 }, () => undefined);
  }
  ctx.out.info(`  total     ${mb(total)} to download into ${dataDir}`);
  if (!opts.yes) {
    if (!ctx.interactive) throw new CliError(EXIT.USAGE, `models setup would download ${mb(total)}; nothing was downloaded`, 'Add --yes to download without a question (scripts).', 'CONFIRMATION_NEEDED');
    const { confirm } = await import('@inquirer/prompts');
    const ok = await confirm({ message: `Download ${todo.length} model${todo.length > 1 ? 's' : ''} (${mb(total)})?`, default: true }, { input: ctx.io.stdin, output: ctx.io.stderr });
    if (!ok) throw new CliError(EXIT.ERROR, 'stopped: nothing was downloaded', 'Add --yes to skip the question.', 'DECLINED');
  }
  const progress = downloadProgress(ctx);
  for (const i of todo) {
    try {
      const model = await installModel(i.model.name, dataDir, {
        env: ctx.env,
        onProgress: progress.onProgress,
        onUnverified: (f, sha) => ctx.out.info(`${f}: no published SHA-256 to check it against; its SHA-256 is ${sha}`),
      });
      progress.end();
      results.push({ kind: i.kind, name: model.name, size_bytes: model.size_bytes, status: 'installed', path: model.path });
      ctx.out.info(`installed ${model.name}: ${i.gains}`);
    } catch (e) {
      progress.end();
      if (!(e instanceof ModelError)) throw e;
      results.push({ kind: i.kind, name: i.model.name, size_bytes: 0, status: 'failed', error: e.message });
      ctx.out.info(`${i.model.name} was not installed: ${e.message} (run \`clipper models setup\` again to resume)`);
    }
  }
  const failed = results.filter((r) => r.status === 'failed');
  ctx.out.data({ models: results, total_bytes: total }, () => {
    for (const r of results.filter((x) => x.path)) ctx.out.line(r.path!);
  });
  if (failed.length) throw new CliError(EXIT.ERROR, `${failed.length} of ${todo.length} models could not be installed: ${failed.map((f) => f.name).join(', ')}`, 'Run `clipper models setup` again: finished files are kept and unfinished ones resume.', 'MODEL_ERROR');
}
