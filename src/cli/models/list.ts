import { resolve } from 'node:path';
import { defaultDataDir, loadModelCatalogue } from '../local-daemon.js';
import type { CliContext } from '../context.js';
import { formatTime } from '../output.js';
import { CliError, EXIT } from '../exit-codes.js';
import { megabytes } from '../../util/megabytes.js';


/**
 * `clipper models list [--available]`: the installed models, newest (the one jobs use) first;
 * with --available, the catalogue `clipper models add NAME` installs from (issue 14, item 2:
 * name, languages, size, speed class, licence, download URL and SHA-256 of each file).
 */
export async function run(opts: { dataDir?: string; available?: boolean }, ctx: CliContext): Promise<void> {
  const { listModels, catalogue, catalogueSize, fileUrl, kindOf, ENGINE_OF_KIND, ModelError } = await loadModelCatalogue();
  if (opts.available) {
    let entries;
    try {
      entries = catalogue(ctx.env);
    } catch (e) {
      if (e instanceof ModelError) throw new CliError(EXIT.ERROR, e.message, undefined, 'MODEL_ERROR');
      throw e;
    }
    // One catalogue, every kind (issue 28): speech, sentence embeddings, language models (`speed`: their parameters).
    const models = entries.map((m) => ({
      name: m.name,
      kind: kindOf(m),
      engine: ENGINE_OF_KIND[kindOf(m)] ?? kindOf(m),
      languages: m.languages,
      size_bytes: catalogueSize(m),
      speed: m.speed,
      licence: m.licence,
      recommended: !!m.recommended,
      wer_librispeech_clean: m.wer ?? null,
      files: m.files.map((f) => ({ file: f.file, url: fileUrl(m, f, ctx.env), size_bytes: f.size_bytes, sha256: f.sha256 ?? null, sha256_from_hub: f.verified })),
    }));
    return ctx.out.data({ models }, () => {
      ctx.out.table(models, [
        { header: 'NAME', value: (m) => m.name },
        { header: 'KIND', value: (m) => m.kind },
        { header: 'LANGUAGES', value: (m) => (m.languages.length === 1 && m.languages[0] === 'en' ? 'English' : `${m.languages.length} languages`) },
        { header: 'SIZE (MB)', value: (m) => megabytes(m.size_bytes) },
        { header: 'SPEED', value: (m) => m.speed },
        { header: 'WER', value: (m) => m.wer_librispeech_clean ?? '-' },
        { header: 'LICENCE', value: (m) => m.licence },
      ]);
      for (const m of models) for (const f of m.files) ctx.out.line(`${m.name}\t${f.url}\t${f.sha256 ?? 'no published SHA-256'}`);
    });
  }
  const models = listModels(resolve(opts.dataDir ?? defaultDataDir(ctx.env)));
  ctx.out.data({ models }, () =>
    ctx.out.table(models, [
      { header: 'NAME', value: (m) => m.name },
      { header: 'ENGINE', value: (m) => ({ ggml: 'whisper.cpp', gguf: 'llama.cpp', embedding: 'onnxruntime (embeddings)', 'sherpa-onnx': 'sherpa-onnx', diarization: `sherpa-onnx (speakers: ${m.role ?? '?'})` })[m.kind] },
      { header: 'LANGUAGES', value: (m) => (m.languages ? (m.languages.length > 6 ? `${m.languages.length} languages` : m.languages.join(',')) : '-') },
      { header: 'SIZE (MB)', value: (m) => megabytes(m.size_bytes) },
      { header: 'INSTALLED', value: (m) => formatTime(m.modified_at) },
      { header: 'PATH', value: (m) => m.path },
    ]),
  );
}
