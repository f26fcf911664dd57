import { resolve } from 'node:path';
import { defaultDataDir, loadModelCatalogue } from '../local-daemon.js';
import type { CliContext } from '../context.js';
import { CliError, EXIT } from '../exit-codes.js';

export interface AddModelOptions {
  source: string;
  dataDir?: string;
  name?: string;
  force?: boolean;
}

const mb = (n: number) => (n / 1024 / 1024).toFixed(1);

/**
 * `clipper models add FILE|URL`: installs a whisper.cpp ggml model into `<dataDir>/models/`.
 * The daemon picks the newest installed model at the start of the next job.
 */
export async function run(opts: AddModelOptions, ctx: CliContext): Promise<void> {
  const dataDir = resolve(opts.dataDir ?? defaultDataDir(ctx.env));
  const showProgress = !!ctx.io.stderr.isTTY && !ctx.out.jsonMode;
  let shown = -1;
  const onProgress = (received: number, total: number | undefined) => {
    if (!showProgress) return;
    const pct = total ? Math.floor((received / total) * 100) : -1;
    if (total && pct === shown) return;
    shown = pct;
    ctx.io.stderr.write(`\r${total ? `${pct}% (${mb(received)} of ${mb(total)} MB)` : `${mb(received)} MB`}   `);
  };
  const { installModel, ModelError } = await loadModelCatalogue();
  let model;
  try {
    model = await installModel(opts.source, dataDir, { name: opts.name, force: opts.force, onProgress });
  } catch (e) {
    if (e instanceof ModelError) throw new CliError(EXIT.ERROR, e.message, undefined, 'MODEL_ERROR');
    throw e;
  } finally {
    if (showProgress && shown !== -1) ctx.io.stderr.write('\n');
  }
  ctx.out.data(model, () => {
    ctx.out.line(model.path);
    ctx.out.info(`installed ${model.name} (${mb(model.size_bytes)} MB); new jobs transcribe with whisper.cpp when its binary is on PATH (see \`clipper doctor\`)`);
  });
}
