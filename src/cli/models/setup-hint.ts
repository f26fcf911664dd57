import { loadModelCatalogue } from '../local-daemon.js';

/**
 * The one line (issue 28, item 5) that `clipper doctor`, `clips create` on a local daemon and
 * `npm run demo` show while a recommended model is missing from `dataDir`: what the user gains
 * and the command. Undefined when the set is installed or the catalogue cannot be read.
 */
export async function modelsSetupHint(dataDir: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const { catalogue, listModels, recommendedSet, setupHint } = await loadModelCatalogue();
  try {
    return setupHint(recommendedSet(catalogue(env), listModels(dataDir)));
  } catch {
    return undefined;
  }
}
