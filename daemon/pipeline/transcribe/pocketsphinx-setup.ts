import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { findOnPath } from '../which.js';

/** The recogniser and the acoustic model, language model and dictionary it runs with. */
export interface PocketsphinxSetup {
  binary: string;
  hmm: string;
  lm: string;
  dict: string;
}

/** Where Debian's pocketsphinx-en-us (and a source install) put the English model. */
export const MODEL_DIRS = ['/usr/share/pocketsphinx/model/en-us', '/usr/local/share/pocketsphinx/model/en-us'];

/**
 * Looks for `pocketsphinx_continuous` (CLIPPER_POCKETSPHINX_BIN or PATH) and its English model
 * (CLIPPER_POCKETSPHINX_MODEL or the package's folder). Says what is missing when it fails.
 */
export function findPocketsphinx(env: NodeJS.ProcessEnv = process.env): { setup?: PocketsphinxSetup; problem?: string } {
  const binary = findOnPath(env.CLIPPER_POCKETSPHINX_BIN || 'pocketsphinx_continuous', env);
  if (!binary) return { problem: 'pocketsphinx_continuous is not installed (apt-get install pocketsphinx pocketsphinx-en-us)' };
  const dirs = env.CLIPPER_POCKETSPHINX_MODEL ? [env.CLIPPER_POCKETSPHINX_MODEL] : MODEL_DIRS;
  for (const dir of dirs) {
    const setup = { binary, hmm: join(dir, 'en-us'), lm: join(dir, 'en-us.lm.bin'), dict: join(dir, 'cmudict-en-us.dict') };
    if (existsSync(join(setup.hmm, 'mdef')) && existsSync(setup.lm) && existsSync(setup.dict)) return { setup };
  }
  return { problem: `the English model was not found in ${dirs.join(' or ')} (apt-get install pocketsphinx-en-us)` };
}
