import { resolve } from 'node:path';
import { defaultDataDir, loadModelCatalogue } from '../local-daemon.js';
import type { CliContext } from '../context.js';
import { formatTime } from '../output.js';

/** `clipper models list`: the installed ggml models, newest (the one jobs use) first. */
export async function run(opts: { dataDir?: string }, ctx: CliContext): Promise<void> {
  const { listModels } = await loadModelCatalogue();
  const models = listModels(resolve(opts.dataDir ?? defaultDataDir(ctx.env)));
  ctx.out.data({ models }, () =>
    ctx.out.table(models, [
      { header: 'NAME', value: (m) => m.name },
      { header: 'SIZE (MB)', value: (m) => (m.size_bytes / 1024 / 1024).toFixed(1) },
      { header: 'INSTALLED', value: (m) => formatTime(m.modified_at) },
      { header: 'PATH', value: (m) => m.path },
    ]),
  );
}
