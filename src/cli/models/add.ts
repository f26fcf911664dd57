import { resolve } from 'node:path';
import { defaultDataDir, loadModelCatalogue } from '../local-daemon.js';
import type { CliContext } from '../context.js';
import { CliError, EXIT } from '../exit-codes.js';
import { downloadProgress } from './download-progress.js';
import { megabytes } from '../../util/megabytes.js';

export interface AddModelOptions {
  source: string;
  dataDir?: string;
  name?: string;
  force?: boolean;
}


/**
 * `clipper models add NAME|FILE|URL` (DESIGN.md "Second round"; issue 14, item 2): a model of
 * the catalogue (`models list --available`), a local model (a ggml file, or a sherpa-onnx model
 * folder or encoder file) or its URL, into `<dataDir>/models/`. Downloads show a progress bar
 * per file on a terminal, resume what an earlier run left, and are refused when their SHA-256
 * is not the published one. New jobs use the newest installed model.
 */
export async function run(opts: AddModelOptions, ctx: CliContext): Promise<void> {
  const dataDir = resolve(opts.dataDir ?? defaultDataDir(ctx.env));
  const progress = downloadProgress(ctx);
  const { installModel, ModelError } = await loadModelCatalogue();
  let model;
  try {
    model = await installModel(opts.source, dataDir, {
      name: opts.name,
      force: opts.force,
      env: ctx.env,
      onProgress: progress.onProgress,
      onUnverified: (f, sha) => ctx.out.info(`${f}: no published SHA-256 to check it against; its SHA-256 is ${sha}`),
    });
  } catch (e) {
    // A failure names the model it was installing (offline, the host alone said nothing of which).
    if (e instanceof ModelError) throw new CliError(EXIT.ERROR, e.message.includes(opts.source) ? e.message : `cannot install ${opts.source}: ${e.message}`, undefined, 'MODEL_ERROR');
    throw e;
  } finally {
    progress.end();
  }
  ctx.out.data(model, () => {
    ctx.out.line(model.path);
    if (model.kind === 'embedding') return ctx.out.info(`installed ${model.name} (${megabytes(model.size_bytes)} MB); new jobs with a request match it to passages by meaning (see \`clipper doctor\`)`);
    if (model.kind === 'gguf') return ctx.out.info(`installed ${model.name} (${megabytes(model.size_bytes)} MB); new jobs judge, rank and title their clips with it (llama.cpp, in its own process)`);
    const engine = model.kind === 'sherpa-onnx' ? 'sherpa-onnx' : 'whisper.cpp when its binary is on PATH';
    ctx.out.info(`installed ${model.name} (${megabytes(model.size_bytes)} MB); new jobs transcribe with ${engine} (see \`clipper doctor\`)`);
  });
}
