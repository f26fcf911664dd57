// `clipper doctor`: the `llm` setting of the local daemon and whether its endpoint answers
// (issue 20, item 5). An OpenAI-compatible server lists its models at GET {base_url}/models; the
// daemon falls back to the heuristics when it does not answer, so a problem here is a warning.
import { loadConfig, loadModelCatalogue } from '../local-daemon.js';
import type { CheckResult, DoctorCheck, DoctorEnv } from './checks.js';

/** Longest wait for the endpoint (ms), whatever llm.timeout_ms says. */
const PROBE_MS = 5_000;

/** A catalogue that cannot be read (a broken CLIPPER_MODEL_CATALOGUE; its own check says so) gives way to the built-in one. */
function readable<T>(read: () => T, otherwise: () => T): T {
  try {
    return read();
  } catch {
    return otherwise();
  }
}

export const languageModel: DoctorCheck = {
  id: 'llm',
  title: 'language model',
  async run({ ctx, dataDir, local }: DoctorEnv): Promise<CheckResult> {
    if (!local) return { status: 'skip', detail: 'the CLI points at a hosted deployment, which has its own settings' };
    let llm;
    try {
      llm = (await loadConfig({ dataDir }, ctx.env)).llm;
    } catch (e) {
      return { status: 'fail', detail: (e as Error).message, fix: 'Fix DATA_DIR/config.json (README, "Daemon settings", lists every key).' };
    }
    // Issue 28: an installed GGUF model is used with no setting (llm.engine "embedded" or absent).
    if (llm.engine === 'embedded' || !llm.base_url) {
      const { listModels, installedKind, catalogue, recommendedOf } = await loadModelCatalogue();
      const installed = listModels(dataDir).filter((m) => installedKind(m) === 'llm');
      const named = llm.engine === 'embedded' && llm.model ? installed.find((m) => m.name === llm.model || m.path === llm.model) : installed[0];
      if (named) return { status: 'ok', detail: `embedded: ${named.name} judges, ranks and titles clips (llama.cpp in its own process)` };
      if (llm.engine === 'embedded') return { status: 'warn', detail: `llm.engine is "embedded", but ${llm.model ? `${llm.model} is not installed` : 'no language model is installed'}; jobs fall back to the heuristics`, fix: `clipper models add ${llm.model ?? recommendedOf(readable(() => catalogue(ctx.env), () => catalogue({})), 'llm')?.name ?? 'NAME'}` };
      return { status: 'ok', detail: 'not set (llm.base_url): clips are chosen and copy written by the heuristics' };
    }
    const key = llm.api_key_env ? ctx.env[llm.api_key_env] : undefined;
    const url = `${llm.base_url.replace(/\/+$/, '')}/models`;
    const setting = `${llm.model} at ${llm.base_url}`;
    try {
      const res = await fetch(url, { headers: key ? { authorization: `Bearer ${key}` } : {}, signal: AbortSignal.timeout(Math.min(PROBE_MS, llm.timeout_ms)) });
      if (!res.ok) return { status: 'warn', detail: `${setting}: GET ${url} answered ${res.status}`, fix: 'Check llm.base_url (an OpenAI-compatible endpoint ends in /v1) and the API key (llm.api_key_env).' };
      const models = ((await res.json().catch(() => ({}))) as { data?: { id?: string }[] }).data?.map((m) => m.id) ?? [];
      if (models.length && !models.includes(llm.model)) {
        return { status: 'warn', detail: `${setting} answers, but does not list the model (it has: ${models.slice(0, 5).join(', ')})`, fix: 'Set llm.model to one of its models, or pull the model on the server (for Ollama: ollama pull NAME).' };
      }
      return { status: 'ok', detail: `${setting} answers${models.length ? ' and lists the model' : ''}` };
    } catch (e) {
      const why = (e as Error).name === 'TimeoutError' ? `no answer within ${Math.min(PROBE_MS, llm.timeout_ms) / 1000} s` : ((e as { cause?: { code?: string } }).cause?.code ?? (e as Error).message);
      return { status: 'warn', detail: `${setting} does not answer (${why}); jobs fall back to the heuristics`, fix: 'Start the model server (for example `ollama serve`), or unset llm.base_url.' };
    }
  },
};
